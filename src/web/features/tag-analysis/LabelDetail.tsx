// One tag or keyword group in Tag Analysis (issue 29 item 5): every tracked domain's series of the chosen
// measure over the point dates (read when the label is chosen) (ECharts; the average-position axis is inverted, lower is better) and the
// rank distribution at the end date (keywords per range of the best position, 1–3 … 51–100) as a table.
import { useMemo } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import type { TaResponse, TaSeriesResponse } from '@contracts/tag-analysis';
import { useTagSeries, type TaSelection } from '../../api/use-tag-analysis';
import { useFormat } from '../../app/route-context';
import { EChart } from '../../components/EChart';
import { ErrorView } from '../../components/StateViews';

export type Measure = 'visibilityScore' | 'share' | 'visibility' | 'averagePosition';

export const MEASURES: { value: Measure; label: string }[] = [
  { value: 'share', label: 'Share of visibility (%)' },
  { value: 'visibilityScore', label: 'Visibility score (clicks)' },
  { value: 'visibility', label: 'Visibility (%)' },
  { value: 'averagePosition', label: 'Average position' },
];

type Label = TaResponse['labels'][number];

function option(series: TaSeriesResponse, measure: Measure): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 48, right: 12, top: 32, bottom: 24 },
    xAxis: { type: 'category', data: series.points },
    yAxis: {
      type: 'value',
      inverse: measure === 'averagePosition',
      min: measure === 'averagePosition' ? 1 : 0,
      name: MEASURES.find((m) => m.value === measure)!.label,
    },
    series: series.targets.map((t, i) => ({
      name: t.label,
      type: 'line',
      color: t.color,
      connectNulls: false,
      data: (series.series[i] ?? []).map((p) =>
        measure === 'averagePosition' ? p.averagePosition : p[measure],
      ),
    })),
  };
}

export function LabelDetail({
  campaign,
  selection,
  data,
  label,
  measure,
}: {
  campaign: number;
  selection: TaSelection;
  data: TaResponse;
  label: Label;
  measure: Measure;
}) {
  const f = useFormat();
  const series = useTagSeries(campaign, selection, label.label);
  const shown = series.data?.label === label.label ? series.data : undefined;
  const chart = useMemo(() => (shown ? option(shown, measure) : null), [shown, measure]);
  return (
    <Stack gap="sm">
      <Title order={3} fz={16} style={{ overflowWrap: 'anywhere' }}>
        {label.label}{' '}
        <Text span size="sm" c="dimmed">
          {f.integer(label.keywords)} keywords measured at {data.dates?.end}
        </Text>
      </Title>
      {series.isError ? (
        <ErrorView
          title="The series could not be loaded"
          error={series.error}
          onRetry={() => void series.refetch()}
        />
      ) : chart === null ? (
        <Text size="sm" c="dimmed" h={240}>
          Loading the series…
        </Text>
      ) : (
        <EChart option={chart} height={240} label={`${label.label}: ${measure} per domain over time`} />
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table fz="sm" striped aria-label={`Rank distribution of ${label.label} at ${data.dates?.end ?? ''}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Domain</Table.Th>
              {data.ranges.map((r) => (
                <Table.Th key={r} ta="right">
                  {r}
                </Table.Th>
              ))}
              <Table.Th ta="right">Ranking</Table.Th>
              <Table.Th ta="right">Avg. position</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.targets.map((t, i) => {
              const e = label.targets[i]!.end;
              return (
                <Table.Tr key={t.key}>
                  <Table.Td style={{ color: t.color }}>{t.label}</Table.Td>
                  {e.ranges.map((n, j) => (
                    <Table.Td key={data.ranges[j]} ta="right">
                      {f.integer(n)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{f.integer(e.ranked)}</Table.Td>
                  <Table.Td ta="right">
                    {e.averagePosition === null
                      ? '–'
                      : f.number(e.averagePosition, { maximumFractionDigits: 1 })}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
