// Next runs of report schedules: daily, weekly and monthly timings in several zones, across both DST changes
// (Europe/Berlin and America/New_York), month ends (the 31st → last day of shorter months, 29 February in a
// leap year) and a run exactly at `after` (the next one, never the same one twice).
import { describe, expect, it } from 'vitest';
import { isTimeZone, nextRun, type ScheduleTiming } from './report-schedule';

const daily = (time: string, timeZone: string): ScheduleTiming => ({
  frequency: 'daily',
  weekday: null,
  dayOfMonth: null,
  time,
  timeZone,
});
const monthly = (dayOfMonth: number, time = '09:00', timeZone = 'UTC'): ScheduleTiming => ({
  frequency: 'monthly',
  weekday: null,
  dayOfMonth,
  time,
  timeZone,
});
const next = (t: ScheduleTiming, after: string) => nextRun(t, new Date(after)).toISOString();

/** The successive runs after `after`. */
function runs(t: ScheduleTiming, after: string, n: number): string[] {
  const out: string[] = [];
  let at = new Date(after);
  for (let i = 0; i < n; i++) {
    at = nextRun(t, at);
    out.push(at.toISOString());
  }
  return out;
}

describe('nextRun', () => {
  it('runs daily at the wall time of the zone, later today or tomorrow', () => {
    expect(next(daily('09:30', 'UTC'), '2026-03-10T08:00:00Z')).toBe('2026-03-10T09:30:00.000Z');
    expect(next(daily('09:30', 'UTC'), '2026-03-10T09:30:00Z')).toBe('2026-03-11T09:30:00.000Z');
    // Tokyo is UTC+9: 08:00 there is 23:00 UTC of the day before.
    expect(next(daily('08:00', 'Asia/Tokyo'), '2026-03-10T12:00:00Z')).toBe('2026-03-10T23:00:00.000Z');
  });

  it('keeps the wall time across spring forward and fall back (Europe/Berlin)', () => {
    expect(runs(daily('09:00', 'Europe/Berlin'), '2026-03-28T00:00:00Z', 3)).toEqual([
      '2026-03-28T08:00:00.000Z',
      // 29 March 2026: clocks go from 02:00 to 03:00, so 09:00 is UTC+2 from now on.
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    expect(runs(daily('09:00', 'Europe/Berlin'), '2026-10-24T00:00:00Z', 3)).toEqual([
      '2026-10-24T07:00:00.000Z',
      // 25 October 2026: back from 03:00 to 02:00, UTC+1 again.
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('moves a skipped time past the gap and runs a repeated time once', () => {
    // 02:30 does not exist in Berlin on 29 March 2026: it runs at 03:30 local (01:30 UTC).
    expect(runs(daily('02:30', 'Europe/Berlin'), '2026-03-28T12:00:00Z', 2)).toEqual([
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    // 02:30 happens twice on 25 October 2026: the first (UTC+2, 00:30 UTC) only, then the next day.
    expect(runs(daily('02:30', 'Europe/Berlin'), '2026-10-24T12:00:00Z', 2)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
    // New York springs forward on 8 March 2026 at 02:00.
    expect(next(daily('02:15', 'America/New_York'), '2026-03-08T05:00:00Z')).toBe('2026-03-08T07:15:00.000Z');
  });

  it('runs weekly on the weekday in the zone', () => {
    const monday: ScheduleTiming = {
      frequency: 'weekly',
      weekday: 1,
      dayOfMonth: null,
      time: '07:00',
      timeZone: 'America/New_York',
    };
    // Wednesday 11 March 2026 → Monday 16 March, 07:00 EDT (UTC−4).
    expect(runs(monday, '2026-03-11T12:00:00Z', 2)).toEqual([
      '2026-03-16T11:00:00.000Z',
      '2026-03-23T11:00:00.000Z',
    ]);
    // A Sunday run late in Auckland is still Sunday there, Saturday in UTC.
    const sunday = { ...monday, weekday: 0, time: '08:00', timeZone: 'Pacific/Auckland' };
    expect(next(sunday, '2026-06-01T00:00:00Z')).toBe('2026-06-06T20:00:00.000Z');
  });

  it('runs monthly on the day, or on the last day of a shorter month', () => {
    expect(runs(monthly(31), '2026-01-01T00:00:00Z', 5)).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
    ]);
    expect(next(monthly(30), '2028-02-01T00:00:00Z')).toBe('2028-02-29T09:00:00.000Z');
    expect(next(monthly(1), '2026-12-01T09:00:00Z')).toBe('2027-01-01T09:00:00.000Z');
    // The 1st at 00:30 in Berlin is still the last day of the month before in UTC.
    expect(next(monthly(1, '00:30', 'Europe/Berlin'), '2026-04-15T00:00:00Z')).toBe(
      '2026-04-30T22:30:00.000Z',
    );
  });

  it('refuses a malformed time and knows the zones', () => {
    expect(() => nextRun(daily('9:00', 'UTC'), new Date())).toThrow('HH:MM');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
