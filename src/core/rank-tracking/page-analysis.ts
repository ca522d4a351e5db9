// Page Analysis (issue 29 item 4): the URLs of one tracked domain as rank tracking sees them — per URL the
// keywords it ranks for at the start and end snapshots, its visibility score (DESIGN §3: Σ sv × ctr(absolute
// position) over its results, estimated monthly clicks) at every snapshot of the compared span, its best
// position, the keywords it gained and lost between the two dates, and its cannibalisation conflicts with
// other URLs of the same domain (cannibalisation.ts). Points are the market's snapshot dates, as in rank
// tracking; a keyword's hits count at their own snapshot date. Pure: the service feeds it the store's hits.
import { ctrAt, type CtrModel } from '../metrics/ctr-model';
import { conflictsOf, type Conflict } from './cannibalisation';
import { positionOf, type PositionKind, type RankHit } from './positions';
import type { RtDates, RtKeyword } from './rows';

/** One keyword of one URL. */
export interface PageKeyword {
  keyword: RtKeyword;
  /** The URL's best position on the keyword at the end (start) snapshot, in the kind asked for. */
  position: number | null;
  startPosition: number | null;
  /** Best position of the URL on the keyword over the compared span, and its earliest date. */
  best: number | null;
  bestDate: string | null;
  /** sv × Σ ctr(absolute position) of the URL's results at the end (start) snapshot; 0 for unknown sv. */
  visibilityScore: number;
  visibilityScoreStart: number;
  /** gained: ranks at the end, not at the start; lost: the reverse; kept: both; none: neither. */
  status: 'gained' | 'lost' | 'kept' | 'none';
  /** The domain's conflicts on the keyword within the span that name this URL. */
  conflicts: Conflict[];
}

export interface PageRow {
  url: string;
  /** Keywords the URL ranks for at the end (start) snapshot. */
  keywords: number;
  keywordsStart: number;
  visibilityScore: number;
  visibilityScoreStart: number;
  /** Best position at the end snapshot, and over the span (with its earliest date). */
  position: number | null;
  best: number | null;
  bestDate: string | null;
  gained: number;
  lost: number;
  /** Keywords on which the URL is part of a conflict within the span. */
  conflicts: number;
  /** Visibility score at each of RtDates.points. */
  series: number[];
}

export const PAGE_SORT_FIELDS = [
  'url',
  'keywords',
  'visibilityScore',
  'visibilityScoreChange',
  'position',
  'best',
  'gained',
  'lost',
  'conflicts',
] as const;
export type PageSortField = (typeof PAGE_SORT_FIELDS)[number];

interface UrlAcc {
  /** keyword id → its hits of this URL. */
  byKeyword: Map<number, RankHit[]>;
}

/** Hits of one target grouped by URL, then keyword; hits outside [start, end] are left out. */
function byUrl(hits: readonly RankHit[], dates: RtDates): Map<string, UrlAcc> {
  const out = new Map<string, UrlAcc>();
  for (const h of hits) {
    if (h.date < dates.start || h.date > dates.end) continue;
    let acc = out.get(h.url);
    if (acc === undefined) out.set(h.url, (acc = { byKeyword: new Map() }));
    const list = acc.byKeyword.get(h.keywordId);
    if (list === undefined) acc.byKeyword.set(h.keywordId, [h]);
    else list.push(h);
  }
  return out;
}

/** The conflicts of the domain per keyword within the span (the hits of every URL of the target). */
function conflictsByKeyword(
  hits: readonly RankHit[],
  dates: RtDates,
  kind: PositionKind,
): Map<number, Conflict[]> {
  const byKeyword = new Map<number, RankHit[]>();
  for (const h of hits) {
    const list = byKeyword.get(h.keywordId);
    if (list === undefined) byKeyword.set(h.keywordId, [h]);
    else list.push(h);
  }
  const out = new Map<number, Conflict[]>();
  for (const [id, list] of byKeyword) {
    const c = conflictsOf(list, dates, kind);
    if (c.length > 0) out.set(id, c);
  }
  return out;
}

function keywordOf(
  keyword: RtKeyword,
  hits: readonly RankHit[],
  url: string,
  dates: RtDates,
  kind: PositionKind,
  ctr: CtrModel,
  conflicts: readonly Conflict[],
): PageKeyword {
  const at = (d: string) => {
    let position: number | null = null;
    let ctrSum = 0;
    let ranks = false;
    for (const h of hits) {
      if (h.date !== d) continue;
      ranks = true;
      ctrSum += ctrAt(ctr, h.position);
      const p = positionOf(h, kind);
      if (p !== null && (position === null || p < position)) position = p;
    }
    return { ranks, position, score: keyword.sv === null ? 0 : keyword.sv * ctrSum };
  };
  const end = at(dates.end);
  const start = at(dates.start);
  let best: number | null = null;
  let bestDate: string | null = null;
  for (const h of hits) {
    const p = positionOf(h, kind);
    if (p === null) continue;
    if (best === null || p < best || (p === best && h.date < bestDate!)) {
      best = p;
      bestDate = h.date;
    }
  }
  const sameSpan = dates.start === dates.end;
  const status = sameSpan
    ? end.ranks
      ? 'kept'
      : 'none'
    : end.ranks && start.ranks
      ? 'kept'
      : end.ranks
        ? 'gained'
        : start.ranks
          ? 'lost'
          : 'none';
  return {
    keyword,
    position: end.position,
    startPosition: start.position,
    best,
    bestDate,
    visibilityScore: end.score,
    visibilityScoreStart: start.score,
    status,
    conflicts: conflicts.filter((c) => c.urls.includes(url)),
  };
}

/** Every keyword of every URL of the target's hits within the span, per URL. */
function pageKeywordsByUrl(
  keywords: readonly RtKeyword[],
  hits: readonly RankHit[],
  dates: RtDates,
  kind: PositionKind,
  ctr: CtrModel,
): Map<string, PageKeyword[]> {
  const byId = new Map(keywords.map((k) => [k.id, k]));
  const conflicts = conflictsByKeyword(hits, dates, kind);
  const out = new Map<string, PageKeyword[]>();
  for (const [url, acc] of byUrl(hits, dates)) {
    const list: PageKeyword[] = [];
    for (const [id, mine] of acc.byKeyword) {
      const k = byId.get(id);
      if (k !== undefined) list.push(keywordOf(k, mine, url, dates, kind, ctr, conflicts.get(id) ?? []));
    }
    out.set(url, list);
  }
  return out;
}

/** The keywords of one URL within the span (every keyword it ranks for at some snapshot), by keyword id. */
export function pageKeywords(
  keywords: readonly RtKeyword[],
  hits: readonly RankHit[],
  url: string,
  dates: RtDates,
  kind: PositionKind,
  ctr: CtrModel,
): PageKeyword[] {
  // Conflicts need the other URLs of the domain on the same keywords.
  const list = pageKeywordsByUrl(keywords, relatedHits(hits, url), dates, kind, ctr).get(url) ?? [];
  return list.sort((a, b) => a.keyword.id - b.keyword.id);
}

/** The hits on the keywords where `url` ranks (its own and the other URLs' of the domain there). */
function relatedHits(hits: readonly RankHit[], url: string): RankHit[] {
  const ids = new Set(hits.filter((h) => h.url === url).map((h) => h.keywordId));
  return hits.filter((h) => ids.has(h.keywordId));
}

/** The row of one URL (as pageRows gives it); null when it has no hit in the span. */
export function pageRow(
  keywords: readonly RtKeyword[],
  hits: readonly RankHit[],
  url: string,
  dates: RtDates,
  kind: PositionKind,
  ctr: CtrModel,
): PageRow | null {
  return pageRows(keywords, relatedHits(hits, url), dates, kind, ctr).find((r) => r.url === url) ?? null;
}

/** One row per URL of the target with a hit in the span, in URL order. */
export function pageRows(
  keywords: readonly RtKeyword[],
  hits: readonly RankHit[],
  dates: RtDates,
  kind: PositionKind,
  ctr: CtrModel,
): PageRow[] {
  const sv = new Map(keywords.map((k) => [k.id, k.sv]));
  const series = new Map<string, Map<string, number>>();
  for (const h of hits) {
    const v = sv.get(h.keywordId);
    if (v === undefined || v === null || h.date < dates.start || h.date > dates.end) continue;
    let m = series.get(h.url);
    if (m === undefined) series.set(h.url, (m = new Map()));
    m.set(h.date, (m.get(h.date) ?? 0) + v * ctrAt(ctr, h.position));
  }
  const rows: PageRow[] = [];
  for (const [url, list] of pageKeywordsByUrl(keywords, hits, dates, kind, ctr)) {
    let position: number | null = null;
    let best: number | null = null;
    let bestDate: string | null = null;
    const row: PageRow = {
      url,
      keywords: 0,
      keywordsStart: 0,
      visibilityScore: 0,
      visibilityScoreStart: 0,
      position: null,
      best: null,
      bestDate: null,
      gained: 0,
      lost: 0,
      conflicts: 0,
      series: dates.points.map((d) => series.get(url)?.get(d) ?? 0),
    };
    for (const k of list) {
      if (k.status === 'kept' || k.status === 'gained') row.keywords += 1;
      if (k.status === 'kept' || k.status === 'lost') row.keywordsStart += 1;
      if (k.status === 'gained') row.gained += 1;
      if (k.status === 'lost') row.lost += 1;
      if (k.conflicts.length > 0) row.conflicts += 1;
      row.visibilityScore += k.visibilityScore;
      row.visibilityScoreStart += k.visibilityScoreStart;
      if (k.position !== null && (position === null || k.position < position)) position = k.position;
      if (
        k.best !== null &&
        (best === null || k.best < best || (k.best === best && k.bestDate! < bestDate!))
      ) {
        best = k.best;
        bestDate = k.bestDate;
      }
    }
    rows.push({ ...row, position, best, bestDate });
  }
  return rows.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

function sortValue(r: PageRow, field: PageSortField): number | string | null {
  if (field === 'visibilityScoreChange') return r.visibilityScore - r.visibilityScoreStart;
  return r[field];
}

/** Rows whose URL contains `text`, sorted by a field (nulls last whatever the direction, ties by URL). */
export function sortPageRows(
  rows: readonly PageRow[],
  sort: { field: PageSortField; direction: 'asc' | 'desc' },
  text: string,
): PageRow[] {
  const needle = text.trim().toLowerCase();
  const kept = needle === '' ? [...rows] : rows.filter((r) => r.url.toLowerCase().includes(needle));
  const sign = sort.direction === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    const x = sortValue(a, sort.field);
    const y = sortValue(b, sort.field);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
  });
}
