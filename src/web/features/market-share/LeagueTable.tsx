// The overview table: each host shown with its whole-market rank, visibility score and share at the last
// snapshot date, the share change in percentage points and the rank change since the first. Sortable with
// the keyboard (DataTable's header buttons).
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Text } from '@mantine/core';
import type { MarketShareHost } from '@contracts/market-share';
import { useFormat, type Formatters } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { PlacesMoved } from '../../components/PlacesMoved';
import { HostLabel } from './HostLabel';

/** A share change in percentage points to two decimals; changes that round to 0.00 are shown as 0. */
function pointsChange(delta: number, f: Formatters): { text: string; colour: string | undefined } {
  const rounded = Math.round(delta * 100) / 100;
  if (rounded === 0) return { text: '0.00', colour: undefined };
  const text = f.number(rounded, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return rounded > 0 ? { text: `+${text}`, colour: 'teal' } : { text, colour: 'red' };
}

function columns(f: Formatters): ColumnDef<MarketShareHost>[] {
  return [
    {
      id: 'host',
      header: 'Host',
      accessorFn: (h) => h.host,
      cell: ({ row }) => <HostLabel h={row.original} />,
    },
    {
      id: 'rank',
      header: 'Rank',
      accessorFn: (h) => h.rank ?? Number.MAX_SAFE_INTEGER,
      cell: ({ row }) => (row.original.rank === null ? '–' : f.integer(row.original.rank)),
      meta: { numeric: true },
    },
    {
      id: 'visibilityScore',
      header: 'Visibility score',
      accessorFn: (h) => h.visibilityScore,
      cell: ({ row }) => f.number(row.original.visibilityScore, { maximumFractionDigits: 1 }),
      meta: { numeric: true },
    },
    {
      id: 'share',
      header: 'Share',
      accessorFn: (h) => h.share,
      cell: ({ row }) => f.percent(row.original.share, 2),
      meta: { numeric: true },
    },
    {
      id: 'shareDelta',
      header: 'Share change (points)',
      accessorFn: (h) => h.shareDeltas.delta,
      cell: ({ row }) => {
        const c = pointsChange(row.original.shareDeltas.delta, f);
        return (
          <Text span size="sm" c={c.colour}>
            {c.text}
          </Text>
        );
      },
      meta: { numeric: true },
    },
    {
      id: 'rankChange',
      header: 'Rank change',
      accessorFn: (h) => h.rankChange ?? Number.NEGATIVE_INFINITY,
      cell: ({ row }) => <PlacesMoved up={row.original.rankChange} format={f} />,
      meta: { numeric: true },
    },
  ];
}

export function LeagueTable({ hosts }: { hosts: MarketShareHost[] }) {
  const f = useFormat();
  const cols = useMemo(() => columns(f), [f]);
  return (
    <DataTable
      title="Hosts by share of visibility"
      data={hosts}
      columns={cols}
      getRowId={(h) => h.host}
      initialSorting={[{ id: 'share', desc: true }]}
    />
  );
}
