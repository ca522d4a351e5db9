// One URL in Page Analysis (issue 29 item 4): its visibility-score series over the compared snapshots, the
// keywords it gained and lost, its conflicts with other URLs of the domain, and every keyword it ranks for
// in a sortable table (DataTable: sort headers are buttons); a keyword opens the rank-tracking drawer.
import { useMemo } from 'react';
import { Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { EChartsCoreOption } from 'echarts/core';
import type { PaKeywordDto, PaPageResponse } from '@contracts/page-analysis';
import { paPageHref, usePaPage, type PaSelection } from '../../api/use-page-analysis';
import { useFormat, type Formatters } from '../../app/route-context';
import { ExportButtons } from '../../components/ExportButtons';
import { DataTable } from '../../components/DataTable';
import { EChart } from '../../components/EChart';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { ChangeText, PositionText } from '../rank-tracking/rt-cells';

const STATUS_COLOUR = { gained: 'teal', lost: 'red', kept: 'gray', none: 'gray' } as const;

function seriesOption(p: PaPageResponse): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 12, top: 16, bottom: 24 },
    xAxis: { type: 'category', data: p.points },
    yAxis: { type: 'value', name: 'visibility score', min: 0 },
    series: [{ name: 'Visibility score', type: 'line', data: p.summary?.series ?? [] }],
  };
}

function useColumns(f: Formatters, open: (k: PaKeywordDto) => void): ColumnDef<PaKeywordDto>[] {
  return useMemo(
    () => [
      {
        id: 'keyword',
        header: 'Keyword',
        accessorFn: (k) => k.keyword,
        cell: (c) => (
          <UnstyledButton
            onClick={() => open(c.row.original)}
            aria-label={`Open ${c.row.original.keyword}`}
            style={{ textDecoration: 'underline', overflowWrap: 'anywhere' }}
          >
            {c.row.original.keyword}
          </UnstyledButton>
        ),
      },
      {
        id: 'volume',
        header: 'Volume',
        accessorFn: (k) => k.volume ?? -1,
        meta: { numeric: true, width: 80 },
        cell: (c) => (c.row.original.volume === null ? '–' : f.integer(c.row.original.volume)),
      },
      {
        id: 'position',
        header: 'Position',
        accessorFn: (k) => k.position ?? 101,
        meta: { numeric: true, width: 90 },
        cell: (c) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <PositionText value={c.row.original.position} />
            <ChangeText value={c.row.original.change} />
          </Group>
        ),
      },
      {
        id: 'start',
        header: 'At start',
        accessorFn: (k) => k.startPosition ?? 101,
        meta: { numeric: true, width: 80 },
        cell: (c) => c.row.original.startPosition ?? '–',
      },
      {
        id: 'best',
        header: 'Best',
        accessorFn: (k) => k.best ?? 101,
        meta: { numeric: true, width: 110 },
        cell: (c) =>
          c.row.original.best === null ? '–' : `${c.row.original.best} (${c.row.original.bestDate})`,
      },
      {
        id: 'vs',
        header: 'Visibility score',
        accessorFn: (k) => k.visibilityScore,
        meta: { numeric: true, width: 110 },
        cell: (c) => f.number(c.row.original.visibilityScore, { maximumFractionDigits: 1 }),
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (k) => k.status,
        cell: (c) => (
          <Group gap={4} wrap="nowrap">
            <Badge size="xs" variant="light" color={STATUS_COLOUR[c.row.original.status]}>
              {c.row.original.status}
            </Badge>
            {c.row.original.conflicts.length > 0 && (
              <Badge size="xs" variant="light" color="orange" title="Another URL of the domain ranks too">
                conflict
              </Badge>
            )}
          </Group>
        ),
      },
    ],
    [f, open],
  );
}

/** Other URLs of the domain this one conflicts with, on which keywords, latest first. */
function conflictLines(p: PaPageResponse): string[] {
  const out: string[] = [];
  for (const k of p.keywords) {
    for (const c of k.conflicts) {
      const others = c.urls.filter((u) => u !== p.url);
      out.push(
        `${c.date} · ${k.keyword}: ${c.kind === 'flip' ? 'ranking URL flipped' : 'also ranks'} — ${others.join(', ')}`,
      );
    }
  }
  return out.sort().reverse();
}

export function PageDetail({
  campaign,
  selection,
  url,
  onOpenKeyword,
}: {
  campaign: number;
  selection: PaSelection;
  url: string;
  onOpenKeyword: (k: { id: number; text: string }) => void;
}) {
  const f = useFormat();
  const result = usePaPage(campaign, selection, url);
  const columns = useColumns(f, (k) => onOpenKeyword({ id: k.keywordId, text: k.keyword }));
  const option = useMemo(() => (result.data ? seriesOption(result.data) : null), [result.data]);
  if (result.isPending) return <TableSkeleton rows={6} columns={5} />;
  if (result.isError)
    return (
      <ErrorView
        title="This URL could not be loaded"
        error={result.error}
        onRetry={() => void result.refetch()}
      />
    );
  const p = result.data;
  if (p.summary === null)
    return (
      <EmptyView title="This URL does not rank">It has no position between the compared dates.</EmptyView>
    );
  const gained = p.keywords.filter((k) => k.status === 'gained');
  const lost = p.keywords.filter((k) => k.status === 'lost');
  const conflicts = conflictLines(p);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={3} fz={16} style={{ overflowWrap: 'anywhere' }}>
          {p.url}
        </Title>
        <ExportButtons subject="keywords" href={(format) => paPageHref(campaign, selection, url, format)} />
      </Group>
      <Text size="sm" c="dimmed" data-testid="page-summary">
        {f.integer(p.summary.keywords)} keyword{p.summary.keywords === 1 ? '' : 's'} at {p.dates?.end} (
        {f.integer(p.summary.keywordsStart)} at {p.dates?.start}) · visibility score{' '}
        {f.number(p.summary.visibilityScore, { maximumFractionDigits: 1 })} · best position{' '}
        {p.summary.best ?? '–'} · {gained.length} gained · {lost.length} lost
      </Text>
      {option && <EChart option={option} height={200} label={`Visibility score of ${p.url} by snapshot`} />}
      {(gained.length > 0 || lost.length > 0) && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {gained.length > 0 && (
            <>
              Gained:{' '}
              {gained
                .slice(0, 10)
                .map((k) => k.keyword)
                .join(', ')}
              {gained.length > 10 ? ' …' : ''}.{' '}
            </>
          )}
          {lost.length > 0 && (
            <>
              Lost:{' '}
              {lost
                .slice(0, 10)
                .map((k) => k.keyword)
                .join(', ')}
              {lost.length > 10 ? ' …' : ''}.
            </>
          )}
        </Text>
      )}
      {conflicts.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Conflicts with other URLs of the domain ({conflicts.length})
          </Text>
          {conflicts.slice(0, 8).map((line) => (
            <Text key={line} size="xs" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
        </Stack>
      )}
      <DataTable
        title={`Keywords of this URL (${p.positionKind} positions)`}
        data={p.keywords}
        columns={columns}
        getRowId={(k) => String(k.keywordId)}
        initialSorting={[{ id: 'vs', desc: true }]}
      />
    </Stack>
  );
}
