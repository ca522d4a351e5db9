// The organisation's projects with their campaign counts: rename one (ROLE_CV), or delete one with its
// campaigns (ROLE_ADMIN) after a confirmation naming them; the market's search results are never deleted.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { CampaignSummary, project } from '@contracts/workspace';
import { useDeleteProject, useRenameProject } from '../../api/use-campaign-setup';
import { useFormat } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { DataTable } from '../../components/DataTable';
import { ConfirmModal } from '../setup/ConfirmModal';
import { fieldError } from '../setup/setup-errors';

type Project = z.infer<typeof project>;
interface ProjectRow extends Project {
  campaigns: CampaignSummary[];
}

function RenameProjectModal({ project: p, onClose }: { project: ProjectRow; onClose: () => void }) {
  const rename = useRenameProject();
  const [name, setName] = useState(p.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === p.name) return onClose();
    rename.mutate({ id: p.id, name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={`Rename project “${p.name}”`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="New name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              rename.reset();
            }}
            error={fieldError(rename.error)}
            maxLength={120}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={name.trim() === ''}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ProjectsTable({
  projects,
  campaigns,
}: {
  projects: Project[];
  campaigns: CampaignSummary[];
}) {
  const format = useFormat();
  const { user } = useSession();
  const remove = useDeleteProject();
  const [renaming, setRenaming] = useState<ProjectRow | null>(null);
  const [deleting, setDeleting] = useState<ProjectRow | null>(null);
  const canEdit = user.roles.includes('ROLE_CV');
  const canDelete = user.roles.includes('ROLE_ADMIN');
  const rows: ProjectRow[] = projects.map((p) => ({
    ...p,
    campaigns: campaigns.filter((c) => c.projectId === p.id),
  }));
  const columns: ColumnDef<ProjectRow>[] = [
    { id: 'name', header: 'Project', accessorFn: (p) => p.name },
    {
      id: 'campaigns',
      header: 'Campaigns',
      accessorFn: (p) => p.campaigns.length,
      cell: ({ row }) => format.integer(row.original.campaigns.length),
      meta: { numeric: true },
    },
    {
      id: 'createdAt',
      header: 'Created',
      accessorFn: (p) => p.createdAt,
      cell: ({ row }) => format.date(row.original.createdAt),
      meta: { numeric: true },
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setRenaming(row.original)}
              aria-label={`Rename project ${row.original.name}`}
            >
              Rename
            </Button>
          )}
          {canDelete && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => {
                remove.reset();
                setDeleting(row.original);
              }}
              aria-label={`Delete project ${row.original.name}`}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
      meta: { width: 140 },
    });
  }
  const doomed = deleting?.campaigns ?? [];
  return (
    <>
      <DataTable
        title="Projects"
        data={rows}
        columns={columns}
        getRowId={(p) => String(p.id)}
        initialSorting={[{ id: 'name', desc: false }]}
      />
      {renaming !== null && <RenameProjectModal project={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete project “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete project"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {doomed.length === 0
          ? 'The project has no campaign.'
          : `Its ${format.integer(doomed.length)} campaigns (${doomed.map((c) => c.name).join(', ')}) are deleted with it: their keyword lists, tracked domains, groups and rank-check schedules.`}{' '}
        The search results stored per market stay. This cannot be undone.
      </ConfirmModal>
    </>
  );
}
