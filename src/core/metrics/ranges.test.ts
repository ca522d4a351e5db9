import { describe, expect, it } from 'vitest';
import { A, ALL, B, D1, D2, DATA, P } from './fixture.test-support';
import {
  bestPosition,
  rankRangeOf,
  rankRanges,
  searchVolumeRangeOf,
  searchVolumeRanges,
  SEARCH_VOLUME_RANGE_KEYS,
} from './ranges';

describe('best position', () => {
  it('is the smallest matching position; none when absent', () => {
    expect(bestPosition(DATA, A, 1, D1)).toBe(1); // www.a.com 1, blog.a.com 2
    expect(bestPosition(DATA, A, 2, D1)).toBe(4);
    expect(bestPosition(DATA, A, 4, D1)).toBe(12);
    expect(bestPosition(DATA, P, 1, D1)).toBeNull();
    expect(bestPosition(DATA, A, 4, D2)).toBeNull(); // k4's only snapshot is 7 days old at D2
  });

  it('respects the result-type filter', () => {
    expect(bestPosition(DATA, A, 2, D2)).toBe(3);
    expect(bestPosition(DATA, A, 2, D2, { resultTypes: ['featured_snippet'] })).toBe(4);
  });
});

describe('rank ranges 1–3, 4–10, 11–20, 21–50, 51–100', () => {
  it('buckets positions at the bounds', () => {
    expect([1, 3, 4, 10, 11, 20, 21, 50, 51, 100].map(rankRangeOf)).toEqual([
      '1-3',
      '1-3',
      '4-10',
      '4-10',
      '11-20',
      '11-20',
      '21-50',
      '21-50',
      '51-100',
      '51-100',
    ]);
    expect(() => rankRangeOf(0)).toThrow(RangeError);
  });

  it('counts keywords by best position', () => {
    // D1, a.com: k1 best 1, k2 best 4, k3 best 1 (volume does not matter here), k4 best 12
    expect(rankRanges(DATA, A, ALL, D1)).toEqual({
      '1-3': 2,
      '4-10': 1,
      '11-20': 1,
      '21-50': 0,
      '51-100': 0,
    });
    // D2: k1 best 2, k2 best 3; k3 (2024-01-05 snapshot) has no a.com result; k4 is not measured
    expect(rankRanges(DATA, A, ALL, D2)).toEqual({
      '1-3': 2,
      '4-10': 0,
      '11-20': 0,
      '21-50': 0,
      '51-100': 0,
    });
  });
});

describe('search-volume ranges', () => {
  it('buckets volumes at the bounds; unknown is its own range; 0 is in the first', () => {
    const cases: [number | null, string][] = [
      [0, '1-10'],
      [1, '1-10'],
      [10, '1-10'],
      [11, '11-100'],
      [100, '11-100'],
      [101, '101-1000'],
      [1000, '101-1000'],
      [1001, '1001-10000'],
      [10000, '1001-10000'],
      [10001, '10001-100000'],
      [100000, '10001-100000'],
      [100001, '>100000'],
      [null, 'unknown'],
    ];
    for (const [sv, key] of cases) expect(searchVolumeRangeOf(sv)).toBe(key);
    expect(SEARCH_VOLUME_RANGE_KEYS).toHaveLength(7);
  });

  it('counts keywords per range and each target’s ranking keywords and VS', () => {
    const ranges = searchVolumeRanges(DATA, [A, B], ALL, D1);
    const get = (key: string) => ranges.find((r) => r.key === key)!;
    // k1 1000 and k2 200 → 101–1000; k4 50 → 11–100; k3 unknown
    expect(ranges.map((r) => [r.key, r.keywords])).toEqual([
      ['1-10', 0],
      ['11-100', 1],
      ['101-1000', 2],
      ['1001-10000', 0],
      ['10001-100000', 0],
      ['>100000', 0],
      ['unknown', 1],
    ]);
    // a.com in 101–1000: k1 442 + k2 16 = 458 on 2 keywords; 11–100: k4 0.59; unknown: ranks on k3, VS 0
    expect(get('101-1000').byTarget.get('a.com')!.ranking).toBe(2);
    expect(get('101-1000').byTarget.get('a.com')!.visibilityScore).toBeCloseTo(458, 9);
    expect(get('11-100').byTarget.get('a.com')!.visibilityScore).toBeCloseTo(0.59, 9);
    expect(get('unknown').byTarget.get('a.com')).toEqual({ ranking: 1, visibilityScore: 0 });
    // b.com: k1 110 + k2 57 = 167
    expect(get('101-1000').byTarget.get('b.com')!.visibilityScore).toBeCloseTo(167, 9);
    expect(get('11-100').byTarget.get('b.com')).toEqual({ ranking: 0, visibilityScore: 0 });
  });
});
