// Input checks and small planning rules the visibility-explorer adapters share (DuckDB and ClickHouse), so
// both refuse the same input with the same message and take the same shortcut on the same data.
import { MAX_POSITION } from '@core/ctr';
import { addDays } from '@core/date-range';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { RankInputError } from './input';

export function checkCtr(ctr: readonly number[]): void {
  if (ctr.length !== MAX_POSITION || ctr.some((v) => !Number.isFinite(v) || v < 0 || v > 1)) {
    throw new RankInputError(`a CTR model needs ${MAX_POSITION} click probabilities between 0 and 1`);
  }
}

export function checkLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RankInputError(`limit must be a positive integer, got ${limit}`);
  }
}

/**
 * True when no point's window (the point and the 6 days before it) holds a snapshot date of the market other
 * than the point itself: then every keyword measured at a point uses the snapshot dated that day.
 * `snapshotDates` must cover the windows of every point.
 */
export function fastPoints(points: readonly string[], snapshotDates: readonly string[]): boolean {
  return points.every((p) => {
    const lo = addDays(p, -MAX_SNAPSHOT_AGE_DAYS);
    return snapshotDates.every((d) => d === p || d < lo || d > p);
  });
}
