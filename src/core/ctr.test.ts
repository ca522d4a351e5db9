import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ctr, DEFAULT_CTR, MAX_POSITION } from './ctr';

describe('default CTR curve', () => {
  it('has the published values of DESIGN §3', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(ctr)).toEqual([
      0.285, 0.157, 0.11, 0.08, 0.072, 0.051, 0.04, 0.032, 0.028, 0.025,
    ]);
    expect([11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map(ctr)).toEqual([
      0.0135, 0.0118, 0.0105, 0.0094, 0.0085, 0.0077, 0.007, 0.0064, 0.0058, 0.0053,
    ]);
    expect(ctr(40)).toBeCloseTo(0.0053 / 4, 12);
    expect(ctr(100)).toBeCloseTo(0.0053 / 25, 12);
    expect(DEFAULT_CTR).toHaveLength(MAX_POSITION);
  });

  it('follows 0.0053 × (20/p)² beyond position 20', () => {
    fc.assert(
      fc.property(fc.integer({ min: 21, max: 100 }), (p) => {
        expect(ctr(p)).toBeCloseTo(0.0053 * (20 / p) ** 2, 14);
      }),
    );
  });

  it('is positive and never increases with position', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (p) => {
        expect(ctr(p)).toBeGreaterThan(0);
        expect(ctr(p + 1)).toBeLessThanOrEqual(ctr(p));
      }),
    );
  });

  it('refuses positions outside 1–100 and fractions', () => {
    for (const p of [0, -1, 101, 1.5, Number.NaN]) expect(() => ctr(p)).toThrow(RangeError);
  });
});
