// Table columns shared by the Search Console screens: clicks, impressions, CTR and average position of a
// row, with the change from the previous period when one was compared.
import type { ColumnDef } from '@tanstack/react-table';
import type { GscMetricsView } from '@contracts/search-console';
import type { Formatters } from '../../app/route-context';

export function metricColumns<T extends GscMetricsView>(
  f: Formatters,
  previous?: (row: T) => GscMetricsView | null,
): ColumnDef<T>[] {
  const cols: ColumnDef<T>[] = [
    {
      id: 'clicks',
      header: 'Clicks',
      accessorFn: (r) => r.clicks,
      cell: (c) => f.integer(c.getValue<number>()),
      meta: { numeric: true },
    },
    {
      id: 'impressions',
      header: 'Impressions',
      accessorFn: (r) => r.impressions,
      cell: (c) => f.integer(c.getValue<number>()),
      meta: { numeric: true },
    },
    {
      id: 'ctr',
      header: 'CTR',
      accessorFn: (r) => r.ctr,
      cell: (c) => f.percent(c.getValue<number | null>() === null ? null : c.getValue<number>() * 100, 2),
      meta: { numeric: true },
    },
    {
      id: 'position',
      header: 'Position',
      accessorFn: (r) => r.position,
      cell: (c) =>
        f.number(c.getValue<number | null>(), { maximumFractionDigits: 1, minimumFractionDigits: 1 }),
      meta: { numeric: true },
    },
  ];
  if (previous) {
    cols.push({
      id: 'clicksChange',
      header: 'Clicks change',
      accessorFn: (r) => {
        const p = previous(r);
        return p === null ? null : r.clicks - p.clicks;
      },
      cell: (c) => {
        const v = c.getValue<number | null>();
        return v === null ? '–' : `${v > 0 ? '+' : ''}${f.integer(v)}`;
      },
      meta: { numeric: true },
    });
  }
  return cols;
}
