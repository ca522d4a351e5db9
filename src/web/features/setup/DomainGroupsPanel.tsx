// A campaign's domain groups, editable: create one from the tracked domains, rename it or change its members
// (both in the ADD_GROUP_MODAL dialog), and delete it after a confirmation (its members stay tracked).
import { useState } from 'react';
import { Badge, Button, ColorSwatch, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { CampaignDetail } from '@contracts/workspace';
import {
  useCreateDomainGroup,
  useDeleteDomainGroup,
  useUpdateDomainGroup,
} from '../../api/use-campaign-setup';
import { PlusIcon } from '../../components/icons';
import { DataTable } from '../../components/DataTable';
import { EmptyView } from '../../components/StateViews';
import { MIN_GROUP_MEMBERS } from '../../modals/AddGroupModal';
import { useModalStore } from '../../modals/modal-store';
import type { DomainOption } from '../../modals/modal-store';
import { ConfirmModal } from '../../components/ConfirmModal';
import { RowActions, ROW_ACTIONS_WIDTH } from './RowActions';

type DomainGroup = CampaignDetail['domainGroups'][number];

function groupColumns(
  onEdit: (g: DomainGroup) => void,
  onDelete: (g: DomainGroup) => void,
): ColumnDef<DomainGroup>[] {
  return [
    {
      id: 'label',
      header: 'Group',
      accessorFn: (g) => g.label,
      cell: ({ row }) => (
        <Group gap={8} wrap="nowrap">
          <ColorSwatch color={row.original.color} size={14} radius={3} withShadow={false} />
          <Text size="sm" fw={500}>
            {row.original.label}
          </Text>
        </Group>
      ),
    },
    {
      id: 'members',
      header: 'Members',
      accessorFn: (g) => g.members.join(' '),
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap={4}>
          {row.original.members.map((m) => (
            <Badge key={m} size="sm" variant="outline" color="gray" tt="none" fw={400}>
              {m}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit group ${row.original.label}`, onClick: () => onEdit(row.original) },
            {
              label: 'Delete',
              name: `Delete group ${row.original.label}`,
              onClick: () => onDelete(row.original),
              danger: true,
            },
          ]}
        />
      ),
      meta: { width: ROW_ACTIONS_WIDTH },
    },
  ];
}

export function DomainGroupsPanel({
  campaign,
  readOnly = false,
}: {
  campaign: CampaignDetail;
  /** For readers without ROLE_CV: the table only. */
  readOnly?: boolean;
}) {
  const create = useCreateDomainGroup(campaign.id);
  const update = useUpdateDomainGroup(campaign.id);
  const remove = useDeleteDomainGroup(campaign.id);
  const openModal = useModalStore((s) => s.open);
  const [deleting, setDeleting] = useState<DomainGroup | null>(null);

  const options = (extra: readonly string[]): DomainOption[] => {
    const tracked = campaign.domains.map((d) => ({ value: d.value, label: d.label, color: d.color }));
    const missing = extra.filter((v) => !tracked.some((d) => d.value === v));
    return [...tracked, ...missing.map((v) => ({ value: v, label: v }))];
  };
  const labelsBut = (except: string | null) =>
    campaign.domainGroups.map((g) => g.label).filter((l) => l !== except);
  const openAdd = () =>
    openModal('ADD_GROUP_MODAL', {
      domains: options([]),
      existingLabels: labelsBut(null),
      onSubmit: async (group) => {
        await create.mutateAsync(group);
      },
    });
  const openEdit = (g: DomainGroup) =>
    openModal('ADD_GROUP_MODAL', {
      domains: options(g.members),
      existingLabels: labelsBut(g.label),
      initial: { label: g.label, members: g.members },
      onSubmit: async (group) => {
        await update.mutateAsync({ id: g.id, ...group });
      },
    });
  const enough = campaign.domains.length >= MIN_GROUP_MEMBERS;

  return (
    <>
      <DataTable
        title="Domain groups"
        data={campaign.domainGroups}
        columns={groupColumns(openEdit, (g) => {
          remove.reset();
          setDeleting(g);
        }).filter((c) => !readOnly || c.id !== 'actions')}
        glossary="domainGroups"
        getRowId={(g) => String(g.id)}
        toolbar={
          !readOnly && (
            <Button
              size="xs"
              variant="light"
              leftSection={<PlusIcon size={14} />}
              onClick={openAdd}
              disabled={!enough}
              title={enough ? undefined : `Track at least ${MIN_GROUP_MEMBERS} domains to group them`}
            >
              Add group
            </Button>
          )
        }
        empty={
          <EmptyView title="No domain groups">
            {enough
              ? 'Groups measure several tracked domains as one, such as all retail competitors: a result matching several members counts once.'
              : `Groups measure several tracked domains as one; track at least ${MIN_GROUP_MEMBERS} domains to make one.`}
          </EmptyView>
        }
      />
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete domain group “${deleting?.label ?? ''}”?`}
        confirmLabel="Delete group"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        The group leaves this campaign’s charts and filters. Its members ({deleting?.members.join(', ')}) stay
        tracked.
      </ConfirmModal>
    </>
  );
}
