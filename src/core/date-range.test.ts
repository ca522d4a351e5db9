import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  dateBefore,
  dateRange,
  defaultDateRange,
  isCompleteRange,
  isoDateInZone,
  isValidIsoDate,
  normaliseIsoDate,
  subtractMonths,
} from './date-range';

describe('isValidIsoDate', () => {
  it('accepts real calendar dates written YYYY-MM-DD', () => {
    expect(isValidIsoDate('2025-03-14')).toBe(true);
    expect(isValidIsoDate('2024-02-29')).toBe(true);
  });

  it('refuses impossible dates, other formats and non-strings', () => {
    for (const bad of [
      '2023-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-04-31',
      '2025-3-14',
      '14/03/2025',
      '',
      'x',
    ]) {
      expect(isValidIsoDate(bad), bad).toBe(false);
    }
    expect(isValidIsoDate(null)).toBe(false);
    expect(isValidIsoDate(20250314)).toBe(false);
  });
});

describe('dateRange', () => {
  it('stores each invalid bound as null (spec §3)', () => {
    expect(dateRange('2025-01-01', '2025-02-30')).toEqual({ startDate: '2025-01-01', endDate: null });
    expect(dateRange(undefined, '2025-02-28')).toEqual({ startDate: null, endDate: '2025-02-28' });
    expect(normaliseIsoDate('2025-06-01')).toBe('2025-06-01');
  });

  it('calls a range complete only when both bounds are set and ordered', () => {
    expect(isCompleteRange({ startDate: '2025-01-01', endDate: '2025-01-01' })).toBe(true);
    expect(isCompleteRange({ startDate: '2025-02-01', endDate: '2025-01-01' })).toBe(false);
    expect(isCompleteRange({ startDate: null, endDate: '2025-01-01' })).toBe(false);
  });
});

describe('subtractMonths', () => {
  it('moves back whole calendar months across years', () => {
    expect(subtractMonths('2025-03-14', 6)).toBe('2024-09-14');
    expect(subtractMonths('2025-01-01', 1)).toBe('2024-12-01');
  });

  it('clamps a day missing in the target month to its last day', () => {
    expect(subtractMonths('2024-08-31', 6)).toBe('2024-02-29');
    expect(subtractMonths('2025-08-31', 6)).toBe('2025-02-28');
  });

  it('refuses an invalid date', () => {
    expect(() => subtractMonths('2025-02-30', 1)).toThrow(RangeError);
  });

  it('always yields a valid date not after the input', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.nat(240),
        (d, months) => {
          const iso = d.toISOString().slice(0, 10);
          const back = subtractMonths(iso, months);
          expect(isValidIsoDate(back)).toBe(true);
          expect(back <= iso).toBe(true);
        },
      ),
    );
  });
});

describe('addDays', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-06-15', -29)).toBe('2025-05-17');
  });
});

describe('defaultDateRange', () => {
  it('is the last 6 months ending today (spec §9)', () => {
    expect(defaultDateRange(new Date('2025-03-14T10:00:00Z'))).toEqual({
      startDate: '2024-09-14',
      endDate: '2025-03-14',
    });
  });

  it('takes today in the given time zone', () => {
    const now = new Date('2025-03-14T23:30:00Z');
    expect(isoDateInZone(now, 'UTC')).toBe('2025-03-14');
    expect(isoDateInZone(now, 'Europe/Berlin')).toBe('2025-03-15');
    expect(defaultDateRange(now, 'America/New_York').endDate).toBe('2025-03-14');
  });
});

describe('dateBefore', () => {
  it('reaches back one span: 7 days, or calendar months clamped to the month end', () => {
    expect(dateBefore('2026-03-31', 'week')).toBe('2026-03-24');
    expect(dateBefore('2026-03-31', 'month')).toBe('2026-02-28');
    expect(dateBefore('2026-05-31', 'quarter')).toBe('2026-02-28');
    expect(dateBefore('2026-08-31', 'half-year')).toBe('2026-02-28');
    expect(dateBefore('2024-02-29', 'year')).toBe('2023-02-28');
  });
});
