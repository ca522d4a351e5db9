// A dashboard widget's date range in the terms each screen reads: start and end days (campaign and project
// visibility), or the span before the latest snapshot (market share, which takes only a span). Pure: the
// caller gives today (YYYY-MM-DD).
import type { WidgetRange } from '@contracts/dashboards';
import { dateBefore, TIME_SPANS } from '@core/date-range';
import type { TimeSpan } from '@core/date-range';

const SPAN_WORDS: Record<TimeSpan, string> = {
  week: 'last week',
  month: 'last month',
  quarter: 'last 3 months',
  'half-year': 'last 6 months',
  year: 'last 12 months',
};

/** Inclusive days, YYYY-MM-DD: a relative range ends today. */
export function rangeDates(range: WidgetRange, today: string): { startDate: string; endDate: string } {
  return range.kind === 'fixed'
    ? { startDate: range.from, endDate: range.to }
    : { startDate: dateBefore(today, range.span), endDate: today };
}

/** The span of a relative range; for a fixed one the shortest span back from today that reaches its start. */
export function rangeSpan(range: WidgetRange, today: string): TimeSpan {
  if (range.kind === 'relative') return range.span;
  return TIME_SPANS.find((s) => dateBefore(today, s) <= range.from) ?? 'year';
}

export function rangeLabel(range: WidgetRange): string {
  return range.kind === 'fixed' ? `${range.from} – ${range.to}` : SPAN_WORDS[range.span];
}

export const RANGE_CHOICES = TIME_SPANS.map((span) => ({ value: span, label: SPAN_WORDS[span] }));
