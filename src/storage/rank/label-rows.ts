// The answers of the label reads from the rows both engines' SQL returns, under the same column names:
// labelScores (visibility share by keyword tag or group: per label its keywords in the set, each target's VS
// and the market's) and labelSeries (Tag Analysis, issue 29 item 5: per point date and label the measured
// keywords and Σ sv × ctr(1), and per target the sums of the keywords it ranks on), and the rank ranges'
// best-position counts, the search-volume buckets, keywordChanges, the weekly reads' frame and the filter
// autocomplete, which read the same sources. Shared so that DuckDB and ClickHouse assemble and order the answers the same way; `num`
// reads an engine's numeric column.
import { RANK_RANGES } from '@core/metrics/ranges';
import {
  sortLabelPoints,
  type CvAutocomplete,
  type CvBestPositionCount,
  type CvChanges,
  type CvDated,
  type CvLabelPoint,
  type CvLabelScore,
  type CvVolumeBucket,
} from '../campaign-visibility-reads';
import type { RankQuery } from './plan/query';

type SqlRow = Readonly<Record<string, unknown>>;
type Num = (v: unknown) => number;

/**
 * labelScores' answer: one row per label of `sizes` (label, n: its keywords in the set), in that order;
 * `scores` (label, t, vs) the targets' VS, `market` (label, vs) the market's, null when not asked. A target or
 * market without a result scores 0.
 */
export function labelScoreRows(
  sizes: readonly SqlRow[],
  scores: readonly SqlRow[],
  market: readonly SqlRow[] | null,
  targets: number,
  num: Num,
): CvLabelScore[] {
  const vs = new Map(sizes.map((l) => [String(l.label), Array.from({ length: targets }, () => 0)]));
  for (const s of scores) vs.get(String(s.label))![num(s.t)] = num(s.vs);
  const marketOf = new Map(market?.map((m) => [String(m.label), num(m.vs)]));
  return sizes.map((l) => ({
    label: String(l.label),
    keywords: num(l.n),
    marketVisibilityScore: market === null ? null : (marketOf.get(String(l.label)) ?? 0),
    visibilityScores: vs.get(String(l.label))!,
  }));
}

/**
 * labelSeries' answer: one row per measured (d, label) of `measured` (n keywords, top Σ sv × ctr(1)), each
 * target's sums from `sums` (d, label, t, vs, ranked, psum: Σ best positions, r0… keywords per rank range in
 * RANK_RANGES order), a target without a result at zero; by date, then label.
 */
export function labelSeriesRows(
  measured: readonly SqlRow[],
  sums: readonly SqlRow[],
  targets: number,
  num: Num,
): CvLabelPoint[] {
  const key = (r: SqlRow) => `${String(r.d)}\u0000${String(r.label)}`;
  const rows = new Map<string, CvLabelPoint>();
  for (const m of measured) {
    rows.set(key(m), {
      date: String(m.d),
      label: String(m.label),
      keywords: num(m.n),
      maxVisibilityScore: num(m.top),
      targets: Array.from({ length: targets }, () => ({
        visibilityScore: 0,
        ranked: 0,
        positionSum: 0,
        ranges: RANK_RANGES.map(() => 0),
      })),
    });
  }
  for (const s of sums) {
    rows.get(key(s))!.targets[num(s.t)] = {
      visibilityScore: num(s.vs),
      ranked: num(s.ranked),
      positionSum: num(s.psum),
      ranges: RANK_RANGES.map((_, i) => num(s[`r${i}`])),
    };
  }
  return sortLabelPoints([...rows.values()]);
}

/** Columns r0… of labelSeries' sums: keywords per rank range of column `best`, by the engine's countIf. */
export function rangeCountsSql(countIf: (condition: string) => string): string {
  return RANK_RANGES.map((r, i) => `${countIf(`best BETWEEN ${r.min} AND ${r.max}`)} AS r${i}`).join(', ');
}

/**
 * The best-position counts of a hits relation (t, keyword_id, position) at one point: per target each best
 * position (the smallest of a keyword's counted matching results) with its keywords, as columns t, best, n;
 * `countAll` is the engine's row count.
 */
export function bestPositionCountsSql(hits: string, countAll: string): string {
  return `SELECT t, best, ${countAll} AS n
    FROM (SELECT t, keyword_id, min(position) AS best FROM ${hits} GROUP BY t, keyword_id)
    GROUP BY t, best ORDER BY t, best`;
}

/** bestPositions' answer from the rows of bestPositionCountsSql. */
export function bestPositionRows(rows: readonly SqlRow[], num: Num): CvBestPositionCount[] {
  return rows.map((r) => ({ target: num(r.t), position: num(r.best), keywords: num(r.n) }));
}

/**
 * The volume-bucket answer from its rows: `sizes` (b, n) the set's keywords per bucket, `perTarget` (b, t,
 * ranking, vs) each target's ranking keywords and VS per bucket; b null for unknown volume. Buckets by index,
 * unknown last; a bucket without keywords is left out.
 */
export function volumeBucketRows(
  sizes: readonly SqlRow[],
  perTarget: readonly SqlRow[],
  targets: number,
  num: Num,
): CvVolumeBucket[] {
  const key = (b: unknown) => (b === null ? 'unknown' : String(num(b)));
  const out = new Map<string, CvVolumeBucket>();
  for (const r of sizes) {
    out.set(key(r.b), {
      bucket: r.b === null ? null : num(r.b),
      keywords: num(r.n),
      ranking: Array.from({ length: targets }, () => 0),
      visibilityScores: Array.from({ length: targets }, () => 0),
    });
  }
  for (const r of perTarget) {
    const slot = out.get(key(r.b))!;
    slot.ranking[num(r.t)] = num(r.ranking);
    slot.visibilityScores[num(r.t)] = num(r.vs);
  }
  return [...out.values()].sort((a, b) => (a.bucket ?? Infinity) - (b.bucket ?? Infinity));
}

/** keywordChanges' answer without points: no ends, every target at zero. */
export function noChanges(q: RankQuery): CvChanges {
  return changeRows({ start: null, end: null }, [], [], q.targets.length, Number);
}

/**
 * keywordChanges' answer at `points` (the span's, ascending): `read(start, end, top)` gives the first and
 * last point's `totals` (t, total_lost, total_gained) and `picked` (t, lost: true or 1 for a loss,
 * keyword_id — null rows skipped —, text, sv, s0, s1), in the order given; a target without a changed
 * keyword at zero.
 */
export async function keywordChanges(
  q: RankQuery,
  points: readonly string[],
  num: Num,
  read: (start: string, end: string, top: number) => Promise<readonly [SqlRow[], SqlRow[]]>,
): Promise<CvChanges> {
  const start = points[0];
  const end = points[points.length - 1];
  if (start === undefined || end === undefined) return noChanges(q);
  const [totals, picked] = await read(start, end, q.page!.limit!);
  return changeRows({ start, end }, totals, picked, q.targets.length, num);
}

function changeRows(
  span: { start: string | null; end: string | null },
  totals: readonly SqlRow[],
  picked: readonly SqlRow[],
  targets: number,
  num: Num,
): CvChanges {
  const out = Array.from({ length: targets }, (_, target) => ({
    target,
    lost: 0,
    gained: 0,
    lostKeywords: [] as CvChanges['targets'][number]['lostKeywords'],
    gainedKeywords: [] as CvChanges['targets'][number]['gainedKeywords'],
  }));
  for (const r of totals) {
    out[num(r.t)]!.lost = num(r.total_lost);
    out[num(r.t)]!.gained = num(r.total_gained);
  }
  for (const r of picked) {
    if (r.keyword_id === null) continue;
    const slot = out[num(r.t)]!;
    (r.lost === true || r.lost === 1 ? slot.lostKeywords : slot.gainedKeywords).push({
      keywordId: num(r.keyword_id),
      keyword: String(r.text),
      searchVolume: r.sv === null ? null : num(r.sv),
      start: num(r.s0),
      end: num(r.s1),
    });
  }
  return { start: span.start, end: span.end, targets: out };
}

/** A weekly read's answer: the points, and `rows` of the query's page (none for an empty page or no points). */
export async function weeklyAnswer<R>(
  q: RankQuery,
  points: string[],
  rows: () => Promise<R[]>,
): Promise<CvDated<R>> {
  const page = q.only?.keywordIds ?? q.only?.urls ?? [];
  return { dates: points, rows: page.length === 0 || points.length === 0 ? [] : await rows() };
}

/** Autocomplete's search text (trimmed, lower case); a `limit` that is not a positive integer is refused. */
export function autocompleteNeedle(text: string, limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  return text.trim().toLowerCase();
}

/** Autocomplete's answer from `hosts` (value, kind, vs: read by `num`) and `keywords` (text, sv: by `int`). */
export function autocompleteRows(
  hosts: readonly SqlRow[],
  keywords: readonly SqlRow[],
  num: Num,
  int: Num,
): CvAutocomplete {
  return {
    hosts: hosts.map((r) => ({
      value: String(r.value),
      kind: r.kind === 'domain' ? 'domain' : 'host',
      visibilityScore: num(r.vs),
    })),
    keywords: keywords.map((r) => ({
      keyword: String(r.text),
      searchVolume: r.sv === null ? null : int(r.sv),
    })),
  };
}
