// Invitations of the organisation: who was invited with which roles, when the link expires, and whether it
// was accepted.
import { useMemo } from 'react';
import { Badge, Group } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { invitation } from '@contracts/admin';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EmptyView } from '../../components/StateViews';
import { ROLE_SHORT_LABELS } from './role-labels';

type Invitation = z.infer<typeof invitation>;
export type InvitationStatus = 'accepted' | 'expired' | 'pending';

export function invitationStatus(inv: Invitation, now: Date): InvitationStatus {
  if (inv.acceptedAt) return 'accepted';
  return new Date(inv.expiresAt).getTime() <= now.getTime() ? 'expired' : 'pending';
}

const STATUS_COLORS: Record<InvitationStatus, string> = {
  accepted: 'teal',
  expired: 'gray',
  pending: 'yellow',
};

export function InvitationsTable({ invitations }: { invitations: Invitation[] }) {
  const format = useFormat();
  const columns = useMemo<ColumnDef<Invitation>[]>(() => {
    const now = new Date();
    return [
      { id: 'email', header: 'Email', accessorFn: (i) => i.email },
      {
        id: 'roles',
        header: 'Roles',
        accessorFn: (i) => i.roles.join(' '),
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap={4}>
            {row.original.roles.length === 0
              ? '–'
              : row.original.roles.map((r) => (
                  <Badge key={r} size="xs" variant="outline" color="gray" tt="none" fw={500}>
                    {ROLE_SHORT_LABELS[r]}
                  </Badge>
                ))}
          </Group>
        ),
      },
      {
        id: 'createdAt',
        header: 'Created',
        accessorFn: (i) => i.createdAt,
        cell: ({ row }) => format.dateTime(row.original.createdAt),
        meta: { numeric: true },
      },
      {
        id: 'expiresAt',
        header: 'Expires',
        accessorFn: (i) => i.expiresAt,
        cell: ({ row }) => format.dateTime(row.original.expiresAt),
        meta: { numeric: true },
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (i) => invitationStatus(i, now),
        cell: ({ row }) => {
          const status = invitationStatus(row.original, now);
          return (
            <Badge
              size="sm"
              variant="light"
              color={STATUS_COLORS[status]}
              style={{ flexShrink: 0, overflow: 'visible' }}
            >
              {status === 'accepted'
                ? `Accepted ${format.date(row.original.acceptedAt)}`
                : status === 'expired'
                  ? 'Expired'
                  : 'Pending'}
            </Badge>
          );
        },
      },
    ];
  }, [format]);
  return (
    <DataTable
      title="Invitations"
      data={invitations}
      columns={columns}
      glossary="invitations"
      getRowId={(i) => `${i.email}-${i.createdAt}`}
      initialSorting={[{ id: 'createdAt', desc: true }]}
      empty={
        <EmptyView title="No invitations">
          Use Invite user to add someone; the invitation appears here until it is accepted or expires.
        </EmptyView>
      }
    />
  );
}
