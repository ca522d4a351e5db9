// The ECharts component loaded on first use: the charting library (≈540 kB) then downloads and compiles while
// the widgets' data is being fetched, instead of delaying the screen's first requests. A skeleton of the
// chart's height stands in until it has arrived (use-loaded.ts: drawn at once, no Suspense hold-back).
import type { ComponentProps } from 'react';
import { Skeleton } from '@mantine/core';
import type { EChart } from '../../../components/EChart';
import { Loadable, useLoaded } from '../../../lib/use-loaded';

const chart = new Loadable(() => import('../../../components/EChart').then((m) => m.EChart));

/** Starts downloading the chart code now; later calls reuse the download. */
export function preloadChart(): Promise<typeof EChart> {
  return chart.load();
}

export function LazyChart(props: ComponentProps<typeof EChart>) {
  const Chart = useLoaded(chart);
  if (Chart === null) return <Skeleton height={props.height} radius="sm" aria-label="Loading the chart" />;
  return <Chart {...props} />;
}
