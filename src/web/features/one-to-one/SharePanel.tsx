// Read-only share links (ROLE_MS_ALL): make one for the comparison on screen with a chosen life (1–90 days),
// copy its address, and see and revoke the organisation's links. Someone opening a link sees that one
// comparison and nothing else, until it expires or is revoked.
import { useState } from 'react';
import {
  Accordion,
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { SHARE_DAY_CHOICES } from '@contracts/one-to-one';
import { describeError } from '../../api/client';
import {
  useCreateShareLink,
  useRevokeShareLink,
  useShareLinks,
  type OneToOneSelection,
} from '../../api/use-one-to-one';
import { useFormat } from '../../app/route-context';
import { CheckIcon, CopyIcon } from '../../components/icons';
import { LifeStatusBadge } from '../../components/LifeStatusBadge';
import { ErrorView, TableSkeleton } from '../../components/StateViews';

/** A link's address: as the server built it on PUBLIC_URL, else its path on the address the browser is on. */
const absolute = (url: string) => (/^https?:\/\//u.test(url) ? url : `${window.location.origin}${url}`);

function CopyField({ value, label }: { value: string; label: string }) {
  return (
    <TextInput
      readOnly
      value={value}
      aria-label={label}
      size="xs"
      w={420}
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

function LinkList() {
  const f = useFormat();
  const links = useShareLinks();
  const revoke = useRevokeShareLink();
  if (links.isPending) return <TableSkeleton columns={5} rows={2} />;
  if (links.isError)
    return (
      <ErrorView
        title="The share links could not be loaded"
        error={links.error}
        onRetry={() => void links.refetch()}
      />
    );
  if (links.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Your organisation has no share links yet.
      </Text>
    );
  }
  return (
    <Table aria-label="Share links of your organisation" fz="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Comparison</Table.Th>
          <Table.Th>Made by</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {links.data.items.map((l) => (
          <Table.Tr key={l.id} data-testid={`share-link-${l.id}`}>
            <Table.Td>
              {l.hosts[0]} vs {l.hosts[1]} · {l.market}
            </Table.Td>
            <Table.Td>
              {l.createdBy}, {f.date(l.createdAt)}
            </Table.Td>
            <Table.Td>{f.dateTime(l.expiresAt)}</Table.Td>
            <Table.Td>
              <LifeStatusBadge status={l.status} />
            </Table.Td>
            <Table.Td>
              {l.status === 'active' ? (
                <CopyField value={absolute(l.url)} label={`Address of share link ${l.id}`} />
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>
              {l.status === 'active' && (
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  loading={revoke.isPending && revoke.variables === l.id}
                  onClick={() => revoke.mutate(l.id)}
                  aria-label={`Revoke the share link of ${l.hosts[0]} vs ${l.hosts[1]}`}
                >
                  Revoke
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SharePanel({ selection }: { selection: OneToOneSelection }) {
  const [days, setDays] = useState<string>('7');
  const create = useCreateShareLink();
  return (
    <Accordion variant="contained">
      <Accordion.Item value="share">
        <Accordion.Control>Share read-only</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A share link shows this comparison ({selection.hosts[0]} vs {selection.hosts[1]} in{' '}
              {selection.market}) and its two exports to anyone who has it, without an account, and nothing
              else. The viewer may pick the period. Revoke it here at any time.
            </Text>
            <Group align="flex-end" gap="xs">
              <Select
                label="Expires after"
                data={SHARE_DAY_CHOICES.map((d) => ({
                  value: String(d),
                  label: d === 1 ? '1 day' : `${d} days`,
                }))}
                value={days}
                onChange={(v) => setDays(v ?? '7')}
                allowDeselect={false}
                w={140}
              />
              <Button
                loading={create.isPending}
                onClick={() =>
                  create.mutate({ hosts: selection.hosts, market: selection.market, days: Number(days) })
                }
              >
                Create share link
              </Button>
              {create.data && <CopyField value={absolute(create.data.url)} label="New share link address" />}
            </Group>
            {create.isError && (
              <Text size="sm" c="red" role="alert">
                {describeError(create.error)}
              </Text>
            )}
            <LinkList />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
