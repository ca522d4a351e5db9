import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CTR } from '../ctr';
import { ctrAt, ctrModelFromPoints, DEFAULT_CTR_MODEL } from './ctr-model';

describe('CTR models', () => {
  it('the default model is the curve of DESIGN §3', () => {
    expect(ctrAt(DEFAULT_CTR_MODEL, 1)).toBe(0.285);
    expect(ctrAt(DEFAULT_CTR_MODEL, 20)).toBe(0.0053);
    expect(DEFAULT_CTR_MODEL.values).toBe(DEFAULT_CTR);
    for (const p of [0, 101, 2.5]) expect(() => ctrAt(DEFAULT_CTR_MODEL, p)).toThrow(RangeError);
  });

  it('a study with the default values at 1–4 and 10 interpolates to the default curve', () => {
    // ratio study/default is 1 at every measured position, so 1 everywhere
    const m = ctrModelFromPoints('sistrix', [
      { position: 1, ctr: 0.285 },
      { position: 2, ctr: 0.157 },
      { position: 3, ctr: 0.11 },
      { position: 4, ctr: 0.08 },
      { position: 10, ctr: 0.025 },
    ]);
    for (let p = 1; p <= 100; p += 1) expect(ctrAt(m, p)).toBeCloseTo(DEFAULT_CTR[p - 1]!, 12);
  });

  it('keeps measured values and scales the default shape in between and beyond', () => {
    // ratios: position 1: 0.3 / .285 = 1.0526…; position 3: 0.22 / .110 = 2
    const m = ctrModelFromPoints('x', [
      { position: 3, ctr: 0.22 },
      { position: 1, ctr: 0.3 },
    ]);
    expect(ctrAt(m, 1)).toBe(0.3);
    expect(ctrAt(m, 3)).toBe(0.22);
    // position 2: ratio halfway (1.0526… + 2) / 2 = 1.5263…, × .157 = 0.23963…
    expect(ctrAt(m, 2)).toBeCloseTo(0.157 * ((0.3 / 0.285 + 2) / 2), 12);
    // beyond the last measured position the ratio stays 2: ctr(40) = 2 × .0053 × (20/40)² = 0.00265
    expect(ctrAt(m, 40)).toBeCloseTo(0.00265, 12);
    // before the first measured position the ratio of the first applies
    const late = ctrModelFromPoints('y', [{ position: 5, ctr: 0.036 }]); // ratio 0.5
    expect(ctrAt(late, 1)).toBeCloseTo(0.1425, 12);
  });

  it('refuses empty, duplicate, out-of-range and percentage inputs', () => {
    expect(() => ctrModelFromPoints('e', [])).toThrow(/no positions/u);
    expect(() =>
      ctrModelFromPoints('d', [
        { position: 2, ctr: 0.1 },
        { position: 2, ctr: 0.2 },
      ]),
    ).toThrow(/twice/u);
    expect(() => ctrModelFromPoints('p', [{ position: 101, ctr: 0.1 }])).toThrow(/position/u);
    expect(() => ctrModelFromPoints('v', [{ position: 1, ctr: 28.5 }])).toThrow(/0–1/u);
  });

  it('every interpolated value lies between the default curve scaled by the smallest and largest ratio', () => {
    const point = fc.record({
      position: fc.integer({ min: 1, max: 100 }),
      ctr: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(point, { minLength: 1, maxLength: 8, selector: (p) => p.position }),
        (pts) => {
          const m = ctrModelFromPoints('f', pts);
          const ratios = pts.map((p) => p.ctr / DEFAULT_CTR[p.position - 1]!);
          const lo = Math.min(...ratios);
          const hi = Math.max(...ratios);
          expect(m.values).toHaveLength(100);
          m.values.forEach((v, i) => {
            expect(v).toBeGreaterThanOrEqual(DEFAULT_CTR[i]! * lo - 1e-12);
            expect(v).toBeLessThanOrEqual(DEFAULT_CTR[i]! * hi + 1e-12);
          });
          for (const p of pts) expect(ctrAt(m, p.position)).toBe(p.ctr);
        },
      ),
    );
  });
});
