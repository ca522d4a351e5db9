// Widgets over the domain summary (spec §7 domains) and the result-type breakdown: visibility score over time
// per domain and domain group, share of visibility (of the selection or of the whole market), and
// result-type prominence per target. The visibility chart carries the campaign's annotations.
import { useMemo } from 'react';
import { useAnnotations } from '../../../api/use-annotations';
import { useCvDomains, useCvResultTypeProminence } from '../../../api/use-campaign-visibility';
import { useFormat } from '../../../app/route-context';
import { withAnnotationMarks } from '../../../components/annotation-marks';
import { CHART_BASE, colourOf, resultTypeLabel, round4, useCv } from '../cv-context';
import { ChartWidget } from './ChartWidget';
import type { ChartData } from './WidgetFrame';

export function VisibilityOverTimeWidget() {
  const cv = useCv();
  const r = useCvDomains(cv.params);
  const annotations = useAnnotations(cv.campaign).data;
  const format = useFormat();
  const data = r.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const chartData: ChartData = {
      columns: ['target', 'date', 'visibilityScore'],
      rows: data.items.flatMap((t) => t.series.map((p) => [t.key, p.date, round4(p.visibilityScore)])),
    };
    const option = {
      ...CHART_BASE,
      xAxis: { type: 'category', data: data.dates, axisLabel: { formatter: (d: string) => format.date(d) } },
      yAxis: { type: 'value', axisLabel: { formatter: format.compact } },
      series: data.items.map((t) => ({
        name: t.label,
        type: 'line',
        showSymbol: false,
        color: colourOf(t),
        lineStyle: t.kind === 'group' ? { type: 'dashed' } : undefined,
        data: data.dates.map((d) => t.series.find((p) => p.date === d)?.visibilityScore ?? null),
      })),
    };
    return { chartData, option: withAnnotationMarks(option, annotations, data.dates) };
  }, [data, format, annotations]);
  return (
    <ChartWidget
      id="visibility"
      title="Visibility over time"
      description="Visibility score (estimated monthly clicks) per domain and domain group at each point date"
      resource={r}
      isEmpty={(d) => d.items.length === 0 || d.dates.length === 0}
      chart={chart}
      height={260}
      label="Visibility score over time"
    />
  );
}

export function ShareOfVisibilityWidget() {
  const cv = useCv();
  const r = useCvDomains(cv.params);
  const format = useFormat();
  const data = r.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const chartData: ChartData = {
      columns: ['target', 'share', 'visibility', 'visibilityScore'],
      rows: data.items.map((t) => [t.key, round4(t.share), round4(t.visibility), round4(t.visibilityScore)]),
    };
    const option = {
      ...CHART_BASE,
      legend: { show: false },
      tooltip: { trigger: 'item' as const },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: (v: number) => format.percent(v, 0) } },
      yAxis: { type: 'category', inverse: true, data: data.items.map((t) => t.label) },
      series: [
        {
          type: 'bar',
          name: 'Share',
          data: data.items.map((t) => ({ value: t.share, itemStyle: { color: colourOf(t) } })),
          label: {
            show: true,
            position: 'right',
            formatter: (p: { value: number }) => format.percent(p.value),
          },
        },
      ],
    };
    return { chartData, option };
  }, [data, format]);
  return (
    <ChartWidget
      id="share-of-visibility"
      title="Share of visibility"
      description={
        data?.useWholeMarket === true
          ? 'Share of the whole market’s visibility score at the point date'
          : 'Share of the selected domains’ total visibility score at the point date: the domains add up to 100 %; a domain group’s bar is its share of the same total, beside its members'
      }
      resource={r}
      isEmpty={(d) => d.items.length === 0}
      chart={chart}
      height={Math.max(160, 32 * (data?.items.length ?? 0))}
      label="Share of visibility"
    />
  );
}

export function ResultTypeProminenceWidget() {
  const cv = useCv();
  const r = useCvResultTypeProminence(cv.params);
  const format = useFormat();
  const data = r.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const types = [...new Set(data.items.flatMap((t) => t.total.map((x) => x.resultType)))];
    const chartData: ChartData = {
      columns: ['target', 'resultType', 'share', 'visibilityScore'],
      rows: data.items.flatMap((t) =>
        t.total.map((x) => [t.key, x.resultType, round4(x.share), round4(x.visibilityScore)]),
      ),
    };
    const option = {
      ...CHART_BASE,
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: (v: number) => format.percent(v, 0) } },
      yAxis: { type: 'category', inverse: true, data: data.items.map((t) => t.label) },
      series: types.map((type) => ({
        name: resultTypeLabel(type),
        type: 'bar',
        stack: 'share',
        data: data.items.map((t) => t.total.find((x) => x.resultType === type)?.share ?? 0),
      })),
    };
    return { chartData, option };
  }, [data, format]);
  return (
    <ChartWidget
      id="result-type-prominence"
      title="Result-type prominence"
      description="Share of each target’s visibility score by the result type it ranks with"
      resource={r}
      isEmpty={(d) => d.items.every((t) => t.total.length === 0)}
      chart={chart}
      height={Math.max(180, 36 * (data?.items.length ?? 0))}
      label="Result-type prominence"
    />
  );
}
