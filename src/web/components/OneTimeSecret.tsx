// A secret the server shows only once (an invitation link, an API token): the value in full on one line, and
// a copy button that takes the focus, since copying it is the one thing left to do.
import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from './icons';

export function OneTimeSecret({
  value,
  copyLabel,
  testId,
}: {
  value: string;
  /** The copy button's accessible name, e.g. "Copy invitation link". */
  copyLabel: string;
  testId: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code block style={{ flex: 1, overflowX: 'auto', whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : copyLabel}>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copyLabel}
              size="lg"
              data-autofocus
            >
              {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
