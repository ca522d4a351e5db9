// Annotations (issue 29 item 6): their limits, and their placement on a time chart's point dates. Pure: the
// web app places what the API returns on each chart. The CSV reader of known search-engine updates is in
// annotation-csv.ts (server only: its parser stays out of the web bundle).

/** Longest title, in characters (UTF-16 code units, as the contract counts). */
export const MAX_ANNOTATION_TITLE = 200;
/** Longest note, in characters. */
export const MAX_ANNOTATION_NOTE = 2_000;
/** Most data rows one CSV import takes (the header not counted). */
export const MAX_ANNOTATION_CSV_ROWS = 5_000;
/** Annotations that fall on one point of a chart. */
export interface PlacedAnnotations<T> {
  /** The chart's point date (YYYY-MM-DD) they are drawn at. */
  at: string;
  /** In the order given. */
  annotations: T[];
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * Places annotations on a chart whose points are at `pointDates` (YYYY-MM-DD, any order): each at the
 * nearest point date, a tie going to the later one. An annotation before the first point date or after the
 * last is not shown. Returns one entry per point date that holds any, in date order.
 */
export function placeAnnotations<T extends { date: string }>(
  annotations: readonly T[],
  pointDates: readonly string[],
): PlacedAnnotations<T>[] {
  const points = [...new Set(pointDates)].sort();
  if (points.length === 0) return [];
  const days = points.map(dayNumber);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const byPoint = new Map<number, T[]>();
  for (const a of annotations) {
    const day = dayNumber(a.date);
    if (!(day >= first && day <= last)) continue;
    // The first point on or after the day (binary search), then the nearer of it and the one before.
    let lo = 0;
    let hi = days.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    const index = lo > 0 && day - days[lo - 1]! < days[lo]! - day ? lo - 1 : lo;
    byPoint.set(index, [...(byPoint.get(index) ?? []), a]);
  }
  return [...byPoint.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, list]) => ({ at: points[index]!, annotations: list }));
}
