// Snapshot dates of the demo history: one per week, Mondays, ending at the plan's end date.

const DAY_MS = 86_400_000;

function parseDate(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return ms;
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Monday on or before an ISO date or instant (UTC). */
export function mondayOnOrBefore(dateOrInstant: string): string {
  const ms = parseDate(dateOrInstant.slice(0, 10));
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // 0 = Monday
  return format(ms - weekday * DAY_MS);
}

export function isMonday(date: string): boolean {
  return new Date(parseDate(date)).getUTCDay() === 1;
}

/** `weeks` dates, 7 days apart, ascending, the last being `endDate`. */
export function weeklyDates(endDate: string, weeks: number): string[] {
  const end = parseDate(endDate);
  return Array.from({ length: weeks }, (_, i) => format(end - (weeks - 1 - i) * 7 * DAY_MS));
}
