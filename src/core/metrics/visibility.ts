// Keyword score, visibility score (VS), visibility % and share of visibility of DESIGN §3, at one point date
// and as series with deltas. Units: VS is estimated monthly clicks (sv × click probability); visibility and
// share are percentages 0–100.
import type { ResultType } from '../result-types';
import { ctrAt, DEFAULT_CTR_MODEL, type CtrModel } from './ctr-model';
import { seriesDeltas, type XDeltas } from './deltas';
import {
  keywordsOf,
  mergedResultType,
  pointDates,
  snapshotAt,
  snapshotFloor,
  unknownVolume,
  type IndexedResult,
  type RankData,
  type Snapshot,
} from './rank-data';
import { matchesTarget, shareDenominator, type Target } from './targets';

export interface MetricOptions {
  /** CTR model; the default curve when absent. */
  ctr?: CtrModel;
  /** Only results of these types count (brand counts as organic); absent or empty: every type. */
  resultTypes?: readonly ResultType[];
}

export interface ShareOptions extends MetricOptions {
  /** Share denominator: every host in the market when true, the selected targets otherwise. */
  useWholeMarket?: boolean;
}

export interface DateSpan {
  /** Inclusive bounds `YYYY-MM-DD`. */
  start: string;
  end: string;
}

/** Result filter and CTR lookup of one metric call. */
export interface Scoring {
  ctr: CtrModel;
  counts(r: IndexedResult): boolean;
}

export function scoring(opts: MetricOptions = {}): Scoring {
  const types = opts.resultTypes?.length ? new Set(opts.resultTypes.map(mergedResultType)) : null;
  return {
    ctr: opts.ctr ?? DEFAULT_CTR_MODEL,
    counts: types === null ? () => true : (r) => types.has(r.resultType),
  };
}

/** Σ ctr(position) over the counted results of a snapshot that match the target (each result once). */
export function targetCtrSum(s: Snapshot, target: Target, sc: Scoring): number {
  let sum = 0;
  for (const r of s.results) if (sc.counts(r) && matchesTarget(target, r)) sum += ctrAt(sc.ctr, r.position);
  return sum;
}

/** Keyword score: sv(k) × Σ ctr(position(r)) over the results of k used at d matching the target. */
export function keywordScore(
  data: RankData,
  target: Target,
  keywordId: number,
  d: string,
  opts: MetricOptions = {},
): number {
  const k = data.keywords.get(keywordId);
  const s = k === undefined || k.sv === null ? null : snapshotAt(data, keywordId, d);
  return s === null ? 0 : k!.sv! * targetCtrSum(s, target, scoring(opts));
}

/** One point date of a visibility series, for every target. */
export interface VisibilityPoint {
  date: string;
  /** Σ sv × ctr(1) over keywords with known sv and a snapshot at the date: the VS of position 1 everywhere. */
  maxVisibilityScore: number;
  /** Σ sv × ctr(p) over every counted result of the keywords: the VS of all hosts together. */
  marketVisibilityScore: number;
  /** Keywords of the set that have a snapshot at the date. */
  keywords: number;
  byTarget: Map<string, { visibilityScore: number; visibility: number; share: number }>;
}

function checkKeys(targets: readonly Target[]): void {
  const keys = new Set<string>();
  for (const t of targets) {
    if (keys.has(t.key)) throw new RangeError(`target ${JSON.stringify(t.key)} given twice`);
    keys.add(t.key);
  }
}

/** Share of `part` in `whole` in percent; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

/**
 * VS, visibility % and share of every target at point date d over the keyword set. Visibility % divides by
 * the keywords that have a snapshot at d (a keyword not measured at d contributes nothing, DESIGN §3 Dates),
 * so 100 % means position 1 for every measured keyword with known volume.
 */
export function visibilityPoint(
  data: RankData,
  targets: readonly Target[],
  keywordIds: Iterable<number>,
  d: string,
  opts: ShareOptions = {},
): VisibilityPoint {
  checkKeys(targets);
  const sc = scoring(opts);
  const top = ctrAt(sc.ctr, 1);
  const floor = snapshotFloor(d);
  const vs = targets.map(() => 0);
  let max = 0;
  let market = 0;
  let measured = 0;
  for (const k of keywordsOf(data, keywordIds)) {
    const s = snapshotAt(data, k.id, d, floor);
    if (s === null) continue;
    measured += 1;
    if (k.sv === null) continue;
    max += k.sv * top;
    for (const r of s.results) if (sc.counts(r)) market += k.sv * ctrAt(sc.ctr, r.position);
    targets.forEach((t, i) => {
      vs[i]! += k.sv! * targetCtrSum(s, t, sc);
    });
  }
  const denominator =
    opts.useWholeMarket === true
      ? market
      : shareDenominator(
          vs,
          targets.map((t) => t.group === true),
        );
  const byTarget = new Map<string, { visibilityScore: number; visibility: number; share: number }>();
  targets.forEach((t, i) => {
    byTarget.set(t.key, {
      visibilityScore: vs[i]!,
      visibility: percentOf(vs[i]!, max),
      share: percentOf(vs[i]!, denominator),
    });
  });
  return { date: d, maxVisibilityScore: max, marketVisibilityScore: market, keywords: measured, byTarget };
}

/** VS(H, K, d): Σ over keywords of the keyword score (estimated monthly clicks). */
export function visibilityScore(
  data: RankData,
  target: Target,
  keywordIds: Iterable<number>,
  d: string,
  opts: MetricOptions = {},
): number {
  return visibilityPoint(data, [target], keywordIds, d, opts).byTarget.get(target.key)!.visibilityScore;
}

/** Visibility %: VS / (Σ_k sv(k) × ctr(1)) × 100 over the keywords measured at d; 0 when none has volume. */
export function visibilityPercent(
  data: RankData,
  target: Target,
  keywordIds: Iterable<number>,
  d: string,
  opts: MetricOptions = {},
): number {
  return visibilityPoint(data, [target], keywordIds, d, opts).byTarget.get(target.key)!.visibility;
}

/**
 * Share of visibility % of each target: VS(H) / Σ_h VS(h) × 100, the sum running over the given targets
 * (selected domains and groups) or, with `useWholeMarket`, over every host in the market; 0 when it is 0.
 */
export function shareOfVisibility(
  data: RankData,
  targets: readonly Target[],
  keywordIds: Iterable<number>,
  d: string,
  opts: ShareOptions = {},
): Map<string, number> {
  const p = visibilityPoint(data, targets, keywordIds, d, opts);
  return new Map([...p.byTarget].map(([key, v]) => [key, v.share]));
}

export interface SeriesPoint {
  date: string;
  visibilityScore: number;
  visibility: number;
  share: number;
}

/** A domain or domain group in the domain summary: end values, their deltas and the series behind them. */
export interface TargetSummary {
  key: string;
  visibilityScore: number;
  visibilityScoreDeltas: XDeltas;
  visibility: number;
  visibilityDeltas: XDeltas;
  share: number;
  shareDeltas: XDeltas;
  series: SeriesPoint[];
}

export interface DomainSummary {
  /** Point dates of the range (one per snapshot date of the keyword set). */
  dates: string[];
  /** Keywords of the set with unknown volume (they score 0). */
  unknownVolume: number;
  targets: TargetSummary[];
}

/** Every point of the range for every target. */
export function visibilitySeries(
  data: RankData,
  targets: readonly Target[],
  keywordIds: readonly number[],
  span: DateSpan,
  opts: ShareOptions = {},
): VisibilityPoint[] {
  return pointDates(data, keywordIds, span.start, span.end).map((d) =>
    visibilityPoint(data, targets, keywordIds, d, opts),
  );
}

/**
 * The domain summary: per target, VS, visibility and share at the last point of the range, with deltas from
 * the first point and the series. A range without points gives zeros and null percentage deltas.
 */
export function domainSummary(
  data: RankData,
  targets: readonly Target[],
  keywordIds: readonly number[],
  span: DateSpan,
  opts: ShareOptions = {},
): DomainSummary {
  const points = visibilitySeries(data, targets, keywordIds, span, opts);
  return {
    dates: points.map((p) => p.date),
    unknownVolume: unknownVolume(keywordsOf(data, keywordIds)),
    targets: targets.map((t) => {
      const series = points.map((p) => ({ date: p.date, ...p.byTarget.get(t.key)! }));
      const last = series[series.length - 1];
      return {
        key: t.key,
        visibilityScore: last?.visibilityScore ?? 0,
        visibilityScoreDeltas: seriesDeltas(series.map((s) => s.visibilityScore)),
        visibility: last?.visibility ?? 0,
        visibilityDeltas: seriesDeltas(series.map((s) => s.visibility)),
        share: last?.share ?? 0,
        shareDeltas: seriesDeltas(series.map((s) => s.share)),
        series,
      };
    }),
  };
}
