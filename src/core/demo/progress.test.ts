import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEMO_PHASES, demoEtaSeconds, demoPercent } from './progress';

describe('demo generation progress', () => {
  it('runs from 0 to 100 % over the phases, the SERP weeks being most of it', () => {
    expect(demoPercent({ phase: 'plan', done: 0, total: 1 })).toBe(0);
    expect(demoPercent({ phase: 'keywords', done: 1, total: 2 })).toBe(1.5);
    expect(demoPercent({ phase: 'serps', done: 0, total: 52 })).toBe(2);
    expect(demoPercent({ phase: 'serps', done: 26, total: 52 })).toBe(51);
    expect(demoPercent({ phase: 'serps', done: 52, total: 52 })).toBe(100);
  });

  it('never goes back as the phases and their steps advance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (total) => {
        const points = DEMO_PHASES.flatMap((phase) =>
          Array.from({ length: total + 1 }, (_, done) => demoPercent({ phase, done, total })),
        );
        points.forEach((p, i) => {
          expect(p).toBeGreaterThanOrEqual(i === 0 ? 0 : points[i - 1]!);
          expect(p).toBeLessThanOrEqual(100);
        });
      }),
    );
  });

  it('estimates the seconds left from the pace of the SERP weeks after the first, running down between them', () => {
    const times = (latestMs: number, nowMs: number) => ({ firstMs: 6_000, latestMs, nowMs });
    expect(demoEtaSeconds({ phase: 'keywords', done: 1, total: 2 }, times(6_000, 6_000))).toBeNull();
    expect(demoEtaSeconds({ phase: 'serps', done: 1, total: 52 }, times(6_000, 7_000))).toBeNull();
    // Weeks 2–5 in 8 s, 2 s each: 47 more take 94 s, 91 s of them left 3 s later.
    expect(demoEtaSeconds({ phase: 'serps', done: 5, total: 52 }, times(14_000, 14_000))).toBe(94);
    expect(demoEtaSeconds({ phase: 'serps', done: 5, total: 52 }, times(14_000, 17_000))).toBe(91);
    // Slower than its pace so far: none left rather than a negative estimate.
    expect(demoEtaSeconds({ phase: 'serps', done: 51, total: 52 }, times(106_000, 120_000))).toBe(0);
    expect(demoEtaSeconds({ phase: 'serps', done: 52, total: 52 }, times(108_000, 108_000))).toBe(0);
  });
});
