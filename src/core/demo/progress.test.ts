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

  it('estimates the seconds left from the SERP weeks written so far, running down between them', () => {
    expect(demoEtaSeconds({ phase: 'keywords', done: 1, total: 2 }, 5_000, 5_000)).toBeNull();
    expect(demoEtaSeconds({ phase: 'serps', done: 0, total: 52 }, 0, 5_000)).toBeNull();
    // 4 weeks in 10 s: 52 take 130 s, 120 s of them left at the 4th week and 117 s three seconds later.
    expect(demoEtaSeconds({ phase: 'serps', done: 4, total: 52 }, 10_000, 10_000)).toBe(120);
    expect(demoEtaSeconds({ phase: 'serps', done: 4, total: 52 }, 10_000, 13_000)).toBe(117);
    // Slower than its pace so far: none left rather than a negative estimate.
    expect(demoEtaSeconds({ phase: 'serps', done: 51, total: 52 }, 90_000, 95_000)).toBe(0);
    expect(demoEtaSeconds({ phase: 'serps', done: 52, total: 52 }, 90_000, 90_000)).toBe(0);
  });
});
