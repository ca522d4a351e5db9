// The date range of spec §3: startDate and endDate as `YYYY-MM-DD` calendar dates, each stored as null when
// invalid, defaulting to the last 6 months ending today (§9). Pure: the caller passes `now` and the time
// zone whose calendar decides what "today" is.

export interface DateRange {
  startDate: string | null;
  endDate: string | null;
}

/** Months back from today that the default range starts (spec §9). */
export const DEFAULT_RANGE_MONTHS = 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids any zone shift.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseCalendarDate(value: string): CalendarDate | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function formatCalendarDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/** True for a real calendar date written `YYYY-MM-DD` (so 2023-02-29 is false). */
export function isValidIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseCalendarDate(value) !== null;
}

/** The value itself when it is a valid `YYYY-MM-DD` date, otherwise null (spec §3: stored as null if invalid). */
export function normaliseIsoDate(value: unknown): string | null {
  return isValidIsoDate(value) ? value : null;
}

/** Builds a range from raw values; each bound that is not a valid date becomes null. */
export function dateRange(startDate: unknown, endDate: unknown): DateRange {
  return { startDate: normaliseIsoDate(startDate), endDate: normaliseIsoDate(endDate) };
}

/** The calendar date of instant `now` in `timeZone` (an IANA name such as 'Europe/London'), as `YYYY-MM-DD`. */
export function isoDateInZone(now: Date, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatCalendarDate({ year: get('year'), month: get('month'), day: get('day') });
}

/**
 * `date` moved back by `months` calendar months; a day that does not exist in the target month is clamped to
 * that month's last day (2024-08-31 minus 6 months is 2024-02-29).
 */
export function subtractMonths(date: string, months: number): string {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`expected a date as YYYY-MM-DD, got '${date}'`);
  const index = d.year * 12 + (d.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return formatCalendarDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) });
}

/** `date` moved by `days` calendar days (negative moves back). */
export function addDays(date: string, days: number): string {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`expected a date as YYYY-MM-DD, got '${date}'`);
  const shifted = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return formatCalendarDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** The `time` parameter of spec §2 (market share, market explorer, recommendation, clusters); default year. */
export const TIME_SPANS = ['week', 'month', 'quarter', 'half-year', 'year'] as const;
export type TimeSpan = (typeof TIME_SPANS)[number];
export const DEFAULT_TIME_SPAN: TimeSpan = 'year';
const SPAN_MONTHS = { month: 1, quarter: 3, 'half-year': 6, year: 12 } as const;

/** The date `time` before `date`: a week is 7 days, the others calendar months (clamped to month end). */
export function dateBefore(date: string, time: TimeSpan): string {
  return time === 'week' ? addDays(date, -7) : subtractMonths(date, SPAN_MONTHS[time]);
}

/** The default range of spec §9: 6 months back to today, today taken in `timeZone`. */
export function defaultDateRange(now: Date, timeZone = 'UTC'): { startDate: string; endDate: string } {
  const endDate = isoDateInZone(now, timeZone);
  return { startDate: subtractMonths(endDate, DEFAULT_RANGE_MONTHS), endDate };
}

/** True when both bounds are set and the start is not after the end. */
export function isCompleteRange(range: DateRange): range is { startDate: string; endDate: string } {
  return range.startDate !== null && range.endDate !== null && range.startDate <= range.endDate;
}
