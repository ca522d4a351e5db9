// Both hosts' visibility series in one ECharts chart: visibility score (estimated monthly clicks, left axis,
// solid) and visibility (%, right axis, dashed) per snapshot date, with the organisation-wide annotations
// (none through a share link). Under it the same numbers as a folded table, for screen readers and anyone
// who wants the exact values.
import { useMemo } from 'react';
import { Accordion, Table } from '@mantine/core';
import type { Annotation } from '@contracts/annotations';
import type { OneToOneResponse } from '@contracts/one-to-one';
import { useFormat } from '../../app/route-context';
import { withAnnotationMarks } from '../../components/annotation-marks';
import { LazyChart } from '../campaign-visibility/widgets/LazyChart';

/** Host A and host B colours (palette blue and orange). */
export const HOST_COLOURS = ['#1c7ed6', '#f76707'] as const;

export function ComparisonChart({
  data,
  annotations,
}: {
  data: OneToOneResponse;
  annotations: readonly Annotation[] | undefined;
}) {
  const f = useFormat();
  const names = [data.a.host.value, data.b.host.value] as const;
  const option = useMemo(() => {
    const hostNames = [data.a.host.value, data.b.host.value] as const;
    const dates = data.series.map((p) => f.date(p.date));
    const line = (i: 0 | 1, measure: 'visibilityScore' | 'visibility') => ({
      type: 'line',
      name: `${hostNames[i]} ${measure === 'visibility' ? 'visibility %' : 'visibility score'}`,
      yAxisIndex: measure === 'visibility' ? 1 : 0,
      color: HOST_COLOURS[i],
      lineStyle: { type: measure === 'visibility' ? 'dashed' : 'solid', width: 2 },
      data: data.series.map((p) => Number((i === 0 ? p.a : p.b)[measure].toFixed(2))),
    });
    const chart = {
      tooltip: { trigger: 'axis' },
      legend: { show: true },
      grid: { left: 64, right: 56, top: 24, bottom: 28 },
      xAxis: { type: 'category', data: dates },
      yAxis: [
        { type: 'value', name: 'clicks / month', nameTextStyle: { align: 'left' } },
        { type: 'value', name: '%', splitLine: { show: false } },
      ],
      series: [
        line(0, 'visibilityScore'),
        line(1, 'visibilityScore'),
        line(0, 'visibility'),
        line(1, 'visibility'),
      ],
    };
    return withAnnotationMarks(
      chart,
      annotations,
      data.series.map((p) => p.date),
    );
  }, [data, f, annotations]);
  return (
    <>
      <LazyChart height={300} label={`Visibility of ${names[0]} and ${names[1]} over time`} option={option} />
      <Accordion variant="contained" mt="sm">
        <Accordion.Item value="data">
          <Accordion.Control>Chart data</Accordion.Control>
          <Accordion.Panel>
            <Table aria-label="Chart data" striped fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">{names[0]} visibility score</Table.Th>
                  <Table.Th ta="right">{names[1]} visibility score</Table.Th>
                  <Table.Th ta="right">{names[0]} visibility</Table.Th>
                  <Table.Th ta="right">{names[1]} visibility</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.series.map((p) => (
                  <Table.Tr key={p.date}>
                    <Table.Td>{f.date(p.date)}</Table.Td>
                    <Table.Td ta="right">
                      {f.number(p.a.visibilityScore, { maximumFractionDigits: 1 })}
                    </Table.Td>
                    <Table.Td ta="right">
                      {f.number(p.b.visibilityScore, { maximumFractionDigits: 1 })}
                    </Table.Td>
                    <Table.Td ta="right">{f.percent(p.a.visibility, 2)}</Table.Td>
                    <Table.Td ta="right">{f.percent(p.b.visibility, 2)}</Table.Td>
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
