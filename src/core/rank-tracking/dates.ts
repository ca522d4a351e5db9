// The snapshots a rank-tracking view compares (issue 29 item 1): the end is the latest snapshot date on or
// before the end asked for (default the last), the start the latest on or before the start asked for
// (default, or when none is that early, the first), the previous the snapshot date just before the end.
import type { RtDates } from './rows';

/** The compared dates over the market's snapshot dates (ascending); null when none is on or before the end. */
export function compareDates(
  snapshots: readonly string[],
  start: string | undefined,
  end: string | undefined,
): RtDates | null {
  const onOrBefore = (d: string) => snapshots.filter((s) => s <= d).at(-1);
  const e = end === undefined ? snapshots.at(-1) : onOrBefore(end);
  if (e === undefined) return null;
  const s = (start === undefined ? undefined : onOrBefore(start)) ?? snapshots[0]!;
  const first = s <= e ? s : e;
  return {
    start: first,
    previous: snapshots.filter((d) => d < e).at(-1) ?? null,
    end: e,
    points: snapshots.filter((d) => d >= first && d <= e),
  };
}
