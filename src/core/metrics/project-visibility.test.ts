import { describe, expect, it } from 'vitest';
import { sumSeries, targetSummary, unionParts, type PvSeries } from './project-visibility';

describe('unionParts', () => {
  it('gives a keyword shared by two campaigns of a market to the earlier campaign only', () => {
    const parts = unionParts([
      { campaignId: 7, market: 'gb-en', keywordIds: [3, 4, 5] },
      { campaignId: 2, market: 'gb-en', keywordIds: [1, 2, 3] },
      { campaignId: 9, market: 'de-de', keywordIds: [3] },
      { campaignId: 11, market: 'gb-en', keywordIds: [1, 4] },
    ]);
    expect(parts).toEqual([
      { campaignId: 2, market: 'gb-en', whole: true, keywordIds: [1, 2, 3] },
      { campaignId: 7, market: 'gb-en', whole: false, keywordIds: [4, 5] },
      // Another market: the same keyword id is another keyword.
      { campaignId: 9, market: 'de-de', whole: true, keywordIds: [3] },
      { campaignId: 11, market: 'gb-en', whole: false, keywordIds: [] },
    ]);
  });
});

const point = (date: string, keywords: number, max: number, vs: number[]) => ({
  date,
  keywords,
  maxVisibilityScore: max,
  visibilityScores: vs,
});

describe('sumSeries', () => {
  it('adds parts point by point and carries the point of a part for at most 6 days', () => {
    const a: PvSeries = {
      keywords: 2,
      unknownVolume: 1,
      points: [point('2025-01-06', 2, 100, [10, 5]), point('2025-01-13', 2, 100, [20, 0])],
    };
    const b: PvSeries = {
      keywords: 1,
      unknownVolume: 0,
      points: [point('2025-01-08', 1, 50, [1, 2]), point('2025-01-20', 1, 50, [3, 4])],
    };
    const total = sumSeries([a, b], 2);
    expect(total.keywords).toBe(3);
    expect(total.unknownVolume).toBe(1);
    expect(total.points).toEqual([
      point('2025-01-06', 2, 100, [10, 5]),
      // a from 01-06 (2 days old), b at 01-08.
      point('2025-01-08', 3, 150, [11, 7]),
      // a at 01-13, b from 01-08 (5 days old).
      point('2025-01-13', 3, 150, [21, 2]),
      // a from 01-13 (7 days old: dropped), b at 01-20.
      point('2025-01-20', 1, 50, [3, 4]),
    ]);
  });

  it('is empty without parts', () => {
    expect(sumSeries([], 3)).toEqual({ keywords: 0, unknownVolume: 0, points: [] });
  });
});

describe('targetSummary', () => {
  it('gives VS, visibility and share at the last point with deltas from the first', () => {
    const s = targetSummary(
      {
        keywords: 2,
        unknownVolume: 0,
        points: [point('2025-01-06', 2, 200, [50, 50]), point('2025-01-13', 2, 200, [100, 25])],
      },
      0,
    );
    expect(s.visibilityScore).toBe(100);
    expect(s.visibilityScoreDeltas).toEqual({ delta: 50, percentageDelta: 100 });
    expect(s.visibility).toBe(50);
    expect(s.visibilityDeltas).toEqual({ delta: 25, percentageDelta: 100 });
    expect(s.share).toBe(80);
    expect(s.shareDeltas).toEqual({ delta: 30, percentageDelta: 60 });
  });

  it('is zero for an empty series', () => {
    const s = targetSummary({ keywords: 0, unknownVolume: 0, points: [] }, 0);
    expect(s.visibilityScore).toBe(0);
    expect(s.shareDeltas).toEqual({ delta: 0, percentageDelta: null });
    expect(s.series).toEqual([]);
  });
});
