// CTR curves fitted from a site's own Search Console rows (issue 30 item 5). Pure: the store sums clicks and
// impressions per position bucket (a row's average position rounded half up: 1.5 → 2, 2.49 → 2); this
// module turns them into observed CTRs with 95 % Wilson intervals and a fitted curve for positions 1–100:
// - monotone non-increasing: weighted isotonic regression (pool-adjacent-violators, weights = impressions)
//   over the buckets with at least MIN_IMPRESSIONS impressions;
// - smooth: linear between the impression-weighted centres of the pooled blocks (interpolating between
//   non-increasing points stays non-increasing), flat before the first centre;
// - extrapolated past the last bucket with enough data along the default curve's shape (DESIGN §3), scaled
//   to meet the fit there, so it keeps falling like observed click curves do.
import { DEFAULT_CTR, MAX_POSITION } from '../ctr';

/** Impressions a bucket needs before the fit trusts it. */
export const MIN_IMPRESSIONS = 30;
/** z of a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

export interface BucketSums {
  bucket: number;
  clicks: number;
  impressions: number;
}

export interface ObservedBucket extends BucketSums {
  /** Σ clicks ÷ Σ impressions. */
  ctr: number;
  /** 95 % Wilson score interval of the CTR. */
  low: number;
  high: number;
}

/** The 95 % Wilson score interval of `clicks` successes in `impressions` trials. */
export function wilson(clicks: number, impressions: number): { low: number; high: number } {
  if (impressions <= 0) return { low: 0, high: 1 };
  const n = impressions;
  const p = Math.min(1, clicks / n);
  const z2 = Z95 * Z95;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (Z95 / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function observe(sums: readonly BucketSums[]): ObservedBucket[] {
  return [...sums]
    .filter((s) => s.impressions > 0)
    .sort((a, b) => a.bucket - b.bucket)
    .map((s) => ({ ...s, ctr: s.clicks / s.impressions, ...wilson(s.clicks, s.impressions) }));
}

interface Block {
  /** Impression-weighted mean position of the pooled buckets. */
  centre: number;
  value: number;
  weight: number;
}

/** Weighted isotonic (non-increasing) regression by pool-adjacent-violators over points in position order. */
export function poolAdjacentViolators(points: readonly { x: number; y: number; w: number }[]): Block[] {
  const blocks: Block[] = [];
  for (const p of points) {
    blocks.push({ centre: p.x, value: p.y, weight: p.w });
    // A later block above an earlier one violates "non-increasing": pool them.
    while (blocks.length > 1 && blocks[blocks.length - 1]!.value > blocks[blocks.length - 2]!.value) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const w = a.weight + b.weight;
      blocks.push({
        centre: (a.centre * a.weight + b.centre * b.weight) / w,
        value: (a.value * a.weight + b.value * b.weight) / w,
        weight: w,
      });
    }
  }
  return blocks;
}

export interface FittedCurve {
  /** `values[p - 1]`: fitted click probability at position p, 1…100. */
  values: number[];
  observed: ObservedBucket[];
  /** Last position backed by a bucket with at least MIN_IMPRESSIONS; null when none is. */
  lastReliable: number | null;
}

/** The fitted curve of observed buckets; null when no bucket has enough impressions. */
export function fitCurve(sums: readonly BucketSums[]): FittedCurve | null {
  const observed = observe(sums);
  // Buckets past 100 are shown but lie outside the model's positions.
  const reliable = observed.filter((b) => b.impressions >= MIN_IMPRESSIONS && b.bucket <= MAX_POSITION);
  if (reliable.length === 0) return null;
  const blocks = poolAdjacentViolators(reliable.map((b) => ({ x: b.bucket, y: b.ctr, w: b.impressions })));
  const last = reliable[reliable.length - 1]!.bucket;
  const at = (p: number): number => {
    if (p <= blocks[0]!.centre) return blocks[0]!.value;
    for (let i = 1; i < blocks.length; i++) {
      const a = blocks[i - 1]!;
      const b = blocks[i]!;
      if (p <= b.centre) return a.value + ((b.value - a.value) * (p - a.centre)) / (b.centre - a.centre);
    }
    return blocks[blocks.length - 1]!.value;
  };
  const anchor = at(last);
  const values = Array.from({ length: MAX_POSITION }, (_, i) => {
    const p = i + 1;
    const v = p <= last ? at(p) : (anchor * DEFAULT_CTR[p - 1]!) / DEFAULT_CTR[last - 1]!;
    return Math.min(1, Math.max(0, v));
  });
  return { values, observed, lastReliable: last };
}
