// The workspace overview (today's dashboard counts, now one widget of the dashboards): projects, campaigns
// and users, and per market the keywords, search volume, snapshots with their first and last date, SERP
// results and hosts — all in the reader's locale.
import { useMemo } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { DashboardResponse, MarketOverview } from '@contracts/workspace';
import { useFormat } from '../../app/route-context';
import type { Formatters } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EChart } from '../../components/EChart';
import { EmptyView } from '../../components/StateViews';
import { useMarketStore } from '../../state/market-store';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="xs" c="dimmed" fw={500} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={22} fw={600} mt={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function marketColumns(format: Formatters, selected: string | null): ColumnDef<MarketOverview>[] {
  return [
    {
      id: 'market',
      header: 'Market',
      accessorFn: (m) => `${m.name} ${m.market}`,
      cell: ({ row }) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {row.original.name}
            </Text>
            {row.original.market === selected && (
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                Selected
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.original.market}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'keywords',
      header: 'Keywords',
      accessorFn: (m) => m.keywords,
      cell: ({ row }) => format.integer(row.original.keywords),
      meta: { numeric: true },
    },
    {
      id: 'keywordsWithVolume',
      header: 'With volume',
      accessorFn: (m) => m.keywordsWithVolume,
      cell: ({ row }) => format.integer(row.original.keywordsWithVolume),
      meta: { numeric: true },
    },
    {
      id: 'totalSearchVolume',
      header: 'Search volume',
      accessorFn: (m) => m.totalSearchVolume,
      cell: ({ row }) => format.integer(row.original.totalSearchVolume),
      meta: { numeric: true },
    },
    {
      id: 'snapshots',
      header: 'Snapshots',
      accessorFn: (m) => m.snapshots,
      cell: ({ row }) => format.integer(row.original.snapshots),
      meta: { numeric: true },
    },
    {
      id: 'firstSnapshot',
      header: 'First',
      accessorFn: (m) => m.firstSnapshot ?? '',
      cell: ({ row }) => format.date(row.original.firstSnapshot),
      meta: { numeric: true },
    },
    {
      id: 'lastSnapshot',
      header: 'Last',
      accessorFn: (m) => m.lastSnapshot ?? '',
      cell: ({ row }) => format.date(row.original.lastSnapshot),
      meta: { numeric: true },
    },
    {
      id: 'serpResults',
      header: 'SERP results',
      accessorFn: (m) => m.serpResults,
      cell: ({ row }) => format.integer(row.original.serpResults),
      meta: { numeric: true },
    },
    {
      id: 'hosts',
      header: 'Hosts',
      accessorFn: (m) => m.hosts,
      cell: ({ row }) => format.integer(row.original.hosts),
      meta: { numeric: true },
    },
  ];
}

function VolumeChart({ markets, format }: { markets: MarketOverview[]; format: Formatters }) {
  const option = useMemo(() => {
    const sorted = [...markets].sort((a, b) => a.totalSearchVolume - b.totalSearchVolume);
    return {
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v: number) => format.integer(v),
      },
      xAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => format.compact(v), fontSize: 11, color: '#6b7280' },
        splitLine: { lineStyle: { color: '#eef0f3' } },
      },
      yAxis: {
        type: 'category',
        data: sorted.map((m) => m.name),
        axisLabel: { fontSize: 11, color: '#374151' },
        axisTick: { show: false },
        axisLine: { lineStyle: { color: '#d1d5db' } },
      },
      series: [
        {
          name: 'Monthly search volume',
          type: 'bar',
          data: sorted.map((m) => m.totalSearchVolume),
          itemStyle: { color: '#3f66c4', borderRadius: [0, 2, 2, 0] },
          barMaxWidth: 16,
        },
      ],
    };
  }, [markets, format]);
  return (
    <EChart
      option={option}
      height={Math.max(120, markets.length * 34 + 30)}
      label="Monthly search volume per market"
    />
  );
}

export function WorkspaceOverview({ data: d }: { data: DashboardResponse }) {
  const format = useFormat();
  const selected = useMarketStore((s) => s.market);
  const columns = useMemo(() => marketColumns(format, selected), [format, selected]);
  const totals = d.markets.reduce(
    (t, m) => ({
      keywords: t.keywords + m.keywords,
      results: t.results + m.serpResults,
      snapshots: t.snapshots + m.snapshots,
    }),
    { keywords: 0, results: 0, snapshots: 0 },
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Stat label="Projects" value={format.integer(d.projects)} />
        <Stat label="Campaigns" value={format.integer(d.campaigns)} />
        <Stat label="Users" value={format.integer(d.users)} />
        <Stat label="Markets" value={format.integer(d.markets.length)} />
        <Stat label="Keywords" value={format.integer(totals.keywords)} hint="across all markets" />
        <Stat
          label="SERP results"
          value={format.compact(totals.results)}
          hint={`${format.integer(totals.snapshots)} snapshots`}
        />
      </SimpleGrid>
      {d.markets.length === 0 ? (
        <Paper withBorder>
          <EmptyView title="No search data yet">
            No SERP snapshots have been loaded. Run <code>sightline demo</code> to generate a demo workspace,
            or import your own snapshots; each market then appears here with its figures.
          </EmptyView>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="md">
            <Text fw={600} size="sm" mb="xs">
              Monthly search volume per market
            </Text>
            <VolumeChart markets={d.markets} format={format} />
          </Paper>
          <DataTable
            title="Markets"
            data={d.markets}
            columns={columns}
            glossary="dashboardMarkets"
            getRowId={(m) => m.market}
            initialSorting={[{ id: 'totalSearchVolume', desc: true }]}
          />
        </>
      )}
    </Stack>
  );
}
