// The cannibalisation detector of tasks (issue 31 item 6): a tracked keyword where the campaign's own domain
// has, at the latest snapshot date, a cannibalisation conflict of a kind it did not have at the previous
// date. The conflicts themselves are rank tracking's (rank-tracking/cannibalisation.ts, classic positions);
// this only turns snapshot pages into hits and compares the two dates. Pure: no I/O.
import { conflictsOf, type Conflict } from './rank-tracking/cannibalisation';
import { classicPositions, type RankHit } from './rank-tracking/positions';
import type { DetectedEvent } from './tasks';

/** One URL of a conflict with its classic position on the date it ranked there. */
export interface ConflictUrl {
  url: string;
  date: string;
  position: number;
}

/**
 * A new conflict, with the evidence its task carries: the drop detector's (positions and URL of the own
 * domain's best result on each date) plus the kind of conflict and the URLs involved.
 */
export interface ConflictEvent extends Omit<DetectedEvent, 'kind'> {
  kind: 'cannibalisation';
  conflict: Conflict['kind'];
  /** 'multiple': the URLs ranking at the current date, best first; 'flip': the URL before, then after. */
  urls: ConflictUrl[];
}

/** One snapshot page's result (RankStore readSnapshot rows, the fields read here). */
export type PageResultRow = Omit<RankHit, 'date' | 'target' | 'classic'>;

/**
 * The own domains' results of one snapshot date as rank-tracking hits, with their classic position among the
 * page's organic and brand results. `targetOf` gives the index of the own domain a URL belongs to, or null.
 */
export function snapshotHits(
  date: string,
  results: readonly PageResultRow[],
  targetOf: (url: string) => number | null,
): RankHit[] {
  const pages = new Map<number, PageResultRow[]>();
  for (const r of results) pages.set(r.keywordId, [...(pages.get(r.keywordId) ?? []), r]);
  const hits: RankHit[] = [];
  for (const page of pages.values()) {
    const classic = classicPositions(page);
    page.forEach((r, i) => {
      const target = targetOf(r.url);
      if (target !== null) hits.push({ ...r, date, target, classic: classic[i]! });
    });
  }
  return hits;
}

/**
 * Conflicts at the last of `dates` (ascending snapshot dates, at least two) of a kind the same keyword and
 * own domain did not have at the date before it. Pass the date before the previous one too, so a flip
 * already under way at the previous date counts as existing. A keyword not checked at the previous date
 * (absent from `checkedBefore`) is new, not conflicted anew, as for the drop detector. One event per keyword
 * and conflict kind.
 */
export function detectConflictEvents(
  campaignId: number,
  hits: readonly RankHit[],
  dates: readonly string[],
  keywordText: ReadonlyMap<number, string>,
  checkedBefore: ReadonlySet<number>,
): ConflictEvent[] {
  const currentDate = dates[dates.length - 1]!;
  const previousDate = dates[dates.length - 2]!;
  const range = { start: dates[0]!, end: currentDate, points: dates };
  const groups = new Map<string, RankHit[]>();
  for (const h of hits) {
    const key = `${h.keywordId}:${h.target}`;
    groups.set(key, [...(groups.get(key) ?? []), h]);
  }
  // The best classic position on a date, of one URL or (url null) of any; null: not ranked.
  const positionOn = (list: readonly RankHit[], url: string | null, date: string) => {
    const ps = list
      .filter((h) => (url === null || h.url === url) && h.date === date && h.classic !== null)
      .map((h) => h.classic!);
    return ps.length === 0 ? null : Math.min(...ps);
  };
  const events = new Map<string, ConflictEvent>();
  for (const list of groups.values()) {
    const keyword = keywordText.get(list[0]!.keywordId);
    if (keyword === undefined || !checkedBefore.has(list[0]!.keywordId)) continue;
    const conflicts = conflictsOf(list, range, 'classic');
    const before = new Set(conflicts.filter((c) => c.date === previousDate).map((c) => c.kind));
    for (const c of conflicts) {
      if (c.date !== currentDate || before.has(c.kind)) continue;
      const eventKey = `cannibalisation-${c.kind}:${campaignId}:${previousDate}:${currentDate}:${keyword}`;
      if (events.has(eventKey)) continue;
      // A flip's earlier URL ranked on the latest date before the current one where the domain ranked.
      const earlier = list
        .filter((h) => h.url === c.urls[0] && h.date < currentDate && h.classic !== null)
        .map((h) => h.date)
        .sort()
        .at(-1);
      const urls = c.urls.map((url, i) => {
        const date = c.kind === 'flip' && i === 0 ? (earlier ?? previousDate) : currentDate;
        return { url, date, position: positionOn(list, url, date)! };
      });
      events.set(eventKey, {
        kind: 'cannibalisation',
        conflict: c.kind,
        keyword,
        previousDate,
        currentDate,
        previousPosition: positionOn(list, null, previousDate),
        currentPosition: positionOn(list, null, currentDate),
        // Both kinds list the URL ranking best at the current date last (flip) or first (multiple).
        url: c.kind === 'flip' ? c.urls[1]! : c.urls[0]!,
        urls,
        eventKey,
      });
    }
  }
  return [...events.values()].sort((a, b) => a.eventKey.localeCompare(b.eventKey));
}
