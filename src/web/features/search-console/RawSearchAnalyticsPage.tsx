// Raw Search Analytics (spec §2 'rawsearchanalytics', issue 30 item 2): the site's Search Console rows grouped
// by any combination of dimensions, filtered, with totals, a daily chart, an optional comparison with the
// period before, server-side sorting and paging, and the CSV of every row.
import { useMemo, useState } from 'react';
import { Chip, Group, Pagination, Select, SimpleGrid, Paper, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { GscAnalyticsResponse, GscRowView } from '@contracts/search-console';
import { GSC_DIMENSIONS, type GscDimension } from '@core/search-console/tables';
import { GSC_PAGE_SIZE, gscCsvHref, useGscAnalytics, type GscSelection } from '../../api/use-search-console';
import { useFormat, type Formatters } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EChart } from '../../components/EChart';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { metricColumns } from './gsc-columns';
import { GscCard, GscScreen, SourceNote } from './GscScreen';

const DIMENSION_LABELS: Record<GscDimension, string> = {
  date: 'Date',
  query: 'Query',
  page: 'Page',
  country: 'Country',
  device: 'Device',
  searchAppearance: 'Search appearance',
};

/** A change since the previous period: + or −, in the figure's own unit (CTR in points). */
function signed(v: number | null, text: (n: number) => string): string | null {
  if (v === null || !Number.isFinite(v)) return null;
  return `${v > 0 ? '+' : v < 0 ? '−' : '±'}${text(Math.abs(v))}`;
}

/** The period's totals, with the previous period's and the change when one was compared (also a widget). */
export function Totals({ data, f }: { data: GscAnalyticsResponse; f: Formatters }) {
  const t = data.totals;
  const p = t.previous;
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const pct = (v: number | null) => f.percent(v === null ? null : v * 100, 2);
  const pos = (v: number | null) => f.number(v, { maximumFractionDigits: 1 });
  const cards: [string, string, string | null, string | null][] = [
    [
      'Clicks',
      f.integer(t.clicks),
      p ? f.integer(p.clicks) : null,
      p ? signed(t.clicks - p.clicks, f.integer) : null,
    ],
    [
      'Impressions',
      f.integer(t.impressions),
      p ? f.integer(p.impressions) : null,
      p ? signed(t.impressions - p.impressions, f.integer) : null,
    ],
    [
      'CTR',
      pct(t.ctr),
      p ? pct(p.ctr) : null,
      p ? signed(diff(t.ctr, p.ctr), (v) => `${f.number(v * 100, { maximumFractionDigits: 2 })} pt`) : null,
    ],
    [
      'Average position',
      pos(t.position),
      p ? pos(p.position) : null,
      p ? signed(diff(t.position, p.position), pos) : null,
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
      {cards.map(([label, value, before, change]) => (
        <Paper key={label} withBorder p="sm" data-total={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fz={20} fw={600}>
            {value}
          </Text>
          {before !== null && (
            <Text size="xs" c="dimmed">
              before: {before}
              {change !== null && ` (${change})`}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function DailyChart({ data }: { data: GscAnalyticsResponse }) {
  const option = useMemo(() => {
    const days = data.daily;
    const compare = days.some((d) => d.previous !== null);
    return {
      tooltip: { trigger: 'axis' },
      legend: {},
      grid: { left: 48, right: 56, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => d.date) },
      yAxis: [
        { type: 'value', name: 'Clicks' },
        { type: 'value', name: 'Impressions', splitLine: { show: false } },
      ],
      series: [
        { name: 'Clicks', type: 'line', showSymbol: false, data: days.map((d) => d.clicks) },
        {
          name: 'Impressions',
          type: 'line',
          showSymbol: false,
          yAxisIndex: 1,
          data: days.map((d) => d.impressions),
        },
        ...(compare
          ? [
              {
                name: 'Clicks, period before',
                type: 'line',
                showSymbol: false,
                lineStyle: { type: 'dashed' },
                data: days.map((d) => d.previous?.clicks ?? null),
              },
            ]
          : []),
      ],
    };
  }, [data]);
  if (data.daily.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No dated rows for this site and filter: the chart needs a Dates table or API rows with a date.
      </Text>
    );
  }
  return <EChart option={option} height={240} label="Clicks and impressions per day" />;
}

function Analytics({ selection }: { selection: GscSelection }) {
  const f = useFormat();
  const [dimensions, setDimensions] = useState<GscDimension[]>(['query']);
  const [sort, setSort] = useState<{ field: string; direction: 'asc' | 'desc' }>({
    field: 'clicks',
    direction: 'desc',
  });
  const [page, setPage] = useState(1);
  const effectiveSort =
    dimensions.includes(sort.field as GscDimension) || !GSC_DIMENSIONS.includes(sort.field as GscDimension)
      ? sort
      : { field: 'clicks', direction: 'desc' as const };
  const result = useGscAnalytics(selection, dimensions, effectiveSort, page);
  const compare = selection.compare;
  const columns = useMemo<ColumnDef<GscRowView>[]>(
    () => [
      ...dimensions.map((d): ColumnDef<GscRowView> => ({
        id: d,
        header: DIMENSION_LABELS[d],
        accessorFn: (r) => r.keys[d] ?? '',
        cell: (c) => <span style={{ overflowWrap: 'anywhere' }}>{c.getValue<string>()}</span>,
      })),
      ...metricColumns<GscRowView>(f, compare ? (r) => r.previous : undefined),
    ],
    [dimensions, f, compare],
  );
  const sortFields = [
    ...(['clicks', 'impressions', 'ctr', 'position'] as const).map((v) => ({
      value: v,
      label: v === 'ctr' ? 'CTR' : v[0]!.toUpperCase() + v.slice(1),
    })),
    ...(compare ? [{ value: 'clicksChange', label: 'Clicks change' }] : []),
    ...dimensions.map((d) => ({ value: d, label: DIMENSION_LABELS[d] })),
  ];
  const controls = (
    <Group gap="xs">
      <Select
        aria-label="Sort by"
        size="xs"
        w={150}
        data={sortFields}
        value={effectiveSort.field}
        onChange={(v) => v && (setSort({ ...sort, field: v }), setPage(1))}
        allowDeselect={false}
      />
      <Select
        aria-label="Sort direction"
        size="xs"
        w={120}
        data={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        value={effectiveSort.direction}
        onChange={(v) => v && (setSort({ ...sort, direction: v as 'asc' | 'desc' }), setPage(1))}
        allowDeselect={false}
      />
    </Group>
  );
  const body = result.isPending ? (
    <TableSkeleton />
  ) : result.isError ? (
    <ErrorView
      title="The Search Console rows could not be loaded"
      error={result.error}
      onRetry={() => void result.refetch()}
    />
  ) : (
    <>
      <Totals data={result.data} f={f} />
      <GscCard title="Clicks and impressions per day">
        <DailyChart data={result.data} />
      </GscCard>
      <GscCard
        title="Rows"
        csvHref={gscCsvHref('analytics', selection, {
          dimensions,
          sortField: effectiveSort.field,
          sortDirection: effectiveSort.direction,
        })}
        controls={controls}
      >
        {result.data.total === 0 ? (
          <EmptyView title="No rows match">Widen the period or loosen the filters.</EmptyView>
        ) : (
          <>
            <DataTable title="Search analytics rows" data={result.data.rows} columns={columns} />
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {f.integer(result.data.total)} rows
              </Text>
              <Pagination
                size="sm"
                value={page}
                onChange={setPage}
                total={Math.max(1, Math.ceil(result.data.total / GSC_PAGE_SIZE))}
              />
            </Group>
          </>
        )}
        <SourceNote source={result.data.source} />
      </GscCard>
    </>
  );
  return (
    <>
      <Chip.Group
        multiple
        value={dimensions}
        onChange={(v) => (
          setDimensions(
            v.length === 0 ? ['query'] : (GSC_DIMENSIONS.filter((d) => v.includes(d)) as GscDimension[]),
          ),
          setPage(1)
        )}
      >
        <Group gap="xs" mb="md" role="group" aria-label="Group by">
          <Text size="sm">Group by:</Text>
          {GSC_DIMENSIONS.map((d) => (
            <Chip key={d} value={d} size="xs">
              {DIMENSION_LABELS[d]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {body}
    </>
  );
}

export function RawSearchAnalyticsPage() {
  return (
    <GscScreen
      title="Raw Search Analytics"
      description="Search Console clicks, impressions, CTR and average position by any combination of dimensions."
    >
      {(s) => <Analytics key={s.site} selection={s} />}
    </GscScreen>
  );
}
