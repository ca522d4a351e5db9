// The list of read-only share links under a share dialog — the one-to-one comparison's and a dashboard's:
// what each opens (when the list mixes several), who made it and when, its expiry, its status, its address to
// copy while active, and Revoke — with loading, error and empty states.
import type { ReactNode } from 'react';
import { Button, Table, Text } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useFormat } from '../app/route-context';
import { LifeStatusBadge, type LifeStatus } from './LifeStatusBadge';
import { absoluteLink, ShareAddressField } from './ShareAddressField';
import { ErrorView, TableSkeleton } from './StateViews';

interface ListedLink {
  id: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  status: LifeStatus;
  url: string;
}

export function ShareLinksTable<L extends ListedLink>({
  links,
  revoke,
  canRevoke,
  label,
  empty,
  opens,
  revokeLabel,
  testId,
}: {
  links: UseQueryResult<{ items: L[] }>;
  revoke: Pick<UseMutationResult<unknown, Error, number>, 'isPending' | 'variables' | 'mutate'>;
  canRevoke: boolean;
  /** The table's accessible name. */
  label: string;
  /** Said when there is no link. */
  empty: string;
  /** A first column saying what each link opens. */
  opens?: { header: string; cell: (l: L) => ReactNode };
  revokeLabel: (l: L) => string;
  testId: (l: L) => string;
}) {
  const f = useFormat();
  if (links.isPending) return <TableSkeleton columns={opens ? 5 : 4} rows={2} />;
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
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={label} fz="sm" striped>
        <Table.Thead>
          <Table.Tr>
            {opens && <Table.Th>{opens.header}</Table.Th>}
            <Table.Th>Made by</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.data.items.map((l) => (
            <Table.Tr key={l.id} data-testid={testId(l)}>
              {opens && <Table.Td>{opens.cell(l)}</Table.Td>}
              <Table.Td>
                {l.createdBy}, {f.date(l.createdAt)}
              </Table.Td>
              <Table.Td>{f.dateTime(l.expiresAt)}</Table.Td>
              <Table.Td>
                {/* A badge's text may shrink to an ellipsis; its column keeps room for the whole word. */}
                <div style={{ minWidth: 84 }}>
                  <LifeStatusBadge status={l.status} />
                </div>
              </Table.Td>
              <Table.Td>
                {l.status === 'active' ? (
                  <ShareAddressField
                    value={absoluteLink(l.url)}
                    label={`Address of share link ${l.id}`}
                    w={opens ? 420 : 260}
                  />
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {l.status === 'active' && canRevoke && (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    loading={revoke.isPending && revoke.variables === l.id}
                    onClick={() => revoke.mutate(l.id)}
                    aria-label={revokeLabel(l)}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
