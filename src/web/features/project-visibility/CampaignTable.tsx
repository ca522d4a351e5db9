// The project's scopes side by side for one domain: the total (each keyword once) and every campaign, with
// keywords, visibility score, visibility and share at the end of the range and their change over it. Sortable
// with the keyboard (DataTable's header buttons).
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Text } from '@mantine/core';
import type { PvScope } from '@contracts/project-visibility';
import type { Formatters } from '../../app/route-context';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { deltaColour, formatDelta } from '../campaign-visibility/tables/ranking-shared';

interface Row {
  scope: PvScope;
  figures: PvScope['domains'][number];
}

function columns(f: Formatters): ColumnDef<Row>[] {
  const change = (
    id: string,
    header: string,
    pick: (r: Row) => PvScope['domains'][number]['shareDeltas'],
  ): ColumnDef<Row> => ({
    id,
    header,
    accessorFn: (r) => pick(r).delta,
    cell: ({ row }) => (
      <Text span size="sm" c={deltaColour(pick(row.original))}>
        {formatDelta(pick(row.original), 'delta', f)}
      </Text>
    ),
    meta: { numeric: true },
  });
  return [
    {
      id: 'scope',
      header: 'Campaign',
      accessorFn: (r) => r.scope.name,
      cell: ({ row }) => (
        <Text span size="sm" fw={row.original.scope.campaignId === null ? 600 : undefined}>
          {row.original.scope.name}
        </Text>
      ),
    },
    { id: 'market', header: 'Market', accessorFn: (r) => r.scope.market ?? '' },
    {
      id: 'keywords',
      header: 'Keywords',
      accessorFn: (r) => r.scope.keywords,
      cell: ({ row }) => f.integer(row.original.scope.keywords),
      meta: { numeric: true },
    },
    {
      id: 'visibilityScore',
      header: 'Visibility score',
      accessorFn: (r) => r.figures.visibilityScore,
      cell: ({ row }) => f.number(row.original.figures.visibilityScore, { maximumFractionDigits: 1 }),
      meta: { numeric: true },
    },
    change('visibilityScoreDelta', 'Score change', (r) => r.figures.visibilityScoreDeltas),
    {
      id: 'visibility',
      header: 'Visibility',
      accessorFn: (r) => r.figures.visibility,
      cell: ({ row }) => f.percent(row.original.figures.visibility, 2),
      meta: { numeric: true },
    },
    change('visibilityDelta', 'Visibility change', (r) => r.figures.visibilityDeltas),
    {
      id: 'share',
      header: 'Share',
      accessorFn: (r) => r.figures.share,
      cell: ({ row }) => f.percent(row.original.figures.share, 1),
      meta: { numeric: true },
    },
    change('shareDelta', 'Share change', (r) => r.figures.shareDeltas),
  ];
}

export function CampaignTable({
  total,
  campaigns,
  index,
  domainLabel,
}: {
  total: PvScope;
  campaigns: PvScope[];
  index: number;
  domainLabel: string;
}) {
  const f = useFormat();
  const cols = useMemo(() => columns(f), [f]);
  const rows = useMemo(
    () => [total, ...campaigns].map((scope) => ({ scope, figures: scope.domains[index]! })),
    [total, campaigns, index],
  );
  return (
    <DataTable
      title={`Campaigns of the project for ${domainLabel}`}
      data={rows}
      columns={cols}
      getRowId={(r) => r.scope.key}
    />
  );
}
