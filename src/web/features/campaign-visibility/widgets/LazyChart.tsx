// The ECharts component loaded on first use: the charting library (≈540 kB) then downloads and compiles while
// the widgets' data is being fetched, instead of delaying the screen's first requests.
import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import { Skeleton } from '@mantine/core';

const load = () => import('../../../components/EChart').then((m) => ({ default: m.EChart }));
let loading: ReturnType<typeof load> | null = null;

/** Starts downloading the chart code now (the screen calls it on mount); later calls reuse the download. */
export function preloadChart(): ReturnType<typeof load> {
  loading ??= load();
  return loading;
}

const EChart = lazy(preloadChart);

export function LazyChart(props: ComponentProps<typeof EChart>) {
  return (
    <Suspense fallback={<Skeleton height={props.height} radius="sm" aria-label="Loading the chart" />}>
      <EChart {...props} />
    </Suspense>
  );
}
