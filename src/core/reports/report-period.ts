// A report's period resolved to two inclusive days (YYYY-MM-DD) on the day it is generated: a fixed period
// as given; last week = the Monday–Sunday week before the current one; last month = the calendar month
// before the current one; month to date = the 1st of the current month to today. Pure: the caller gives today.
import { addDays } from '../date-range';

export const RELATIVE_REPORT_PERIODS = ['last-week', 'last-month', 'month-to-date'] as const;
export type RelativeReportPeriod = (typeof RELATIVE_REPORT_PERIODS)[number];

export type ReportPeriodSpec =
  { kind: 'relative'; span: RelativeReportPeriod } | { kind: 'fixed'; from: string; to: string };

export interface ResolvedPeriod {
  from: string;
  to: string;
  /** For the cover page and file names, e.g. "last month (2026-10-01 – 2026-10-31)". */
  label: string;
}

export const PERIOD_WORDS: Record<RelativeReportPeriod, string> = {
  'last-week': 'last week',
  'last-month': 'last month',
  'month-to-date': 'month to date',
};

/** 0 = Monday … 6 = Sunday, of a YYYY-MM-DD day (UTC calendar). */
function weekday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function resolveReportPeriod(period: ReportPeriodSpec, today: string): ResolvedPeriod {
  if (period.kind === 'fixed') {
    return { from: period.from, to: period.to, label: `${period.from} – ${period.to}` };
  }
  let from: string;
  let to: string;
  if (period.span === 'last-week') {
    const monday = addDays(today, -weekday(today));
    from = addDays(monday, -7);
    to = addDays(monday, -1);
  } else if (period.span === 'last-month') {
    const first = `${today.slice(0, 7)}-01`;
    to = addDays(first, -1);
    from = `${to.slice(0, 7)}-01`;
  } else {
    from = `${today.slice(0, 7)}-01`;
    to = today;
  }
  return { from, to, label: `${PERIOD_WORDS[period.span]} (${from} – ${to})` };
}
