// Fitted CTR curves: Wilson intervals against published values, pool-adjacent-violators by hand, and the
// fitted curve's shape (non-increasing, within 0–1, through well-measured monotone data).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitCurve, poolAdjacentViolators, wilson } from './ctr-fit';

describe('CTR fit', () => {
  it('gives the Wilson interval of 10 of 100 as 0.0552–0.1744', () => {
    const w = wilson(10, 100);
    expect(w.low).toBeCloseTo(0.05523, 4);
    expect(w.high).toBeCloseTo(0.17437, 4);
    expect(wilson(0, 50).low).toBe(0);
  });

  it('pools adjacent violators with their weights', () => {
    const blocks = poolAdjacentViolators([
      { x: 1, y: 0.3, w: 1 },
      { x: 2, y: 0.1, w: 1 },
      { x: 3, y: 0.2, w: 3 },
    ]);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.value).toBe(0.3);
    expect(blocks[1]!.value).toBeCloseTo(0.175, 12);
    expect(blocks[1]!.centre).toBeCloseTo(2.75, 12);
  });

  it('keeps monotone well-measured data and extrapolates past it', () => {
    const fit = fitCurve([
      { bucket: 1, clicks: 300, impressions: 1000 },
      { bucket: 2, clicks: 150, impressions: 1000 },
      { bucket: 3, clicks: 100, impressions: 1000 },
      { bucket: 40, clicks: 1, impressions: 5 },
    ])!;
    expect(fit.values.slice(0, 3)).toEqual([0.3, 0.15, 0.1]);
    expect(fit.lastReliable).toBe(3);
    expect(fit.values[3]).toBeLessThan(0.1);
    expect(fit.observed).toHaveLength(4);
  });

  it('is non-increasing and within 0–1 for any buckets', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ bucket: fc.integer({ min: 1, max: 100 }), clicks: fc.nat(500), extra: fc.nat(5000) }),
          { minLength: 1, maxLength: 40 },
        ),
        (raw) => {
          const byBucket = new Map(
            raw.map((r) => [
              r.bucket,
              { bucket: r.bucket, clicks: r.clicks, impressions: r.clicks + r.extra + 30 },
            ]),
          );
          const fit = fitCurve([...byBucket.values()])!;
          expect(fit.values).toHaveLength(100);
          for (let i = 1; i < 100; i++)
            expect(fit.values[i]!).toBeLessThanOrEqual(fit.values[i - 1]! + 1e-12);
          for (const v of fit.values) expect(v >= 0 && v <= 1).toBe(true);
        },
      ),
    );
  });
});
