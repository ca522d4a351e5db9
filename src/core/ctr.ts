// The default CTR curve of DESIGN §3: the share of a keyword's monthly searches that click the result at a
// given absolute position. Visibility scores are Σ sv × ctr(position), i.e. estimated monthly clicks.

/** Deepest position a SERP snapshot holds. */
export const MAX_POSITION = 100;

/** Click probability for positions 1–20 (index = position − 1). */
const TOP_20 = [
  0.285, 0.157, 0.11, 0.08, 0.072, 0.051, 0.04, 0.032, 0.028, 0.025, 0.0135, 0.0118, 0.0105, 0.0094, 0.0085,
  0.0077, 0.007, 0.0064, 0.0058, 0.0053,
] as const;

function curve(p: number): number {
  return p <= 20 ? TOP_20[p - 1]! : 0.0053 * (20 / p) ** 2;
}

/** The default curve as a table: `DEFAULT_CTR[p - 1]` is ctr(p) for p = 1…100. */
export const DEFAULT_CTR: readonly number[] = Object.freeze(
  Array.from({ length: MAX_POSITION }, (_, i) => curve(i + 1)),
);

/** Default-curve click probability at 1-based position p (an integer 1…100). */
export function ctr(p: number): number {
  if (!Number.isInteger(p) || p < 1 || p > MAX_POSITION) {
    throw new RangeError(`position must be an integer 1–${MAX_POSITION}, got ${p}`);
  }
  return DEFAULT_CTR[p - 1]!;
}
