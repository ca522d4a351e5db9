// The in-memory input of the reference metrics (DESIGN §3): keywords with volumes and SERP results per
// (keyword, date), indexed once so that every metric reads a keyword's snapshots in date order. These
// functions are the oracle the SQL of src/storage is checked against, so they favour plain, exact code.
import { addDays } from '../date-range';
import { parseUrlParts, type UrlParts } from '../host-match';
import type { ResultType } from '../result-types';

/** A keyword of the set being measured; `sv` is monthly searches, null when unknown (unknown is not zero). */
export interface MetricKeyword {
  id: number;
  sv: number | null;
  tags?: readonly string[];
  groups?: readonly string[];
  /** Normalised text, for the keyword filter. */
  text?: string;
}

/** One SERP result: snapshot (keyword, date), absolute position 1…100, type and URL. */
export interface MetricResult {
  keywordId: number;
  /** Snapshot date `YYYY-MM-DD`. */
  date: string;
  position: number;
  resultType: ResultType;
  url: string;
  /** Lower-case host, registrable domain and path; derived from `url` when absent. */
  host?: string;
  domain?: string;
  path?: string;
}

/** A result as the metrics read it: brand already merged into organic (DESIGN §2). */
export interface IndexedResult extends UrlParts {
  position: number;
  resultType: Exclude<ResultType, 'brand'>;
  url: string;
}

export interface Snapshot {
  date: string;
  /** By position. */
  results: readonly IndexedResult[];
}

export interface RankData {
  keywords: ReadonlyMap<number, MetricKeyword>;
  /** Per keyword id, its snapshots by date ascending. */
  snapshots: ReadonlyMap<number, readonly Snapshot[]>;
}

/** A keyword at a point date uses a snapshot at most this many days older (DESIGN §3, Dates). */
export const MAX_SNAPSHOT_AGE_DAYS = 6;

/** Brand results count as organic in every series (DESIGN §2). */
export function mergedResultType(t: ResultType): Exclude<ResultType, 'brand'> {
  return t === 'brand' ? 'organic' : t;
}

/**
 * Indexes keywords and results. Results of keywords not in `keywords` are ignored (nothing can score them);
 * a result whose URL cannot be parsed is an error, as the stores refuse it too.
 */
export function buildRankData(keywords: Iterable<MetricKeyword>, results: Iterable<MetricResult>): RankData {
  const kw = new Map<number, MetricKeyword>();
  for (const k of keywords) kw.set(k.id, k);
  const parts = new Map<string, UrlParts>(); // URLs repeat across dates: parse each once
  const byKeyword = new Map<number, Map<string, IndexedResult[]>>();
  for (const r of results) {
    if (!kw.has(r.keywordId)) continue;
    let p: UrlParts | null | undefined = parts.get(r.url);
    if (p === undefined) {
      const parsed = parseUrlParts(r.url);
      if (parsed === null) throw new RangeError(`not a URL: ${JSON.stringify(r.url)}`);
      p = { host: r.host ?? parsed.host, domain: r.domain ?? parsed.domain, path: r.path ?? parsed.path };
      parts.set(r.url, p);
    }
    let dates = byKeyword.get(r.keywordId);
    if (dates === undefined) byKeyword.set(r.keywordId, (dates = new Map()));
    let list = dates.get(r.date);
    if (list === undefined) dates.set(r.date, (list = []));
    list.push({ ...p, position: r.position, resultType: mergedResultType(r.resultType), url: r.url });
  }
  const snapshots = new Map<number, Snapshot[]>();
  for (const [id, dates] of byKeyword) {
    const list = [...dates].map(([date, rs]) => ({
      date,
      results: rs.sort((a, b) => a.position - b.position),
    }));
    snapshots.set(
      id,
      list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    );
  }
  return { keywords: kw, snapshots };
}

/** The oldest snapshot date a keyword may use at point date d. */
export function snapshotFloor(d: string): string {
  return addDays(d, -MAX_SNAPSHOT_AGE_DAYS);
}

/**
 * The snapshot keyword `keywordId` uses at point date `d`: its latest snapshot on or before d and at most
 * 6 days earlier (so for d = 2024-03-10, snapshots of 2024-03-04…2024-03-10 qualify); null otherwise.
 * Loops over many keywords pass `floor` (snapshotFloor(d)) computed once.
 */
export function snapshotAt(
  data: RankData,
  keywordId: number,
  d: string,
  floor: string = snapshotFloor(d),
): Snapshot | null {
  const list = data.snapshots.get(keywordId);
  if (list === undefined) return null;
  let lo = 0;
  let hi = list.length; // binary search: first snapshot after d
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.date <= d) lo = mid + 1;
    else hi = mid;
  }
  const s = lo > 0 ? list[lo - 1]! : null;
  return s !== null && s.date >= floor ? s : null;
}

/** The keywords of `keywordIds` that exist in the data, in the given order, each once. */
export function keywordsOf(data: RankData, keywordIds: Iterable<number>): MetricKeyword[] {
  const seen = new Set<number>();
  const out: MetricKeyword[] = [];
  for (const id of keywordIds) {
    const k = data.keywords.get(id);
    if (k !== undefined && !seen.has(id)) {
      seen.add(id);
      out.push(k);
    }
  }
  return out;
}

/**
 * The points of a series over [start, end] (inclusive, `YYYY-MM-DD`): every date on which at least one
 * keyword of the set has a snapshot, ascending (DESIGN §3: one point per snapshot date in the range).
 */
export function pointDates(
  data: RankData,
  keywordIds: Iterable<number>,
  start: string,
  end: string,
): string[] {
  const dates = new Set<string>();
  for (const k of keywordsOf(data, keywordIds)) {
    for (const s of data.snapshots.get(k.id) ?? []) if (s.date >= start && s.date <= end) dates.add(s.date);
  }
  return [...dates].sort();
}

/** Keyword filter of spec §3: tags (any, or all when `isAndFilter`), keyword groups (any), keyword texts. */
export interface KeywordSelection {
  tags?: readonly string[];
  isAndFilter?: boolean;
  groups?: readonly string[];
  keywords?: readonly string[];
}

/**
 * The keywords of a campaign that pass the selection; an empty or absent part does not filter, and the parts
 * combine with AND.
 */
export function selectKeywords(
  keywords: readonly MetricKeyword[],
  selection: KeywordSelection,
): MetricKeyword[] {
  const tags = selection.tags ?? [];
  const groups = new Set(selection.groups ?? []);
  const texts = new Set(selection.keywords ?? []);
  return keywords.filter((k) => {
    const own = new Set(k.tags ?? []);
    if (tags.length > 0) {
      const ok =
        selection.isAndFilter === true ? tags.every((t) => own.has(t)) : tags.some((t) => own.has(t));
      if (!ok) return false;
    }
    if (groups.size > 0 && !(k.groups ?? []).some((g) => groups.has(g))) return false;
    if (texts.size > 0 && (k.text === undefined || !texts.has(k.text))) return false;
    return true;
  });
}

/** Keywords of the set whose volume is unknown: they score 0 and are reported as `unknownVolume`. */
export function unknownVolume(keywords: Iterable<MetricKeyword>): number {
  let n = 0;
  for (const k of keywords) if (k.sv === null) n += 1;
  return n;
}
