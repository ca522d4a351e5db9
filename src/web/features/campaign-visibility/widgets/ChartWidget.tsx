// A campaign-visibility widget that is one chart: the frame (state from the resource, expand toggle kept in
// the campaign-visibility context) around a lazily loaded chart. Each widget keeps only what is its own —
// its read, its emptiness rule and how its data becomes a chart.
import type { ComponentProps } from 'react';
import type { EChart } from '../../../components/EChart';
import type { UseResource } from '../../../api/resource-cache';
import { useCv } from '../cv-context';
import { LazyChart } from './LazyChart';
import { WidgetFrame, widgetState } from './WidgetFrame';
import type { ChartData } from './WidgetFrame';

export interface ChartWidgetProps<T> {
  id: string;
  title: string;
  description?: string;
  emptyText?: string;
  resource: UseResource<T>;
  isEmpty: (data: NonNullable<T>) => boolean;
  /** The chart and the numbers it draws; null while the data is loading. */
  chart: { chartData: ChartData; option: ComponentProps<typeof EChart>['option'] } | null;
  /** Chart height in px. */
  height: number;
  /** The chart's accessible name. */
  label: string;
}

export function ChartWidget<T>(p: ChartWidgetProps<T>) {
  const cv = useCv();
  return (
    <WidgetFrame
      id={p.id}
      title={p.title}
      description={p.description}
      state={widgetState(p.resource, p.isEmpty)}
      error={p.resource.error}
      onRetry={p.resource.refetch}
      emptyText={p.emptyText}
      chartData={p.chart?.chartData}
      expanded={cv.expanded === p.id}
      onToggleExpand={() => cv.toggleExpanded(p.id)}
    >
      {p.chart && <LazyChart option={p.chart.option} height={p.height} label={p.label} />}
    </WidgetFrame>
  );
}
