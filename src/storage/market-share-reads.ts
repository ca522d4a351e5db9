// The market-share reads of the RankStore port (issue 6 item 1): per-domain visibility scores over every
// keyword of a market at several point dates, and over keyword sets (tags, groups) at one date, each with the
// whole-market total that shares divide by. Each is one statement pass over the chosen snapshots, so a
// 100,000-keyword market costs one scan per request, not one per date or per host. Metrics are computed from
// these by src/core/metrics/market-share.ts. Units: VS is estimated monthly clicks (Σ sv × ctr), dates
// `YYYY-MM-DD`; a keyword at point d uses its latest snapshot in [d − 6, d] (DESIGN §3 Dates).

/** VS of one registrable domain at one point date (rows with VS > 0 only). */
export interface MsDomainScore {
  date: string;
  domain: string;
  visibilityScore: number;
}

/** Whole-market rank of a domain (1 = highest VS, ties by name) at the first and last point; null: no VS. */
export interface MsDomainRank {
  domain: string;
  start: number | null;
  end: number | null;
}

export interface MsSeriesScores {
  /** Σ VS over every result of the market, per point (same order as the points given). */
  totals: number[];
  /** The `limit` registrable domains with the highest VS at the last point, by VS descending then name. */
  leaders: string[];
  /** VS of the leaders and of the domains asked for, at every point where it is > 0. */
  scores: MsDomainScore[];
  /** Ranks of the leaders and of the domains asked for (each once, by name). */
  ranks: MsDomainRank[];
}

/** A keyword set of the matrix: a keyword tag or group and its keywords. */
export interface MsKeywordSet {
  label: string;
  keywordIds: readonly number[];
}

export interface MsSetScores {
  label: string;
  /** Σ VS over every result of the set's keywords at the date. */
  total: number;
  /** VS of the domains asked for that have some (> 0), by name. */
  scores: { domain: string; visibilityScore: number }[];
}

export interface MarketShareReads {
  /**
   * Per-domain VS over every keyword of the market at each point date (ascending, distinct), with the
   * market totals, the leaders at the last point and their ranks; `ctr[p - 1]` is ctr(p).
   */
  domainSeries(
    market: string,
    points: readonly string[],
    ctr: readonly number[],
    domains: readonly string[],
    limit: number,
  ): Promise<MsSeriesScores>;
  /** Per keyword set (in the order given): the set's total and the VS of `domains` at `date`. */
  setScores(
    market: string,
    date: string,
    ctr: readonly number[],
    sets: readonly MsKeywordSet[],
    domains: readonly string[],
  ): Promise<MsSetScores[]>;
}
