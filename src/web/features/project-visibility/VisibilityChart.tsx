// The visibility score of one domain over the range: a line per campaign and a thicker one for the project
// total (each keyword once), on the total's point dates. Under it the same numbers as a table, folded, for
// screen readers and for anyone who wants the exact values. The organisation-wide annotations are drawn on
// it (a project spans several campaigns, whose own annotations show on their campaign's charts).
import { useMemo } from 'react';
import { Accordion, Table } from '@mantine/core';
import type { PvScope } from '@contracts/project-visibility';
import { useAnnotations } from '../../api/use-annotations';
import { useFormat } from '../../app/route-context';
import { withAnnotationMarks } from '../../components/annotation-marks';
import { LazyChart } from '../campaign-visibility/widgets/LazyChart';

export interface ChartSeries {
  scope: PvScope;
  /** Visibility score per date of `dates`; null where the scope has no point. */
  values: (number | null)[];
}

/** Each scope's visibility score of domain `index` on the total's dates. */
export function chartSeries(total: PvScope, campaigns: readonly PvScope[], index: number): ChartSeries[] {
  return [total, ...campaigns].map((scope) => {
    const byDate = new Map(scope.domains[index]!.series.map((p) => [p.date, p.visibilityScore]));
    return { scope, values: total.dates.map((d) => byDate.get(d) ?? null) };
  });
}

export function VisibilityChart({
  dates,
  series,
  domainLabel,
}: {
  dates: string[];
  series: ChartSeries[];
  domainLabel: string;
}) {
  const f = useFormat();
  const annotations = useAnnotations(null).data;
  const option = useMemo(
    () =>
      withAnnotationMarks(
        {
          tooltip: { trigger: 'axis' },
          legend: { show: true },
          grid: { left: 64, right: 16, top: 16, bottom: 28 },
          xAxis: { type: 'category', data: dates.map((d) => f.date(d)) },
          yAxis: { type: 'value', name: 'clicks / month', nameTextStyle: { align: 'left' } },
          series: series.map((s) => ({
            type: 'line',
            name: s.scope.campaignId === null ? 'Total (each keyword once)' : s.scope.name,
            data: s.values.map((v) => (v === null ? null : Number(v.toFixed(2)))),
            connectNulls: false,
            lineStyle: { width: s.scope.campaignId === null ? 3 : 1.5 },
            symbolSize: s.scope.campaignId === null ? 6 : 4,
          })),
        },
        annotations,
        dates,
      ),
    [dates, series, f, annotations],
  );
  return (
    <>
      <LazyChart
        height={300}
        label={`Visibility score of ${domainLabel} per campaign and in total`}
        option={option}
      />
      <Accordion variant="contained" mt="sm">
        <Accordion.Item value="data">
          <Accordion.Control>Chart data</Accordion.Control>
          <Accordion.Panel>
            <Table aria-label="Chart data" striped fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  {series.map((s) => (
                    <Table.Th key={s.scope.key} ta="right">
                      {s.scope.campaignId === null ? 'Total' : s.scope.name}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dates.map((d, i) => (
                  <Table.Tr key={d}>
                    <Table.Td>{f.date(d)}</Table.Td>
                    {series.map((s) => {
                      const v = s.values[i];
                      return (
                        <Table.Td key={s.scope.key} ta="right" data-value={v ?? ''}>
                          {v === null || v === undefined ? '—' : f.number(v, { maximumFractionDigits: 1 })}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </>
  );
}
