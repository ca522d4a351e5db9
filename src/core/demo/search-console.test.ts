// The demo's Search Console rows: deterministic, one row per day × query × page × country × device with
// impressions, clicks within them at about the default curve's rate, positions from the snapshot covering the
// day, the most seen queries kept, brand queries first with a high CTR.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CTR_MODEL, ctrAt } from '../metrics/ctr-model';
import { demoSearchConsoleRows, type DemoGscInput, type DemoGscRanking } from './search-console';

const rankings: DemoGscRanking[] = [];
for (let k = 0; k < 40; k++) {
  for (const [w, date] of ['2026-01-05', '2026-01-12'].entries()) {
    rankings.push({
      keyword: `keyword ${k}`,
      sv: 100 * (k + 1),
      date,
      position: w === 0 ? 6 : 3,
      url: `https://www.example.com/p${k}`,
    });
  }
}
const input: DemoGscInput = {
  seed: 7,
  site: 'example.com',
  rankings,
  from: '2026-01-05',
  to: '2026-01-18',
  countries: ['gbr', 'irl'],
  brand: [{ query: 'example', sv: 2400 }],
  homepage: 'https://www.example.com/',
  maxQueries: 10,
};

describe('demoSearchConsoleRows', () => {
  const rows = demoSearchConsoleRows(input);

  it('gives the same rows for the same input and seed, others for another seed', () => {
    expect(demoSearchConsoleRows(input)).toEqual(rows);
    expect(demoSearchConsoleRows({ ...input, seed: 8 })).not.toEqual(rows);
  });

  it('keeps the most searched queries and the brand, within the days asked', () => {
    const queries = new Set(rows.map((r) => r.keys[1]));
    expect([...queries].sort()).toEqual(
      ['example', ...Array.from({ length: 10 }, (_, i) => `keyword ${39 - i}`)].sort(),
    );
    const dates = rows.map((r) => r.keys[0]).sort();
    expect(dates[0]).toBe('2026-01-05');
    expect(dates.at(-1)).toBe('2026-01-18');
    expect(new Set(rows.map((r) => r.keys[3]))).toEqual(new Set(['gbr', 'irl']));
    expect(new Set(rows.map((r) => r.keys[4]))).toEqual(new Set(['mobile', 'desktop', 'tablet']));
  });

  it('draws clicks within impressions at about the curve’s rate for the snapshot covering the day', () => {
    for (const r of rows) {
      expect(r.impressions).toBeGreaterThan(0);
      expect(r.clicks).toBeGreaterThanOrEqual(0);
      expect(r.clicks).toBeLessThanOrEqual(r.impressions);
      expect(r.ctr).toBe(r.clicks / r.impressions);
      expect(r.position).toBeGreaterThanOrEqual(1);
    }
    const week = (from: string, to: string) =>
      rows.filter((r) => r.keys[1] !== 'example' && r.keys[0] >= from && r.keys[0] <= to);
    const mean = (rs: typeof rows) =>
      rs.reduce((a, r) => a + r.position * r.impressions, 0) / rs.reduce((a, r) => a + r.impressions, 0);
    expect(mean(week('2026-01-05', '2026-01-11'))).toBeCloseTo(6.3, 0);
    expect(mean(week('2026-01-12', '2026-01-18'))).toBeCloseTo(3.3, 0);
    const second = week('2026-01-12', '2026-01-18');
    const ctr = second.reduce((a, r) => a + r.clicks, 0) / second.reduce((a, r) => a + r.impressions, 0);
    // Per-query appeal spreads it (log-normal, σ 0.35): within half to twice the curve's value.
    expect(ctr).toBeGreaterThan(ctrAt(DEFAULT_CTR_MODEL, 3) / 2);
    expect(ctr).toBeLessThan(ctrAt(DEFAULT_CTR_MODEL, 3) * 2);
    const brand = rows.filter((r) => r.keys[1] === 'example');
    expect(brand.every((r) => r.keys[2] === 'https://www.example.com/')).toBe(true);
    const brandCtr = brand.reduce((a, r) => a + r.clicks, 0) / brand.reduce((a, r) => a + r.impressions, 0);
    expect(brandCtr).toBeGreaterThan(ctrAt(DEFAULT_CTR_MODEL, 1));
  });
});
