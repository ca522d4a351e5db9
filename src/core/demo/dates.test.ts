import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isMonday, mondayOnOrBefore, weeklyDates } from './dates';

describe('demo dates', () => {
  it('finds the Monday on or before a date or instant', () => {
    expect(mondayOnOrBefore('2025-07-02T09:30:00Z')).toBe('2025-06-30');
    expect(mondayOnOrBefore('2025-06-30')).toBe('2025-06-30');
    expect(mondayOnOrBefore('2025-06-29')).toBe('2025-06-23');
    expect(() => mondayOnOrBefore('2025-02-30')).toThrow(RangeError);
  });

  it('lists weekly Mondays ending at the end date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 60 }), (day, weeks) => {
        const end = mondayOnOrBefore(new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString());
        const dates = weeklyDates(end, weeks);
        expect(dates).toHaveLength(weeks);
        expect(dates.at(-1)).toBe(end);
        expect(dates.every(isMonday)).toBe(true);
        expect([...dates].sort()).toEqual(dates);
      }),
    );
  });
});
