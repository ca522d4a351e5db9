// The visibility explorer's metrics (issue 5): one host over every keyword of a market, built on the
// reference metrics of DESIGN §3. The explorer never holds the whole market in memory: it holds the host's
// own results, every snapshot of the keywords the host ranks for (so the date rule sees a newer snapshot in
// which the host no longer ranks), and the market's per-date denominators computed by the store. On that
// data the reference functions give the host's VS, best positions and result types exactly, since results
// of other hosts never change them. Share is over the keywords the host ranks for at the date: VS(H) /
// Σ_h VS(h) on those keywords (DESIGN §3 share with K = the host's ranking keywords, every host counted).
import { ctrAt, type CtrModel } from './ctr-model';
import { seriesDeltas, type XDeltas } from './deltas';
import { rankRangeOf, RANK_RANGES, bestPosition, type RankRangeKey } from './ranges';
import {
  mergedResultType,
  snapshotAt,
  snapshotFloor,
  type IndexedResult,
  type MetricKeyword,
  type MetricResult,
  type RankData,
  type Snapshot,
} from './rank-data';
import {
  PROMINENCE_TYPES,
  roundsToZero,
  type MergedResultType,
  type TypeShare,
} from './result-type-prominence';
import { matchesTarget, type Target } from './targets';
import { percentOf } from './visibility';
import { parseUrlParts, type UrlParts } from '../host-match';
import type { ResultType } from '../result-types';

/**
 * Rank data of the host: every listed snapshot (keyword, date) of its keywords, holding only the host's
 * results (an empty snapshot where it does not rank). Results of unknown snapshots are ignored.
 */
export function explorerData(
  keywords: Iterable<MetricKeyword>,
  snapshots: Iterable<{ keywordId: number; date: string }>,
  results: Iterable<MetricResult>,
): RankData {
  const kw = new Map<number, MetricKeyword>();
  for (const k of keywords) kw.set(k.id, k);
  // Keyword → date → results, rather than one map keyed by a "keyword|date" string: a large host has
  // hundreds of thousands of results, and building a key string for each cost more than the metrics.
  const byDate = new Map<number, Map<string, IndexedResult[]>>();
  const lists = new Map<number, Snapshot[]>();
  for (const s of snapshots) {
    if (!kw.has(s.keywordId)) continue;
    let dates = byDate.get(s.keywordId);
    if (dates === undefined) {
      dates = new Map();
      byDate.set(s.keywordId, dates);
      lists.set(s.keywordId, []);
    }
    if (dates.has(s.date)) continue;
    const results: IndexedResult[] = [];
    dates.set(s.date, results);
    lists.get(s.keywordId)!.push({ date: s.date, results });
  }
  // A URL recurs in every snapshot where it ranks: parsed once.
  const parsed = new Map<string, UrlParts | null>();
  for (const r of results) {
    const into = byDate.get(r.keywordId)?.get(r.date);
    if (into === undefined) continue;
    let parts = parsed.get(r.url);
    if (parts === undefined) {
      parts = parseUrlParts(r.url);
      parsed.set(r.url, parts);
    }
    if (parts === null) continue;
    into.push({ ...parts, position: r.position, resultType: mergedResultType(r.resultType), url: r.url });
  }
  for (const list of lists.values()) {
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const s of list) (s.results as IndexedResult[]).sort((a, b) => a.position - b.position);
  }
  return { keywords: kw, snapshots: lists };
}

/** The host's best matching result of a keyword at d (smallest position), with its URL; null when none. */
export function bestResult(
  data: RankData,
  target: Target,
  keywordId: number,
  d: string,
): IndexedResult | null {
  const s = snapshotAt(data, keywordId, d);
  if (s === null) return null;
  return s.results.find((r) => matchesTarget(target, r)) ?? null;
}

/** VS of the host per keyword at d (keywords with a matching result and known volume). */
export function keywordScores(data: RankData, target: Target, d: string, ctr: CtrModel): Map<number, number> {
  const floor = snapshotFloor(d);
  const out = new Map<number, number>();
  for (const [id, k] of data.keywords) {
    const s = snapshotAt(data, id, d, floor);
    if (s === null) continue;
    let sum = 0;
    let hit = false;
    for (const r of s.results) {
      if (!matchesTarget(target, r)) continue;
      hit = true;
      sum += ctrAt(ctr, r.position);
    }
    if (hit) out.set(id, k.sv === null ? 0 : k.sv * sum);
  }
  return out;
}

/** The snapshots the host's ranking keywords use at d: what the share denominator sums over. */
export function rankingSnapshots(
  data: RankData,
  target: Target,
  d: string,
): { keywordId: number; date: string }[] {
  const floor = snapshotFloor(d);
  const out: { keywordId: number; date: string }[] = [];
  for (const id of data.keywords.keys()) {
    const s = snapshotAt(data, id, d, floor);
    if (s !== null && s.results.some((r) => matchesTarget(target, r)))
      out.push({ keywordId: id, date: s.date });
  }
  return out;
}

export interface UrlScore {
  url: string;
  /** Keywords where the URL has a result at d. */
  keywords: number;
  visibilityScore: number;
  /** Smallest position of the URL at d. */
  bestPosition: number;
  /** Σ sv of those keywords (unknown volumes count 0). */
  searchVolume: number;
}

/** Per URL of the host at d: keywords, VS, best position and search volume. */
export function urlScores(data: RankData, target: Target, d: string, ctr: CtrModel): Map<string, UrlScore> {
  const floor = snapshotFloor(d);
  const out = new Map<string, UrlScore>();
  for (const [id, k] of data.keywords) {
    const s = snapshotAt(data, id, d, floor);
    if (s === null) continue;
    const seen = new Set<string>();
    for (const r of s.results) {
      if (!matchesTarget(target, r)) continue;
      const u = out.get(r.url) ?? {
        url: r.url,
        keywords: 0,
        visibilityScore: 0,
        bestPosition: r.position,
        searchVolume: 0,
      };
      if (!seen.has(r.url)) {
        seen.add(r.url);
        u.keywords += 1;
        u.searchVolume += k.sv ?? 0;
      }
      u.visibilityScore += (k.sv ?? 0) * ctrAt(ctr, r.position);
      u.bestPosition = Math.min(u.bestPosition, r.position);
      out.set(r.url, u);
    }
  }
  return out;
}

/** Keywords per rank range (DESIGN §3), in range order, from how many keywords have each best position. */
export function rankRangeCounts(
  bests: Iterable<{ position: number; keywords: number }>,
): { key: RankRangeKey; keywords: number }[] {
  const counts = new Map<RankRangeKey, number>(RANK_RANGES.map((r) => [r.key, 0]));
  for (const b of bests)
    counts.set(rankRangeOf(b.position), counts.get(rankRangeOf(b.position))! + b.keywords);
  return [...counts].map(([key, keywords]) => ({ key, keywords }));
}

/** Keywords by the host's best position at d, per rank range (DESIGN §3), in range order. */
export function explorerRankRanges(
  data: RankData,
  target: Target,
  d: string,
): { key: RankRangeKey; keywords: number }[] {
  const bests: { position: number; keywords: number }[] = [];
  for (const id of data.keywords.keys()) {
    const best = bestPosition(data, target, id, d);
    if (best !== null) bests.push({ position: best, keywords: 1 });
  }
  return rankRangeCounts(bests);
}

/** A VS split by result type: each type's share of it; types whose share rounds to 0.0 % are dropped. */
export function typeSplit(byType: ReadonlyMap<MergedResultType, number>): TypeShare[] {
  let sum = 0;
  for (const v of byType.values()) sum += v;
  return PROMINENCE_TYPES.map((resultType) => {
    const visibilityScore = byType.get(resultType) ?? 0;
    return { resultType, visibilityScore, share: percentOf(visibilityScore, sum) };
  }).filter((s) => !roundsToZero(s.share));
}

/** The host's VS in one result type at a point. */
export interface TypeScore {
  date: string;
  resultType: ResultType;
  visibilityScore: number;
}

/**
 * Result-type prominence (DESIGN §3) from the host's VS per point and result type: each point's split and
 * the split of the sums over all points, brand merged into organic.
 */
export function typeProminenceOf(
  points: readonly string[],
  scores: Iterable<TypeScore>,
): { total: TypeShare[]; series: { date: string; types: TypeShare[] }[] } {
  const total = new Map<MergedResultType, number>();
  const byPoint = new Map<string, Map<MergedResultType, number>>(points.map((d) => [d, new Map()]));
  for (const x of scores) {
    const at = byPoint.get(x.date);
    if (at === undefined) continue;
    const t = mergedResultType(x.resultType);
    at.set(t, (at.get(t) ?? 0) + x.visibilityScore);
    total.set(t, (total.get(t) ?? 0) + x.visibilityScore);
  }
  return {
    total: typeSplit(total),
    series: points.map((d) => ({ date: d, types: typeSplit(byPoint.get(d)!) })),
  };
}

/** The host's VS per point and result type, from its rank data (keywords of unknown volume score nothing). */
export function explorerTypeScores(
  data: RankData,
  target: Target,
  points: readonly string[],
  ctr: CtrModel,
): TypeScore[] {
  const out: TypeScore[] = [];
  for (const d of points) {
    const floor = snapshotFloor(d);
    const byType = new Map<ResultType, number>();
    for (const [id, k] of data.keywords) {
      const s = k.sv === null ? null : snapshotAt(data, id, d, floor);
      if (s === null) continue;
      for (const r of s.results) {
        if (!matchesTarget(target, r)) continue;
        byType.set(r.resultType, (byType.get(r.resultType) ?? 0) + k.sv! * ctrAt(ctr, r.position));
      }
    }
    for (const [resultType, visibilityScore] of byType) out.push({ date: d, resultType, visibilityScore });
  }
  return out;
}

/** The host's VS per result type at each point, and over all points (DESIGN §3 result-type prominence). */
export function explorerTypeProminence(
  data: RankData,
  target: Target,
  points: readonly string[],
  ctr: CtrModel,
): { total: TypeShare[]; series: { date: string; types: TypeShare[] }[] } {
  return typeProminenceOf(points, explorerTypeScores(data, target, points, ctr));
}

/** The market's measured keywords at a point (from the store). */
export interface MeasuredPoint {
  date: string;
  keywords: number;
  /** Σ sv over the measured keywords with known volume. */
  searchVolume: number;
}

export interface ExplorerPoint {
  date: string;
  keywords: number;
  visibilityScore: number;
  /** VS / (Σ sv × ctr(1)) × 100 over the market's keywords measured at the date. */
  visibility: number;
}

export interface ExplorerSeries {
  visibilityScore: number;
  visibilityScoreDeltas: XDeltas;
  visibility: number;
  visibilityDeltas: XDeltas;
  series: ExplorerPoint[];
}

/**
 * The host's VS and visibility at every measured point, with the end values and deltas from the first point;
 * `vsAt` gives the host's VS at a point.
 */
export function seriesOf(
  measured: readonly MeasuredPoint[],
  vsAt: (date: string) => number,
  ctr: CtrModel,
): ExplorerSeries {
  const top = ctrAt(ctr, 1);
  const series = measured.map((m) => {
    const vs = vsAt(m.date);
    return {
      date: m.date,
      keywords: m.keywords,
      visibilityScore: vs,
      visibility: percentOf(vs, m.searchVolume * top),
    };
  });
  const last = series[series.length - 1];
  return {
    visibilityScore: last?.visibilityScore ?? 0,
    visibilityScoreDeltas: seriesDeltas(series.map((p) => p.visibilityScore)),
    visibility: last?.visibility ?? 0,
    visibilityDeltas: seriesDeltas(series.map((p) => p.visibility)),
    series,
  };
}

/** The host's VS and visibility at every point, from its rank data (seriesOf). */
export function explorerSeries(
  data: RankData,
  target: Target,
  measured: readonly MeasuredPoint[],
  ctr: CtrModel,
): ExplorerSeries {
  return seriesOf(
    measured,
    (d) => {
      let vs = 0;
      for (const v of keywordScores(data, target, d, ctr).values()) vs += v;
      return vs;
    },
    ctr,
  );
}
