// Calibration maths (issue 30 item 6) on a hand-worked case: a custom curve (not the default), a duplicated
// result, a keyword of unknown volume, a day past the snapshot's 6-day reach and a partial first week.
import { describe, expect, it } from 'vitest';
import { calibrate, DAYS_PER_MONTH, mondayOf, scoresBySnapshot } from './calibration';

const values = Array.from({ length: 100 }, (_, i) => [0.5, 0.2, 0.1][i] ?? 0.01);
const model = { id: '7', values };
const input = {
  keywords: [
    { id: 1, sv: 300 },
    { id: 2, sv: null },
  ],
  hits: [
    { keywordId: 1, date: '2026-01-05', position: 1, url: 'https://a.com/x' },
    { keywordId: 1, date: '2026-01-05', position: 1, url: 'https://a.com/x' },
    { keywordId: 1, date: '2026-01-05', position: 3, url: 'https://a.com/y' },
    { keywordId: 2, date: '2026-01-05', position: 1, url: 'https://a.com/z' },
    { keywordId: 9, date: '2026-01-05', position: 1, url: 'https://a.com/q' },
    { keywordId: 1, date: '2026-01-12', position: 3, url: 'https://a.com/y' },
  ],
  snapshots: ['2026-01-12', '2026-01-05'],
  dailyClicks: [
    { date: '2026-01-06', clicks: 100 },
    { date: '2026-01-07', clicks: 10 },
    { date: '2026-01-11', clicks: 5 },
    { date: '2026-01-19', clicks: 3 },
  ],
  start: '2026-01-07',
  end: '2026-01-20',
  model,
};

describe('CTR calibration', () => {
  it('weeks start on Monday', () => {
    expect(mondayOf('2026-01-07')).toBe('2026-01-05');
    expect(mondayOf('2026-01-05')).toBe('2026-01-05');
    expect(mondayOf('2026-01-11')).toBe('2026-01-05');
  });

  it('scores a snapshot as Σ sv × ctr over distinct results of known keywords', () => {
    const s = scoresBySnapshot(input);
    expect(s.get('2026-01-05')).toBeCloseTo(300 * (0.5 + 0.1), 10);
    expect(s.get('2026-01-12')).toBeCloseTo(300 * 0.1, 10);
  });

  it('adds daily estimates (VS ÷ 30.4375) and clicks per week, with the ratio', () => {
    expect(DAYS_PER_MONTH).toBe(30.4375);
    const c = calibrate(input);
    expect(c.weeks.map((w) => [w.week, w.days, w.clicks])).toEqual([
      ['2026-01-05', 5, 15],
      ['2026-01-12', 7, 0],
      ['2026-01-19', 2, 3],
    ]);
    const [a, b, d] = c.weeks;
    expect(a!.estimatedClicks).toBeCloseTo((5 * 180) / 30.4375, 10);
    expect(a!.ratio).toBeCloseTo(15 / ((5 * 180) / 30.4375), 10);
    // 2026-01-18 is 6 days after the 01-12 snapshot (still used); 01-19 is 7 (no estimate).
    expect(b!.estimatedClicks).toBeCloseTo((7 * 30) / 30.4375, 10);
    expect(b!.ratio).toBe(0);
    expect(d!.estimatedClicks).toBe(0);
    expect(d!.ratio).toBeNull();
    expect(c.total.clicks).toBe(18);
    expect(c.total.estimatedClicks).toBeCloseTo(1110 / 30.4375, 10);
    expect(c.total.ratio).toBeCloseTo(18 / (1110 / 30.4375), 10);
  });
});
