// Rank-tracking rows (issue 29 item 1): per campaign keyword and tracked target, the position at the end
// date, its change against the previous snapshot and the start date, the best position ever (with its date),
// the ranking URL and whether it changed, the SERP features of the page and the ones the target owns, the
// position history, and cannibalisation (cannibalisation.ts). Positions are whole ranks 1–100; a change is
// old − new, so a positive change is a move up. Pure: the service feeds it the store's hits.
import { RESULT_TYPES, type ResultType } from '../result-types';
import { conflictsOf, type Conflict } from './cannibalisation';
import { positionOf, type PositionKind, type RankHit } from './positions';

export interface RtKeyword {
  id: number;
  text: string;
  /** Monthly searches; null when unknown. */
  sv: number | null;
  tags: readonly string[];
  groups: readonly string[];
}

/** The snapshot dates a table compares: start ≤ previous < end; previous is null without an earlier one. */
export interface RtDates {
  start: string;
  previous: string | null;
  end: string;
  /** Every snapshot date in [start, end], ascending: the history's points. */
  points: readonly string[];
}

export interface RtCell {
  position: number | null;
  /** previous − end; null unless both exist. */
  previousChange: number | null;
  /** start − end; null unless both exist. */
  change: number | null;
  startPosition: number | null;
  /** Smallest position over every hit read (the whole stored history up to the end date). */
  best: number | null;
  /** Earliest date of the best position. */
  bestDate: string | null;
  url: string | null;
  /** The ranking URL at the end differs from the one at the previous snapshot (both ranking). */
  urlChanged: boolean;
  ownedFeatures: ResultType[];
  /** Position at each of RtDates.points. */
  history: (number | null)[];
  conflicts: Conflict[];
}

export interface RtRow {
  keyword: RtKeyword;
  /** Result types present on the end snapshot's page. */
  features: ResultType[];
  /** Per target, in target order. */
  cells: RtCell[];
}

export interface Best {
  position: number;
  url: string;
}

/** Builds one row per keyword, in the order given. `pageTypes` are the end snapshot's result types. */
export function rankTrackingRows(
  keywords: readonly RtKeyword[],
  hits: readonly RankHit[],
  pageTypes: ReadonlyMap<number, readonly ResultType[]>,
  targets: number,
  dates: RtDates,
  kind: PositionKind,
): RtRow[] {
  const byKeyword = new Map<number, RankHit[]>();
  for (const h of hits) {
    const list = byKeyword.get(h.keywordId);
    if (list === undefined) byKeyword.set(h.keywordId, [h]);
    else list.push(h);
  }
  return keywords.map((keyword) => {
    // One pass per keyword splits its hits by target (a filter per target read them all 20 times).
    const byTarget: RankHit[][] = Array.from({ length: targets }, () => []);
    for (const h of byKeyword.get(keyword.id) ?? []) byTarget[h.target]?.push(h);
    const cells = byTarget.map((mine) => cell(mine, dates, kind));
    return { keyword, features: [...(pageTypes.get(keyword.id) ?? [])], cells };
  });
}

/**
 * The rows of a table page: the keywords named by `ids`, in that order (ids without a keyword skipped), each
 * given with its end page's result types.
 */
export function tablePageRows(
  keywords: readonly (RtKeyword & { types: readonly ResultType[] })[],
  ids: readonly number[],
  hits: readonly RankHit[],
  targets: number,
  dates: RtDates,
  kind: PositionKind,
): RtRow[] {
  const byId = new Map(keywords.map((k) => [k.id, k]));
  const ordered = ids.flatMap((id) => {
    const k = byId.get(id);
    return k === undefined ? [] : [{ id, text: k.text, sv: k.sv, tags: k.tags, groups: k.groups }];
  });
  const types = new Map(keywords.map((k) => [k.id, k.types]));
  return rankTrackingRows(ordered, hits, types, targets, dates, kind);
}

/** The target's best hit (by the kind's position, then URL) at each date up to `end`. */
export function bestByDate(hits: readonly RankHit[], end: string, kind: PositionKind): Map<string, Best> {
  const byDate = new Map<string, Best>();
  for (const h of hits) {
    const p = positionOf(h, kind);
    if (p === null || h.date > end) continue;
    const cur = byDate.get(h.date);
    if (cur === undefined || p < cur.position || (p === cur.position && h.url < cur.url)) {
      byDate.set(h.date, { position: p, url: h.url });
    }
  }
  return byDate;
}

function cell(hits: readonly RankHit[], dates: RtDates, kind: PositionKind): RtCell {
  const byDate = bestByDate(hits, dates.end, kind);
  let best: { position: number; date: string } | null = null;
  const owned = new Set<ResultType>();
  for (const h of hits) if (h.date === dates.end) owned.add(h.resultType);
  for (const [date, b] of byDate) {
    if (best === null || b.position < best.position || (b.position === best.position && date < best.date)) {
      best = { position: b.position, date };
    }
  }
  const at = (d: string | null) => (d === null ? undefined : byDate.get(d));
  const end = at(dates.end);
  const prev = at(dates.previous);
  const start = at(dates.start);
  const diff = (a: Best | undefined) =>
    a === undefined || end === undefined ? null : a.position - end.position;
  return {
    position: end?.position ?? null,
    previousChange: diff(prev),
    change: dates.start === dates.end ? null : diff(start),
    startPosition: start?.position ?? null,
    best: best?.position ?? null,
    bestDate: best?.date ?? null,
    url: end?.url ?? null,
    urlChanged: end !== undefined && prev !== undefined && end.url !== prev.url,
    ownedFeatures: RESULT_TYPES.filter((t) => owned.has(t)),
    history: dates.points.map((d) => byDate.get(d)?.position ?? null),
    conflicts: conflictsOf(hits, dates, kind),
  };
}
