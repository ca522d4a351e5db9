// Widgets over the point-date breakdowns of spec §7: rank ranges, search-volume ranges, keywords by search
// volume, and visibility share by keyword group and by tag.
import { useMemo } from 'react';
import type { CvLabelShareResponse } from '@contracts/campaign-visibility';
import {
  useCvLabelShare,
  useCvRankRanges,
  useCvSearchVolumeRanges,
} from '../../../api/use-campaign-visibility';
import { useFormat } from '../../../app/route-context';
import { CHART_BASE, colourOf, round4, useCv } from '../cv-context';
import { ChartWidget } from './ChartWidget';
import type { ChartData } from './WidgetFrame';

export function RankRangesWidget() {
  const cv = useCv();
  const r = useCvRankRanges(cv.params);
  const data = r.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const keys = data.items[0]?.ranges.map((x) => x.key) ?? [];
    const chartData: ChartData = {
      columns: ['target', 'range', 'keywords'],
      rows: data.items.flatMap((t) => t.ranges.map((x) => [t.key, x.key, x.keywords])),
    };
    const option = {
      ...CHART_BASE,
      xAxis: { type: 'category', data: keys, axisLabel: { interval: 0 } },
      yAxis: { type: 'value' },
      series: data.items.map((t) => ({
        name: t.label,
        type: 'bar',
        color: colourOf(t),
        data: keys.map((k) => t.ranges.find((x) => x.key === k)?.keywords ?? 0),
      })),
    };
    return { chartData, option };
  }, [data]);
  return (
    <ChartWidget
      id="rank-ranges"
      title="Rank ranges"
      description="Keywords per position range at the point date"
      resource={r}
      isEmpty={(d) => d.items.every((t) => t.ranking === 0)}
      chart={chart}
      height={240}
      label="Keywords per rank range"
    />
  );
}

export function SearchVolumeRangesWidget() {
  const cv = useCv();
  const r = useCvSearchVolumeRanges(cv.params);
  const format = useFormat();
  const data = r.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const chartData: ChartData = {
      columns: ['range', 'target', 'visibilityScore', 'ranking'],
      rows: data.items.flatMap((x) =>
        x.domains.map((d) => [x.key, d.key, round4(d.visibilityScore), d.ranking]),
      ),
    };
    const option = {
      ...CHART_BASE,
      xAxis: { type: 'category', data: data.items.map((x) => x.key), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', axisLabel: { formatter: format.compact } },
      series: data.domains.map((t) => ({
        name: t.label,
        type: 'bar',
        color: colourOf(t),
        data: data.items.map((x) => x.domains.find((d) => d.key === t.key)?.visibilityScore ?? 0),
      })),
    };
    return { chartData, option };
  }, [data, format]);
  return (
    <ChartWidget
      id="search-volume-ranges"
      title="Search-volume ranges"
      description="Visibility score per search-volume range of the keywords"
      resource={r}
      isEmpty={(d) => d.items.length === 0}
      chart={chart}
      height={240}
      label="Visibility score per search-volume range"
    />
  );
}

export function KeywordsByVolumeWidget() {
  const cv = useCv();
  const r = useCvSearchVolumeRanges(cv.params);
  const data = r.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const chartData: ChartData = {
      columns: ['range', 'keywords'],
      rows: data.items.map((x) => [x.key, x.keywords]),
    };
    const option = {
      ...CHART_BASE,
      legend: { show: false },
      xAxis: { type: 'category', data: data.items.map((x) => x.key), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value' },
      series: [{ type: 'bar', name: 'Keywords', color: '#4c6ef5', data: data.items.map((x) => x.keywords) }],
    };
    return { chartData, option };
  }, [data]);
  return (
    <ChartWidget
      id="keywords-by-search-volume"
      title="Keywords by search volume"
      description="Keywords of the campaign per monthly search-volume range"
      resource={r}
      isEmpty={(d) => d.items.every((x) => x.keywords === 0)}
      chart={chart}
      height={220}
      label="Keywords per search-volume range"
    />
  );
}

function labelShareChart(data: CvLabelShareResponse, percent: (v: number) => string) {
  const chartData: ChartData = {
    columns: ['label', 'target', 'share', 'visibilityScore'],
    rows: data.items.flatMap((x) =>
      x.domains.map((d) => [x.label, d.key, round4(d.share), round4(d.visibilityScore)]),
    ),
  };
  const option = {
    ...CHART_BASE,
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: percent } },
    yAxis: { type: 'category', inverse: true, data: data.items.map((x) => x.label) },
    series: data.domains.map((t) => ({
      name: t.label,
      type: 'bar',
      stack: 'share',
      color: colourOf(t),
      data: data.items.map((x) => x.domains.find((d) => d.key === t.key)?.share ?? 0),
    })),
  };
  return { chartData, option };
}

function LabelShareWidget({ by }: { by: 'tags' | 'groups' }) {
  const cv = useCv();
  const r = useCvLabelShare(by, cv.params);
  const format = useFormat();
  const data = r.data;
  const id = by === 'tags' ? 'visibility-by-tag' : 'visibility-by-group';
  const chart = useMemo(
    () => (data ? labelShareChart(data, (v) => format.percent(v, 0)) : null),
    [data, format],
  );
  const noun = by === 'tags' ? 'tag' : 'keyword group';
  return (
    <ChartWidget
      id={id}
      title={`Visibility share by ${noun}`}
      description={`Share of visibility score among the keywords of each ${noun}`}
      emptyText={`The campaign’s keywords have no ${noun}s, or none match the filters.`}
      resource={r}
      isEmpty={(d) => d.items.length === 0}
      chart={chart}
      height={Math.max(180, 30 * (data?.items.length ?? 0) + 60)}
      label={`Visibility share by ${noun}`}
    />
  );
}

export const ShareByTagWidget = () => <LabelShareWidget by="tags" />;
export const ShareByGroupWidget = () => <LabelShareWidget by="groups" />;
