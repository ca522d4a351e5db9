// Deltas of DESIGN §3: every field X of a series has `XDeltas` from the first to the last point of the range.

export interface XDeltas {
  /** end − start, in the field's unit. */
  delta: number;
  /** (end − start) / start × 100; null when start is 0 (no base to compare with). */
  percentageDelta: number | null;
}

export function deltas(start: number, end: number): XDeltas {
  return { delta: end - start, percentageDelta: start === 0 ? null : ((end - start) / start) * 100 };
}

/** Deltas between the first and last value of a series; an empty series counts as 0 → 0. */
export function seriesDeltas(values: readonly number[]): XDeltas {
  return deltas(values[0] ?? 0, values[values.length - 1] ?? 0);
}
