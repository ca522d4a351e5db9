// The selected date range (spec §3): startDate and endDate as YYYY-MM-DD, each null when invalid, starting
// as the last 6 months ending today in the browser's time zone.
import { create } from 'zustand';
import { dateRange, defaultDateRange } from '@core/date-range';
import type { DateRange } from '@core/date-range';

export interface DateRangeState extends DateRange {
  /** Sets both bounds; a value that is not a valid date is stored as null. */
  setDateRange: (startDate: unknown, endDate: unknown) => void;
  /** Back to the default range for the instant `now`. */
  reset: (now: Date, timeZone?: string) => void;
}

let zone: string | null = null;

/** The browser's IANA time zone, looked up once (each lookup builds an Intl formatter: ≈1 ms). */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return zone;
}

export const useDateRangeStore = create<DateRangeState>()((set) => ({
  ...defaultDateRange(new Date(), browserTimeZone()),
  setDateRange: (startDate, endDate) => set(dateRange(startDate, endDate)),
  reset: (now, timeZone = browserTimeZone()) => set(defaultDateRange(now, timeZone)),
}));
