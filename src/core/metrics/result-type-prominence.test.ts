import { describe, expect, it } from 'vitest';
import { A, ALL, C, D1, D2, D_MID, DATA, SPAN } from './fixture.test-support';
import { buildRankData } from './rank-data';
import { resultTypeProminence, roundsToZero } from './result-type-prominence';
import { domainTarget } from './targets';

describe('result-type prominence', () => {
  it('splits a.com’s VS by type, brand merged into organic, per point and in total', () => {
    const [a] = resultTypeProminence(DATA, [A], ALL, SPAN);
    // D1 and 2024-01-05: all organic (k1 442 of which the brand result at 2 is 157, k2 16, k4 0.59)
    expect(a!.points[0]).toEqual({
      date: D1,
      types: [{ resultType: 'organic', visibilityScore: expect.closeTo(458.59, 9), share: 100 }],
    });
    expect(a!.points[1]!.date).toBe(D_MID);
    // D2: organic k1 157 + k2 22 = 179, featured snippet k2 at 4: 200 × .08 = 16; 195 in all
    expect(a!.points[2]!.date).toBe(D2);
    expect(a!.points[2]!.types.map((t) => t.resultType)).toEqual(['organic', 'featured_snippet']);
    expect(a!.points[2]!.types[0]!.share).toBeCloseTo((179 / 195) * 100, 9);
    expect(a!.points[2]!.types[1]!.share).toBeCloseTo((16 / 195) * 100, 9);
    // total: organic 458.59 + 458.59 + 179 = 1096.18, featured snippet 16; 1112.18 in all
    expect(a!.total[0]!.visibilityScore).toBeCloseTo(1096.18, 9);
    expect(a!.total[0]!.share).toBeCloseTo((1096.18 / 1112.18) * 100, 9);
    expect(a!.total[1]!.share).toBeCloseTo((16 / 1112.18) * 100, 9);
  });

  it('c.co.uk at D1: news 72, video 10.2, organic 7.85 (of 90.05), in display order', () => {
    const [c] = resultTypeProminence(DATA, [C], ALL, { start: D1, end: D1 });
    expect(c!.points[0]!.types.map((t) => [t.resultType, t.visibilityScore])).toEqual([
      ['organic', expect.closeTo(7.85, 9)],
      ['news', expect.closeTo(72, 9)],
      ['video', expect.closeTo(10.2, 9)],
    ]);
  });

  it('drops a type whose share rounds to 0.0 % at one decimal', () => {
    // ctr(100) = .0053 × (20/100)² = 0.000212. k1 (sv 1000): organic at 1 → 285, image at 100 → 0.212;
    // k2 (sv 100): video at 100 → 0.0212.
    const data = buildRankData(
      [
        { id: 1, sv: 1000 },
        { id: 2, sv: 100 },
      ],
      [
        { keywordId: 1, date: D1, position: 1, resultType: 'organic', url: 'https://x.com/' },
        { keywordId: 1, date: D1, position: 100, resultType: 'image', url: 'https://x.com/i' },
        { keywordId: 2, date: D1, position: 100, resultType: 'video', url: 'https://x.com/v' },
      ],
    );
    // organic 285; image 0.212; video 100 × 0.000212 = 0.0212; total 285.2332
    // image 0.212 / 285.2332 × 100 = 0.0743 % → 0.1 (kept); video 0.00743 % → 0.0 (dropped)
    const [x] = resultTypeProminence(data, [domainTarget('x.com')], [1, 2], { start: D1, end: D1 });
    expect(x!.total.map((t) => t.resultType)).toEqual(['organic', 'image']);
    expect(x!.points[0]!.types.map((t) => t.resultType)).toEqual(['organic', 'image']);
    expect(x!.total[1]!.share).toBeCloseTo((0.212 / 285.2332) * 100, 9);
  });

  it('roundsToZero is the one-decimal display rule', () => {
    expect(roundsToZero(0)).toBe(true);
    expect(roundsToZero(0.049)).toBe(true);
    expect(roundsToZero(0.05)).toBe(false);
    expect(roundsToZero(-1)).toBe(true);
  });
});
