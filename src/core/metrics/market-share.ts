// Market share (spec §2 market-share overview, DESIGN §3 Share of visibility with useWholeMarket): the share of
// visibility of registrable domains over every host of a market, per point date, the league of the hosts
// shown and the competitive matrix (hosts × keyword tags or groups). Inputs are raw per-domain visibility
// scores (estimated monthly clicks, Σ sv × ctr) and the market totals they are shares of; shares are percent.
import { domainScores } from './competitors';
import { deltas, type XDeltas } from './deltas';
import type { RankData } from './rank-data';
import { percentOf, type MetricOptions } from './visibility';

/** VS of one registrable domain at one point date. */
export interface DomainPointScore {
  date: string;
  domain: string;
  visibilityScore: number;
}

/** Per-domain scores of a market over point dates, with the whole-market denominators. */
export interface MarketScores {
  points: readonly string[];
  /** Σ VS over every host of the market, per point (same order as `points`). */
  totals: readonly number[];
  /** Rows of the domains measured; a missing (point, domain) pair scores 0. */
  scores: readonly DomainPointScore[];
}

export interface ShareSeries {
  host: string;
  /** Per point date. */
  visibilityScores: number[];
  /** VS / market total × 100 per point date (0 where the market has no visibility). */
  shares: number[];
}

/** The share series of each host in `hosts` (in that order). */
export function shareSeries(m: MarketScores, hosts: readonly string[]): ShareSeries[] {
  const at = new Map<string, number>();
  for (const s of m.scores) at.set(`${s.domain}\u0000${s.date}`, s.visibilityScore);
  return hosts.map((host) => {
    const visibilityScores = m.points.map((d) => at.get(`${host}\u0000${d}`) ?? 0);
    return {
      host,
      visibilityScores,
      shares: visibilityScores.map((v, i) => percentOf(v, m.totals[i] ?? 0)),
    };
  });
}

/** Whole-market rank (1 = highest VS) of a domain at the first and last point; null without VS there. */
export interface DomainRanks {
  start: number | null;
  end: number | null;
}

export interface ShareLeagueRow {
  host: string;
  /** Whole-market rank at the last point. */
  rank: number | null;
  /** VS and share at the last point. */
  visibilityScore: number;
  share: number;
  visibilityScoreDeltas: XDeltas;
  /** Share delta in percentage points (and percent of the starting share). */
  shareDeltas: XDeltas;
  /** Rank at start − rank at end (positive: moved up); null when unranked at either end. */
  rankChange: number | null;
}

/** The overview table: one row per series, by share at the last point descending, then host. */
export function shareLeague(
  series: readonly ShareSeries[],
  ranks: ReadonlyMap<string, DomainRanks>,
): ShareLeagueRow[] {
  const rows = series.map((s): ShareLeagueRow => {
    const r = ranks.get(s.host) ?? { start: null, end: null };
    const first = 0;
    const last = s.shares.length - 1;
    return {
      host: s.host,
      rank: r.end,
      visibilityScore: s.visibilityScores[last] ?? 0,
      share: s.shares[last] ?? 0,
      visibilityScoreDeltas: deltas(s.visibilityScores[first] ?? 0, s.visibilityScores[last] ?? 0),
      shareDeltas: deltas(s.shares[first] ?? 0, s.shares[last] ?? 0),
      rankChange: r.start === null || r.end === null ? null : r.start - r.end,
    };
  });
  return rows.sort((a, b) => b.share - a.share || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
}

/** Whole-market ranks from every domain's scores (the reference for the stores' ranks). */
export function marketRanks(scores: ReadonlyMap<string, number>): Map<string, number> {
  const order = [...scores]
    .filter(([, v]) => v > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return new Map(order.map(([domain], i) => [domain, i + 1]));
}

/** VS of the domains of one keyword set (a tag or group) at the end date, with the set's market total. */
export interface SetScores {
  label: string;
  /** Keywords carrying the label. */
  keywords: number;
  /** Σ VS over every host on the set's keywords. */
  total: number;
  scores: ReadonlyMap<string, number>;
}

export interface MatrixCell {
  visibilityScore: number;
  /** Percent of the set's total. */
  share: number;
}

export interface ShareMatrix {
  labels: { label: string; keywords: number; visibilityScore: number }[];
  rows: { host: string; cells: MatrixCell[] }[];
}

/** Hosts (rows, in the order given) × keyword sets (columns, in the order given). */
export function shareMatrix(sets: readonly SetScores[], hosts: readonly string[]): ShareMatrix {
  return {
    labels: sets.map((s) => ({ label: s.label, keywords: s.keywords, visibilityScore: s.total })),
    rows: hosts.map((host) => ({
      host,
      cells: sets.map((s) => {
        const v = s.scores.get(host) ?? 0;
        return { visibilityScore: v, share: percentOf(v, s.total) };
      }),
    })),
  };
}

/**
 * Reference scores of every domain of the market at each point (DESIGN §3 date rule), from in-memory rank
 * data: what the stores' market-share reads must return for the same data.
 */
export function marketScores(
  data: RankData,
  keywordIds: readonly number[],
  points: readonly string[],
  opts: MetricOptions = {},
): MarketScores & { byPoint: Map<string, number>[] } {
  const byPoint = points.map((d) => domainScores(data, keywordIds, d, opts));
  const scores: DomainPointScore[] = [];
  const totals = byPoint.map((m, i) => {
    let total = 0;
    for (const [domain, v] of m) {
      total += v;
      if (v > 0) scores.push({ date: points[i]!, domain, visibilityScore: v });
    }
    return total;
  });
  return { points, totals, scores, byPoint };
}
