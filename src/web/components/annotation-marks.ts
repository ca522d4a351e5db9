// Annotations on a time chart (issue 29 item 6): adds an ECharts markLine to a line chart's option — one
// dashed vertical line per point date that holds annotations (core placeAnnotations: the nearest point date,
// none outside the chart's range), labelled with the title, its tooltip giving date, title and note.
import type { Annotation } from '@contracts/annotations';
import { placeAnnotations } from '@core/annotations';

/** Grey of the lines and labels: apart from every series colour of the palette. */
const MARK_COLOUR = '#868e96';

const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (c) => `&#${c.codePointAt(0)!};`);

/** The label of a line: the title, or the first title and how many more share the point. */
export function markLabel(annotations: readonly Pick<Annotation, 'title'>[]): string {
  const [first, ...rest] = annotations;
  return rest.length === 0 ? (first?.title ?? '') : `${first!.title} +${rest.length}`;
}

/** The tooltip of a line as HTML (ECharts renders it so): every annotation's date, title and note, escaped. */
export function markTooltip(annotations: readonly Pick<Annotation, 'date' | 'title' | 'note'>[]): string {
  return annotations
    .map(
      (a) =>
        `<b>${escapeHtml(a.title)}</b> · ${escapeHtml(a.date)}` +
        (a.note === null ? '' : `<br/>${escapeHtml(a.note).replaceAll('\n', '<br/>')}`),
    )
    .join('<br/><br/>');
}

interface SeriesOption {
  [key: string]: unknown;
}

/**
 * `option` with the annotations drawn on its category x axis, whose categories are `dates` (YYYY-MM-DD, in
 * axis order). The lines belong to an extra, unnamed series without points: no legend entry, so hiding a
 * domain never hides them. They are placed by category index, so an axis showing formatted labels works
 * the same. Unchanged when nothing falls within the dates.
 */
export function withAnnotationMarks<O extends { series: SeriesOption[] }>(
  option: O,
  annotations: readonly Annotation[] | undefined,
  dates: readonly string[],
): O {
  const placed = placeAnnotations(annotations ?? [], dates);
  if (placed.length === 0) return option;
  const index = new Map(dates.map((d, i) => [d, i]));
  const tips = placed.map((p) => markTooltip(p.annotations));
  const markLine = {
    symbol: ['none', 'none'],
    animation: false,
    lineStyle: { type: 'dashed', color: MARK_COLOUR, width: 1 },
    label: { show: true, position: 'insideEndTop', color: MARK_COLOUR, fontSize: 10, formatter: '{b}' },
    emphasis: { label: { show: true } },
    tooltip: { trigger: 'item', formatter: (p: { dataIndex: number }) => tips[p.dataIndex] ?? '' },
    data: placed.map((p) => ({ name: markLabel(p.annotations), xAxis: index.get(p.at)! })),
  };
  return { ...option, series: [...option.series, { type: 'line', data: [], markLine }] };
}
