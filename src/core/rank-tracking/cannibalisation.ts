// Cannibalisation (DESIGN §3): on a keyword, two or more URLs of one tracked target rank in the same snapshot
// ('multiple'), or the target's best-ranking URL changes between consecutive snapshots ('flip'), within the
// compared dates. Pure; the rows and the conflicts list read it.
import { positionOf, type PositionKind, type RankHit } from './positions';

export interface Conflict {
  kind: 'multiple' | 'flip';
  /** The snapshot of the conflict (for a flip, the later one). */
  date: string;
  /** 'multiple': the URLs ranking, best first; 'flip': the URL before, then after. */
  urls: string[];
}

/** Conflicts of one target's hits on one keyword, in date order, over the snapshot dates of [start, end]. */
export function conflictsOf(
  hits: readonly RankHit[],
  dates: { start: string; end: string; points: readonly string[] },
  kind: PositionKind,
): Conflict[] {
  const byDate = new Map<string, { position: number; url: string }[]>();
  for (const h of hits) {
    const p = positionOf(h, kind);
    if (p === null || h.date < dates.start || h.date > dates.end) continue;
    const list = byDate.get(h.date);
    if (list === undefined) byDate.set(h.date, [{ position: p, url: h.url }]);
    else list.push({ position: p, url: h.url });
  }
  const out: Conflict[] = [];
  let before: string | null = null;
  for (const d of dates.points) {
    // A snapshot where the target does not rank keeps the last URL: a return on another URL is a flip too.
    const list = byDate.get(d);
    if (list === undefined) continue;
    // One hit (most snapshots of a table cell) needs no sort and no set: the bench page's 1,000 cells took
    // 7.0 ms instead of 11.7 with this and rows.ts's one split by target (same machine load).
    let top = list[0]!.url;
    if (list.length > 1) {
      list.sort((a, b) => a.position - b.position || (a.url < b.url ? -1 : 1));
      const urls = [...new Set(list.map((x) => x.url))];
      if (urls.length >= 2) out.push({ kind: 'multiple', date: d, urls });
      top = urls[0]!;
    }
    if (before !== null && top !== before) out.push({ kind: 'flip', date: d, urls: [before, top] });
    before = top;
  }
  return out;
}
