import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deriveSeed, mix32, Rng, WeightedPicker } from './prng';

describe('demo PRNG', () => {
  it('repeats a sequence for a seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = new Rng(seed);
        const b = new Rng(seed);
        for (let i = 0; i < 20; i++) expect(a.nextU32()).toBe(b.nextU32());
      }),
    );
  });

  it('draws floats in [0, 1) and integers in range', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 10_000; i++) {
      const f = rng.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const n = rng.int(7);
      expect(Number.isInteger(n) && n >= 0 && n < 7).toBe(true);
    }
  });

  it('mixes 32-bit integers into 32-bit integers and derives distinct seeds per label', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (x) => {
        const h = mix32(x);
        expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
      }),
    );
    expect(mix32(0)).toBe(0);
    expect(mix32(1)).not.toBe(mix32(2));
    expect(deriveSeed(1, 'keywords:gb-en')).not.toBe(deriveSeed(1, 'keywords:us-en'));
  });

  it('picks in proportion to weights', () => {
    const picker = new WeightedPicker([1, 0, 3]);
    const rng = new Rng(5);
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[picker.pick(rng)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.8);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.2);
    expect(() => new WeightedPicker([0, 0])).toThrow(RangeError);
  });
});
