// When a report schedule runs next (issue 31 item 5): daily, weekly on a weekday or monthly on a day of the
// month, at a wall-clock time in an IANA time zone. A monthly day past the month's end runs on its last day
// (the 31st → 30 April, 28/29 February). A time the clocks skip (spring forward) runs that much later (02:30
// → 03:30 in Berlin); a time that happens twice (fall back) runs at the first one only. Pure: the caller
// gives the instant to count from; the zone's rules come from the runtime's time-zone data (Intl).

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  /** 0 = Sunday … 6 = Saturday (weekly only). */
  weekday: number | null;
  /** 1–31 (monthly only). */
  dayOfMonth: number | null;
  /** Wall-clock time `HH:MM`, 24-hour. */
  time: string;
  /** IANA name, e.g. `Europe/Berlin`. */
  timeZone: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Candidate days scanned: more than a year, so any valid timing finds a run. */
const MAX_DAYS = 400;

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** True for a time-zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    format(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `ms` in the zone, read as if it were UTC (milliseconds). */
function wallOf(ms: number, timeZone: string): number {
  const parts = format(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC at instant `ms` (milliseconds, east positive). */
const offsetAt = (ms: number, timeZone: string) => wallOf(ms, timeZone) - Math.floor(ms / 1000) * 1000;

/**
 * The instant of wall-clock time `wall` (local time read as UTC, ms) in the zone: the earlier one when it
 * happens twice; when the clocks skip it, the instant as far after the skip as `wall` was into it.
 */
export function zonedInstant(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const valid = [before, after]
    .map((offset) => wall - offset)
    .filter((ms) => wallOf(ms, timeZone) === wall)
    .sort((a, b) => a - b);
  return valid[0] ?? wall - before;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function runsOn(t: ScheduleTiming, day: Date): boolean {
  if (t.frequency === 'daily') return true;
  if (t.frequency === 'weekly') return day.getUTCDay() === t.weekday;
  const last = daysInMonth(day.getUTCFullYear(), day.getUTCMonth());
  return day.getUTCDate() === Math.min(t.dayOfMonth ?? 1, last);
}

/** The first run of the timing strictly after `after`. */
export function nextRun(t: ScheduleTiming, after: Date): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(t.time);
  if (match === null) throw new RangeError(`expected a time as HH:MM, got '${t.time}'`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  const localToday = wallOf(after.getTime(), t.timeZone);
  // Midnight of the local day `after` falls on, as a UTC calendar day, then one day at a time.
  const start = localToday - (localToday % DAY_MS);
  // From the day before: a skipped late-evening time moved past midnight can still fall after `after`.
  for (let i = -1; i < MAX_DAYS; i++) {
    const day = new Date(start + i * DAY_MS);
    if (!runsOn(t, day)) continue;
    const at = zonedInstant(day.getTime() + minutes * MINUTE_MS, t.timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  throw new RangeError(`no run of the schedule within ${MAX_DAYS} days of ${after.toISOString()}`);
}
