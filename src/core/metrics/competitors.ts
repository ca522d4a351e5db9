// Competitors league (DESIGN §3): registrable domains ranked by VS over the campaign's keywords at the last
// point of the range, with VS, share of the whole market, delta and rank change against the first point.
import { ctrAt } from './ctr-model';
import { deltas, type XDeltas } from './deltas';
import { keywordsOf, pointDates, snapshotAt, snapshotFloor, type RankData } from './rank-data';
import { percentOf, scoring, type DateSpan, type MetricOptions } from './visibility';

export interface LeagueRow {
  domain: string;
  /** 1-based rank at the end date. */
  rank: number;
  visibilityScore: number;
  /** Percent of the VS of every domain at the end date. */
  share: number;
  visibilityScoreDeltas: XDeltas;
  /** Rank at start − rank at end (positive: moved up); null when the domain had no VS at the start. */
  rankChange: number | null;
}

export interface CompetitorsLeague {
  start: string | null;
  end: string | null;
  rows: LeagueRow[];
}

/** VS per registrable domain at d. */
export function domainScores(
  data: RankData,
  keywordIds: readonly number[],
  d: string,
  opts: MetricOptions = {},
): Map<string, number> {
  const sc = scoring(opts);
  const floor = snapshotFloor(d);
  const out = new Map<string, number>();
  for (const k of keywordsOf(data, keywordIds)) {
    if (k.sv === null) continue;
    const s = snapshotAt(data, k.id, d, floor);
    if (s === null) continue;
    for (const r of s.results) {
      if (sc.counts(r)) out.set(r.domain, (out.get(r.domain) ?? 0) + k.sv * ctrAt(sc.ctr, r.position));
    }
  }
  return out;
}

/** Domains with VS > 0, by VS descending, ties by domain name ascending; value = 1-based rank. */
function ranks(scores: ReadonlyMap<string, number>): Map<string, number> {
  const order = [...scores]
    .filter(([, v]) => v > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(order.map(([domain], i) => [domain, i + 1]));
}

/** The league; `limit` keeps the first rows (all when absent). */
export function competitorsLeague(
  data: RankData,
  keywordIds: readonly number[],
  span: DateSpan,
  opts: MetricOptions & { limit?: number } = {},
): CompetitorsLeague {
  const dates = pointDates(data, keywordIds, span.start, span.end);
  const start = dates[0] ?? null;
  const end = dates[dates.length - 1] ?? null;
  if (start === null || end === null) return { start, end, rows: [] };
  const atStart = domainScores(data, keywordIds, start, opts);
  const atEnd = domainScores(data, keywordIds, end, opts);
  const startRanks = ranks(atStart);
  let total = 0;
  for (const v of atEnd.values()) total += v;
  const rows = [...ranks(atEnd)].map(([domain, rank]): LeagueRow => {
    const vs = atEnd.get(domain)!;
    const before = startRanks.get(domain);
    return {
      domain,
      rank,
      visibilityScore: vs,
      share: percentOf(vs, total),
      visibilityScoreDeltas: deltas(atStart.get(domain) ?? 0, vs),
      rankChange: before === undefined ? null : before - rank,
    };
  });
  return { start, end, rows: opts.limit === undefined ? rows : rows.slice(0, opts.limit) };
}
