// Share of visibility per snapshot date of each host shown, as lines or stacked areas (the rest of the market
// makes up the difference to 100 %); own and highlighted hosts are drawn thicker, tracked competitors outside
// the leaders start hidden in the legend; the organisation-wide annotations are drawn on it (issue 29). Under
// it the same numbers as a table, folded, for screen readers and for anyone who wants the exact values.
import { useMemo, useState } from 'react';
import { Accordion, SegmentedControl, Table } from '@mantine/core';
import type { MarketShareHost } from '@contracts/market-share';
import { useAnnotations } from '../../api/use-annotations';
import { useFormat } from '../../app/route-context';
import { withAnnotationMarks } from '../../components/annotation-marks';
import { LazyChart } from '../campaign-visibility/widgets/LazyChart';

export function ShareChart({ dates, hosts }: { dates: string[]; hosts: MarketShareHost[] }) {
  const f = useFormat();
  const [mode, setMode] = useState<'line' | 'stacked'>('line');
  const annotations = useAnnotations(null).data;
  const option = useMemo(() => {
    const stacked = mode === 'stacked';
    const chart = {
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: number | null) => (v === null ? '–' : f.percent(v, 1)),
      },
      // Tracked competitors outside the leaders start hidden (a click on the legend shows them): the chart
      // stays readable when campaigns track dozens of domains; the table lists them all.
      legend: {
        selected: Object.fromEntries(hosts.map((h) => [h.host, h.leader || h.own || h.selected])),
      },
      grid: { left: 56, right: 16, top: 24, bottom: 28 },
      xAxis: { type: 'category', boundaryGap: false, data: dates.map((d) => f.date(d)) },
      yAxis: {
        type: 'value',
        name: 'share of visibility',
        nameTextStyle: { align: 'left' },
        max: stacked ? 100 : undefined,
        axisLabel: { formatter: (v: number) => f.percent(v, 0) },
      },
      series: hosts.map((h) => {
        const strong = h.own || h.selected;
        return {
          type: 'line',
          name: h.host,
          stack: stacked ? 'share' : undefined,
          areaStyle: stacked ? { opacity: 0.55 } : undefined,
          data: h.shares.map((v) => Number(v.toFixed(3))),
          showSymbol: dates.length <= 30,
          lineStyle: { width: strong ? 3.5 : 1.5, type: h.selected && !h.own ? 'dashed' : 'solid' },
          symbolSize: strong ? 6 : 4,
          z: strong ? 3 : 2,
        };
      }),
    };
    return withAnnotationMarks(chart, annotations, dates);
  }, [dates, hosts, f, mode, annotations]);
  return (
    <>
      <SegmentedControl
        size="xs"
        mb="xs"
        aria-label="Chart style"
        value={mode}
        onChange={(v) => setMode(v === 'stacked' ? 'stacked' : 'line')}
        data={[
          { value: 'line', label: 'Lines' },
          { value: 'stacked', label: 'Stacked' },
        ]}
      />
      <LazyChart
        height={340}
        label="Share of visibility per snapshot date of each host shown"
        option={option}
      />
      <Accordion variant="contained" mt="sm">
        <Accordion.Item value="data">
          <Accordion.Control>Chart data</Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={400}>
              <Table aria-label="Chart data" striped fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    {hosts.map((h) => (
                      <Table.Th key={h.host} ta="right">
                        {h.host}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dates.map((d, i) => (
                    <Table.Tr key={d}>
                      <Table.Td>{f.date(d)}</Table.Td>
                      {hosts.map((h) => (
                        <Table.Td key={h.host} ta="right" data-value={h.shares[i]}>
                          {f.percent(h.shares[i], 2)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </>
  );
}
