// The visibility-explorer reads of the RankStore port (issue 5): what the /api/v3/visibility-explorer
// endpoints need to measure one host over every keyword of a market, without a campaign. The port stays
// small and raw — snapshot dates, the market-wide denominators, the target's own results, the snapshots of
// the keywords it ranks for, and per-domain sums over chosen snapshots — so that every metric is computed by
// the core reference functions (src/core/metrics) in the service, the same way on every engine. Units:
// search volume is monthly searches, visibility scores estimated monthly clicks (Σ sv × ctr), dates
// `YYYY-MM-DD`.
import type { HostFilter } from '@core/host-match';
import type { TypeScore } from '@core/metrics/explorer';
import type { ResultType } from '@core/result-types';

/** Keywords of a market measured at a point date (DESIGN §3 date rule). */
export interface VeMeasured {
  date: string;
  /** Keywords of the market with a snapshot used at the date. */
  keywords: number;
  /** Of those, keywords with unknown volume (they score 0). */
  unknownVolume: number;
  /** Σ sv over those keywords with known volume (monthly searches); × ctr(1) is the visibility denominator. */
  searchVolume: number;
}

/** One result matching the target (a host filter), with its keyword's volume. */
export interface VeResult {
  keywordId: number;
  /** Snapshot date. */
  date: string;
  position: number;
  resultType: ResultType;
  url: string;
}

/** A snapshot (keyword, date) with at least one result. */
export interface VeSnapshot {
  keywordId: number;
  date: string;
}

/**
 * The host's VS at a point in one result type: Σ sv × ctr(p) over the matching results of the snapshot each
 * keyword uses at the date (the shape the core's result-type prominence folds).
 */
export type VeTypeScore = TypeScore;

/** How many keywords have the host's best result at a position. */
export interface VeBestPosition {
  /** 1-based. */
  position: number;
  keywords: number;
}

/** A keyword where the host ranks, with its best result. */
export interface VeHostKeyword {
  keyword: string;
  searchVolume: number | null;
  /** The host's smallest position in the keyword's snapshot; `url` is that result's. */
  position: number;
  url: string;
  /** sv × Σ ctr(p) over the host's results of the snapshot (0 when the volume is unknown). */
  visibilityScore: number;
}

/** The host at one date, over the snapshot each keyword uses there (DESIGN §3 date rule). */
export interface VeHostKeywords {
  /** Keywords whose snapshot holds a matching result. */
  rankingKeywords: number;
  /** Σ of their VS. */
  visibilityScore: number;
  /** Keywords per best position, by position. */
  bestPositions: VeBestPosition[];
  /** The `limit` keywords with the highest VS (to CV_TIE_DIGITS decimals), then by text. */
  top: VeHostKeyword[];
}

/** One URL of the host at a date. */
export interface VeHostUrl {
  url: string;
  /** Keywords where the URL has a result. */
  keywords: number;
  bestPosition: number;
  /** Σ sv × ctr(p) over its results. */
  visibilityScore: number;
}

/** The host at one date: what the summary's single-date parts need. */
export interface VeHostPoint {
  keywords: VeHostKeywords;
  urls: VeHostUrl[];
  league: VeDomainScores;
}

/** A keyword where the host ranks at a point: its best result and VS there. */
export interface VeKeywordAt {
  position: number;
  url: string;
  /** sv × Σ ctr(p) over the host's results (0 when the volume is unknown). */
  visibilityScore: number;
}

/** A keyword where the host ranks at the first or the last point of a range. */
export interface VeKeywordRanking {
  keyword: string;
  searchVolume: number | null;
  /** At the first point; null where the host does not rank there. */
  start: VeKeywordAt | null;
  end: VeKeywordAt | null;
}

/** One URL of the host at a point. */
export interface VeUrlAt {
  /** Keywords where the URL has a result. */
  keywords: number;
  visibilityScore: number;
  bestPosition: number;
  /** Σ sv of those keywords (unknown volumes count 0). */
  searchVolume: number;
}

/** A URL of the host at the first or the last point of a range. */
export interface VeUrlRanking {
  url: string;
  start: VeUrlAt | null;
  end: VeUrlAt | null;
}

/** One registrable domain's results over the snapshots the host ranks in. */
export interface VeDomainScore {
  domain: string;
  /** Snapshots of the set where the domain has a result. */
  keywords: number;
  /** Σ sv × ctr(p) over its results (estimated monthly clicks). */
  visibilityScore: number;
}

export interface VeDomainScores {
  /** Σ sv × ctr(p) over every result of the snapshots (every host). */
  total: number;
  /** Domains by VS descending (to CV_TIE_DIGITS decimals), then name; the first `limit`. */
  rows: VeDomainScore[];
}

/**
 * Days of snapshots that weigh an autocomplete's names (ending at the market's latest): a week, so that a
 * mid-week rank-tracker snapshot of a few keywords does not hide the weekly SERPs.
 */
export const AUTOCOMPLETE_DAYS = 7;

/** A suggestion of the autocomplete: a registrable domain or a host the store has seen in results. */
export interface VeSuggestion {
  value: string;
  kind: 'domain' | 'host';
}

export interface VisibilityExplorerReads {
  /** Dates in [start, end] on which some keyword of the market has a snapshot, ascending. */
  snapshotDates(market: string, start: string, end: string): Promise<string[]>;
  /** Per point date: the market's keywords measured there (each uses its latest snapshot ≤ 6 days old). */
  measured(market: string, points: readonly string[]): Promise<VeMeasured[]>;
  /** Every result of the market dated in [lo, hi] matching the host filter, by keyword, date, position. */
  targetResults(market: string, filter: HostFilter, lo: string, hi: string): Promise<VeResult[]>;
  /** Snapshots of the given keywords dated in [lo, hi], by keyword and date. */
  keywordSnapshots(
    market: string,
    keywordIds: readonly number[],
    lo: string,
    hi: string,
  ): Promise<VeSnapshot[]>;
  /**
   * The host's VS per point and result type (types where it has no result left out), each keyword at a
   * point using its latest snapshot of the 7 days up to it; `ctr[p - 1]` is ctr(p).
   */
  hostTypeScores(
    market: string,
    filter: HostFilter,
    points: readonly string[],
    ctr: readonly number[],
  ): Promise<VeTypeScore[]>;
  /**
   * The host at `date`, each keyword using its snapshot there: the keywords where it ranks (the top
   * `limit`), its `limit` URLs with the highest VS (to CV_TIE_DIGITS decimals, then by URL), and Σ sv × ctr(p)
   * per registrable domain over every result of the snapshots it ranks in (the share denominator and the
   * competitors; the first `leagueLimit` domains).
   */
  hostPoint(
    market: string,
    filter: HostFilter,
    date: string,
    ctr: readonly number[],
    limit: number,
    leagueLimit: number,
  ): Promise<VeHostPoint>;
  /**
   * Every keyword where the host ranks at `start` or at `end` (each keyword using its snapshot there), with
   * its best result and VS at each, in no particular order.
   */
  hostKeywordRanking(
    market: string,
    filter: HostFilter,
    start: string,
    end: string,
    ctr: readonly number[],
  ): Promise<VeKeywordRanking[]>;
  /** Every URL of the host with a result at `start` or at `end`, with its numbers at each. */
  hostUrlRanking(
    market: string,
    filter: HostFilter,
    start: string,
    end: string,
    ctr: readonly number[],
  ): Promise<VeUrlRanking[]>;
  /**
   * Registrable domains and hosts containing `text` (lower-cased) with a result in the market's last week of
   * snapshots (the 7 days ending at its latest): those starting with it first, then the most visible (Σ sv ×
   * ctr(p), default curve, over that week — the market's leaders before a long tail of look-alike names,
   * issue 26 item 9), then shorter, then by name; at most `limit`. A host that is itself a registrable
   * domain is listed once, as a domain.
   */
  autocomplete(market: string, text: string, limit: number): Promise<VeSuggestion[]>;
}
