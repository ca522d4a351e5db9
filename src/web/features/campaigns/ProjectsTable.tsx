// The organisation's projects with their campaign counts: rename one (ROLE_CV), or delete one with its
// campaigns (ROLE_ADMIN) after a confirmation naming them; the market's search results are never deleted.
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { CampaignSummary, project } from '@contracts/workspace';
import { useDeleteProject, useRenameProject } from '../../api/use-campaign-setup';
import { useFormat } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { DataTable } from '../../components/DataTable';
import { ConfirmModal } from '../../components/ConfirmModal';
import { RenameModal } from '../setup/RenameModal';
import { RowActions, ROW_ACTIONS_WIDTH } from '../setup/RowActions';

type Project = z.infer<typeof project>;
interface ProjectRow extends Project {
  campaigns: CampaignSummary[];
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
  const rename = useRenameProject();
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
        <RowActions
          actions={[
            ...(canEdit
              ? [
                  {
                    label: 'Rename',
                    name: `Rename project ${row.original.name}`,
                    onClick: () => {
                      rename.reset();
                      setRenaming(row.original);
                    },
                  },
                ]
              : []),
            ...(canDelete
              ? [
                  {
                    label: 'Delete',
                    name: `Delete project ${row.original.name}`,
                    onClick: () => {
                      remove.reset();
                      setDeleting(row.original);
                    },
                    danger: true,
                  },
                ]
              : []),
          ]}
        />
      ),
      meta: { width: ROW_ACTIONS_WIDTH },
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
      {renaming !== null && (
        <RenameModal
          title={`Rename project “${renaming.name}”`}
          current={renaming.name}
          busy={rename.isPending}
          error={rename.error}
          onRename={(name) =>
            rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) })
          }
          onClose={() => setRenaming(null)}
        />
      )}
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
