// Seeded pseudo-random numbers for the demo generator: every draw comes from a PRNG seeded by the plan
// seed, so the same seed always builds the same workspace (no Math.random).

/** Mixes a 32-bit integer (Mueller's hash): a cheap, well-spread derivation of per-item seeds. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit seed derived from a seed and a label, so independent streams do not share draws. */
export function deriveSeed(seed: number, label: string): number {
  let h = mix32(seed >>> 0);
  for (let i = 0; i < label.length; i++) h = mix32((h ^ label.charCodeAt(i)) >>> 0);
  return h;
}

/** mulberry32 generator with helpers for the draws the demo needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Standard normal draw (Box–Muller). */
  normal(): number {
    const u = 1 - this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.float());
  }

  /** exp(σ·N(0,1)): multiplicative noise with median 1. */
  logNormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }

  /** Fisher–Yates shuffle in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

/** Draws indices in proportion to fixed weights (cumulative table + binary search). */
export class WeightedPicker {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    if (!(sum > 0)) throw new RangeError('weights must have a positive sum');
  }

  pick(rng: Rng): number {
    const total = this.cumulative[this.cumulative.length - 1]!;
    const target = rng.float() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
