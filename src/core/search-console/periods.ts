// Periods of the Search Console screens (issue 30): the previous period of the same length, and how far a
// day lies into its period (the daily chart sets day n of the current period beside day n of the previous).
import { addDays } from '../date-range';

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Whole days from `start` to `date` (0 on the start day). */
export function dayOffset(start: string, date: string): number {
  return dayNumber(date) - dayNumber(start);
}

/** The range of the same number of days just before `r` (inclusive ends). */
export function precedingRange(r: { start: string; end: string }): { start: string; end: string } {
  const days = dayOffset(r.start, r.end) + 1;
  return { start: addDays(r.start, -days), end: addDays(r.start, -1) };
}
