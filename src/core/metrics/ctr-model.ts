// Pluggable CTR models (DESIGN §3): a model is a click probability for every position 1…100. The default is
// the curve of src/core/ctr.ts; published studies (../shared/data/ctr, parsed in src/ingest) give values for
// a few positions only, and `ctrModelFromPoints` fills the rest. Parsing files is not done here.
import { DEFAULT_CTR, MAX_POSITION } from '../ctr';

export interface CtrModel {
  /** Stable id a campaign stores ('default' for the curve of DESIGN §3). */
  readonly id: string;
  /** `values[p - 1]` is the click probability (0–1) at position p, for p = 1…100. */
  readonly values: readonly number[];
}

/** One measured value of a study: click probability (a fraction, not a percentage) at a position. */
export interface CtrPoint {
  position: number;
  ctr: number;
}

export const DEFAULT_CTR_MODEL: CtrModel = Object.freeze({ id: 'default', values: DEFAULT_CTR });

/** Click probability of `model` at integer position p (1…100). */
export function ctrAt(model: CtrModel, p: number): number {
  const v = model.values[p - 1];
  if (v === undefined || !Number.isInteger(p)) {
    throw new RangeError(`position must be an integer 1–${MAX_POSITION}, got ${p}`);
  }
  return v;
}

/**
 * A full model from the positions a study reports. A missing position takes the default curve's shape scaled
 * to the study: ctr(p) = default(p) × r(p), where r is the study/default ratio at the measured positions,
 * linear in position between two measured positions and constant before the first and after the last. So a
 * study measuring positions 1–4 and 10 keeps its own values there, and positions 5–9 and 11–100 fall off like
 * the default curve (beyond 20 as (20/p)²).
 */
export function ctrModelFromPoints(id: string, points: readonly CtrPoint[]): CtrModel {
  if (points.length === 0) throw new RangeError(`CTR model ${id}: no positions given`);
  const sorted = [...points].sort((a, b) => a.position - b.position);
  sorted.forEach((pt, i) => {
    if (!Number.isInteger(pt.position) || pt.position < 1 || pt.position > MAX_POSITION) {
      throw new RangeError(
        `CTR model ${id}: position must be an integer 1–${MAX_POSITION}, got ${pt.position}`,
      );
    }
    if (!Number.isFinite(pt.ctr) || pt.ctr < 0 || pt.ctr > 1) {
      throw new RangeError(`CTR model ${id}: click probability at ${pt.position} must be 0–1, got ${pt.ctr}`);
    }
    if (i > 0 && sorted[i - 1]!.position === pt.position) {
      throw new RangeError(`CTR model ${id}: position ${pt.position} given twice`);
    }
  });
  const ratio = (pt: CtrPoint) => pt.ctr / DEFAULT_CTR[pt.position - 1]!;
  const values = new Array<number>(MAX_POSITION);
  let next = 0; // index into sorted of the first measured position ≥ p
  for (let p = 1; p <= MAX_POSITION; p += 1) {
    while (next < sorted.length && sorted[next]!.position < p) next += 1;
    const hi = sorted[next];
    const lo = next > 0 ? sorted[next - 1]! : undefined;
    let r: number;
    if (hi !== undefined && hi.position === p) r = ratio(hi);
    else if (lo === undefined) r = ratio(hi!);
    else if (hi === undefined) r = ratio(lo);
    else r = ratio(lo) + ((ratio(hi) - ratio(lo)) * (p - lo.position)) / (hi.position - lo.position);
    values[p - 1] = hi !== undefined && hi.position === p ? hi.ctr : DEFAULT_CTR[p - 1]! * r;
  }
  return Object.freeze({ id, values: Object.freeze(values) });
}
