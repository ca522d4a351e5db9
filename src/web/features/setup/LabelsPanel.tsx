// A campaign's keyword tags or keyword groups with their keyword counts: rename one on every keyword that
// carries it (a name already in use is refused beside the field), or remove it from every keyword after a
// confirmation (the keywords stay).
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { CampaignDetail } from '@contracts/workspace';
import { useDeleteLabel, useRenameLabel } from '../../api/use-campaign-setup';
import type { LabelKind } from '../../api/use-campaign-setup';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EmptyView } from '../../components/StateViews';
import { ConfirmModal } from '../../components/ConfirmModal';
import { RenameModal } from './RenameModal';
import { RowActions, ROW_ACTIONS_WIDTH } from './RowActions';

interface LabelCount {
  name: string;
  keywords: number;
}

const TEXT: Record<LabelKind, { title: string; noun: string; glossary: 'keywordTags' | 'keywordGroups' }> = {
  tag: { title: 'Keyword tags', noun: 'tag', glossary: 'keywordTags' },
  'keyword-group': { title: 'Keyword groups', noun: 'keyword group', glossary: 'keywordGroups' },
};

export function LabelsPanel({
  campaign,
  kind,
  readOnly = false,
}: {
  campaign: CampaignDetail;
  kind: LabelKind;
  /** For readers without ROLE_CV: the table only. */
  readOnly?: boolean;
}) {
  const format = useFormat();
  const remove = useDeleteLabel(campaign.id, kind);
  const rename = useRenameLabel(campaign.id, kind);
  const [renaming, setRenaming] = useState<LabelCount | null>(null);
  const [deleting, setDeleting] = useState<LabelCount | null>(null);
  const { title, noun, glossary } = TEXT[kind];
  const data: LabelCount[] =
    kind === 'tag'
      ? campaign.tags.map((t) => ({ name: t.tag, keywords: t.keywords }))
      : campaign.groups.map((g) => ({ name: g.group, keywords: g.keywords }));
  const columns: ColumnDef<LabelCount>[] = [
    { id: 'name', header: kind === 'tag' ? 'Tag' : 'Keyword group', accessorFn: (l) => l.name },
    {
      id: 'keywords',
      header: 'Keywords',
      accessorFn: (l) => l.keywords,
      cell: ({ row }) => format.integer(row.original.keywords),
      meta: { numeric: true },
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          actions={[
            {
              label: 'Rename',
              name: `Rename ${noun} ${row.original.name}`,
              onClick: () => {
                rename.reset();
                setRenaming(row.original);
              },
            },
            {
              label: 'Delete',
              name: `Delete ${noun} ${row.original.name}`,
              onClick: () => {
                remove.reset();
                setDeleting(row.original);
              },
              danger: true,
            },
          ]}
        />
      ),
      meta: { width: ROW_ACTIONS_WIDTH },
    },
  ];
  return (
    <>
      <DataTable
        title={title}
        data={data}
        columns={readOnly ? columns.filter((c) => c.id !== 'actions') : columns}
        glossary={glossary}
        getRowId={(l) => l.name}
        initialSorting={[{ id: 'keywords', desc: true }]}
        filterPlaceholder={data.length > 10 ? `Filter ${noun}s` : undefined}
        empty={
          <EmptyView title={kind === 'tag' ? 'No tags' : 'No keyword groups'}>
            {kind === 'tag'
              ? 'None of this campaign’s keywords carries a tag. Give tags in the third column when you paste keywords (comma-separated), or in an imported keyword list.'
              : 'None of this campaign’s keywords is in a group. Choose a group when you paste keywords, or give it in the fourth column.'}
          </EmptyView>
        }
      />
      {renaming !== null && (
        <RenameModal
          title={`Rename ${noun} “${renaming.name}”`}
          description={`On all ${format.integer(renaming.keywords)} keywords that carry it`}
          current={renaming.name}
          busy={rename.isPending}
          error={rename.error}
          onRename={(to) =>
            rename.mutate({ from: renaming.name, to }, { onSuccess: () => setRenaming(null) })
          }
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${noun} “${deleting?.name ?? ''}”?`}
        confirmLabel={`Delete ${noun}`}
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.name, { onSuccess: () => setDeleting(null) })}
      >
        The {noun} is removed from its {format.integer(deleting?.keywords ?? 0)} keywords; the keywords stay
        in the campaign.
      </ConfirmModal>
    </>
  );
}
