// The rows of labelSeries (Tag Analysis, issue 29 item 5) from what both engines' SQL returns: per point date
// and label the measured keywords and Σ sv × ctr(1), and per target the sums of the keywords it ranks on.
// Shared so that DuckDB and ClickHouse assemble and order the answer the same way.
import { RANK_RANGES } from '@core/metrics/ranges';
import { sortLabelPoints, type CvLabelPoint } from '../campaign-visibility-reads';

export interface LabelMeasured {
  date: string;
  label: string;
  keywords: number;
  maxVisibilityScore: number;
}

export interface LabelTargetRow {
  date: string;
  label: string;
  target: number;
  visibilityScore: number;
  ranked: number;
  positionSum: number;
  /** Keywords per rank range, in RANK_RANGES order. */
  ranges: number[];
}

/** One row per measured (date, label), targets without a result at zero; by date, then label. */
export function labelRows(
  measured: readonly LabelMeasured[],
  sums: readonly LabelTargetRow[],
  targets: number,
): CvLabelPoint[] {
  const key = (date: string, label: string) => `${date}\u0000${label}`;
  const rows = new Map<string, CvLabelPoint>();
  for (const m of measured) {
    rows.set(key(m.date, m.label), {
      ...m,
      targets: Array.from({ length: targets }, () => ({
        visibilityScore: 0,
        ranked: 0,
        positionSum: 0,
        ranges: RANK_RANGES.map(() => 0),
      })),
    });
  }
  for (const s of sums) {
    const { visibilityScore, ranked, positionSum, ranges } = s;
    rows.get(key(s.date, s.label))!.targets[s.target] = { visibilityScore, ranked, positionSum, ranges };
  }
  return sortLabelPoints([...rows.values()]);
}
