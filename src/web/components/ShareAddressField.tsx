// A share link's address, read-only and selected on focus, with a copy button: the one-to-one comparison's
// and the dashboards' share links show their addresses with it.
import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from './icons';

/** A link's address: as the server built it on PUBLIC_URL, else its path on the address the browser is on. */
export const absoluteLink = (url: string) =>
  /^https?:\/\//u.test(url) ? url : `${window.location.origin}${url}`;

export function ShareAddressField({
  value,
  label,
  w = 420,
}: {
  value: string;
  label: string;
  w?: number | string;
}) {
  return (
    <TextInput
      readOnly
      value={value}
      aria-label={label}
      size="xs"
      w={w}
      maw="100%"
      onFocus={(e) => e.currentTarget.select()}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the share link">
                {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
