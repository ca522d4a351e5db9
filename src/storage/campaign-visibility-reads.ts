// The campaign-visibility reads of the RankStore port (issue 4): the aggregates behind the fifteen
// /api/v3/campaign-visibility endpoints, computed next to the data. Every input is a small value — a campaign
// id, a keyword selection, host-match filters, result types, dates and the CTR curve as 100 numbers — so each
// engine (DuckDB now, ClickHouse later) can run them without joining across stores. The metrics are exactly
// those of DESIGN §3 (src/core/metrics is the reference); units: visibility scores are estimated monthly
// clicks (Σ sv × ctr), dates `YYYY-MM-DD`.
import type { HostFilter } from '@core/host-match';
import type { LabelPointSums } from '@core/metrics/label-analysis';
import type { ResultType } from '@core/result-types';

/** The keyword set and scoring rules of one query. */
export interface CvScope {
  campaignId: number;
  /** The campaign's market code. */
  market: string;
  /** Keyword tags; a keyword needs every tag when `tagsMatch` is 'all', any of them otherwise. Empty: no filter. */
  tags: readonly string[];
  tagsMatch: 'any' | 'all';
  /** Keyword groups (any). Empty: no filter. */
  groups: readonly string[];
  /** Normalised keyword texts (any). Empty: no filter. */
  keywords: readonly string[];
  /** Result types that count (brand counts as organic, DESIGN §2). Empty: every type. */
  resultTypes: readonly ResultType[];
  /** The campaign's CTR model: `ctr[p - 1]` is the click probability at position p, for p = 1…100. */
  ctr: readonly number[];
}

/** What is measured: a tracked domain, host or host+path, or a domain group (the union of its members). */
export interface CvTarget {
  key: string;
  filters: readonly HostFilter[];
}

/** Inclusive date bounds `YYYY-MM-DD`. */
export interface CvSpan {
  start: string;
  end: string;
}

export interface CvSeriesPoint {
  date: string;
  /** Keywords of the set with a snapshot used at the date. */
  keywords: number;
  /** Σ sv × ctr(1) over those keywords with known volume. */
  maxVisibilityScore: number;
  /** Σ sv × ctr(p) over every counted result of those keywords; null when not asked for. */
  marketVisibilityScore: number | null;
  /** Per target, in the order given. */
  visibilityScores: number[];
}

export interface CvSeries {
  /** Keywords of the set with unknown volume (they score 0). */
  unknownVolume: number;
  /** Keywords in the set. */
  keywords: number;
  points: CvSeriesPoint[];
}

/** VS of one target from one result type (brand merged into organic) at one point date. */
export interface CvTypeScore {
  date: string;
  target: number;
  resultType: Exclude<ResultType, 'brand'>;
  visibilityScore: number;
}

/** Rows of a query over the point dates of a span, with those dates (ascending). */
export interface CvDated<R> {
  dates: string[];
  rows: R[];
}

export interface CvLabelScore {
  label: string;
  /** Keywords of the set carrying the label. */
  keywords: number;
  marketVisibilityScore: number | null;
  visibilityScores: number[];
}

/**
 * Tag Analysis sums per point date and label (ascending by date, then label; labels with a measured keyword
 * only): per target VS, keywords ranked, Σ best positions and keywords per rank range (src/core reference:
 * labelAnalysis).
 */
export type CvLabelPoint = LabelPointSums;

/** The point dates labelSeries reads: every one, or the first and last. */
export function labelPoints(points: readonly string[], which: 'all' | 'ends'): string[] {
  if (which === 'all' || points.length <= 2) return [...points];
  return [points[0]!, points[points.length - 1]!];
}

/** labelSeries' order, by JavaScript string order (the engines' collations differ on non-ASCII labels). */
export function sortLabelPoints(rows: CvLabelPoint[]): CvLabelPoint[] {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => cmp(a.date, b.date) || cmp(a.label, b.label));
}

/** How many keywords have `position` as the target's best position. */
export interface CvBestPositionCount {
  target: number;
  position: number;
  keywords: number;
}

export interface CvVolumeBucket {
  /** Index into the bounds given (the last index + 1 for volumes above the last bound); null = unknown volume. */
  bucket: number | null;
  keywords: number;
  /** Per target: keywords of the bucket where it has a counted result. */
  ranking: number[];
  visibilityScores: number[];
}

export interface CvDomainScore {
  date: string;
  /** Registrable domain. */
  domain: string;
  visibilityScore: number;
}

export interface CvKeywordChange {
  keywordId: number;
  keyword: string;
  searchVolume: number | null;
  /** Keyword score at the first and last point. */
  start: number;
  end: number;
}

export interface CvTargetChange {
  target: number;
  /** Σ_k max(0, start − end) and Σ_k max(0, end − start). */
  lost: number;
  gained: number;
  /** The keywords that lost (gained) most, largest change first, ties by keyword id. */
  lostKeywords: CvKeywordChange[];
  gainedKeywords: CvKeywordChange[];
}

export interface CvChanges {
  /** First and last point dates of the span; null when it has none. */
  start: string | null;
  end: string | null;
  targets: CvTargetChange[];
}

/** Sort or filter on a ranking-table field; `target` indexes the targets for grouped fields. */
export interface CvFieldRef<F extends string> {
  field: F;
  target: number | null;
  /** For a `…Deltas` field: compare the absolute or the percentage change. */
  display: 'delta' | 'percentageDelta' | null;
}

export interface CvColumnFilter<F extends string> extends CvFieldRef<F> {
  /** Inclusive numeric bounds (either may be null), or a case-insensitive substring for text fields. */
  min: number | null;
  max: number | null;
  contains: string | null;
}

export interface CvRankingQuery<F extends string> {
  span: CvSpan;
  /** Only rows with a counted result under this host or host+path at the last point (URL filter). */
  url: HostFilter | null;
  sort: CvFieldRef<F> & { direction: 'asc' | 'desc' };
  filters: readonly CvColumnFilter<F>[];
  offset: number;
  /** Rows to return; null for every row from offset on. */
  limit: number | null;
}

export const CV_KEYWORD_FIELDS = [
  'keyword',
  'searchVolume',
  'position',
  'positionDeltas',
  'url',
  'visibilityScore',
  'visibilityScoreDeltas',
] as const;
export type CvKeywordField = (typeof CV_KEYWORD_FIELDS)[number];
/** Keyword-table fields that exist once per target (`field|index`). */
export const CV_GROUPED_KEYWORD_FIELDS: readonly CvKeywordField[] = [
  'position',
  'positionDeltas',
  'url',
  'visibilityScore',
  'visibilityScoreDeltas',
];

export interface CvKeywordTargetCell {
  /** Best position at the last (first) point; null when the target has no counted result there. */
  position: number | null;
  positionStart: number | null;
  /** URL of the best position at the last point. */
  url: string | null;
  visibilityScore: number;
  visibilityScoreStart: number;
}

export interface CvKeywordRow {
  keywordId: number;
  keyword: string;
  searchVolume: number | null;
  tags: string[];
  groups: string[];
  /** Per target, in the order given. */
  targets: CvKeywordTargetCell[];
}

export const CV_URL_FIELDS = [
  'url',
  'keywords',
  'keywordsDeltas',
  'visibilityScore',
  'visibilityScoreDeltas',
  'bestPosition',
  'searchVolume',
] as const;
export type CvUrlField = (typeof CV_URL_FIELDS)[number];

export interface CvUrlRow {
  url: string;
  /** Keywords of the set where the URL has a counted result at the last (first) point. */
  keywords: number;
  keywordsStart: number;
  visibilityScore: number;
  visibilityScoreStart: number;
  /** Best position at the last point; null when it does not rank there. */
  bestPosition: number | null;
  /** Σ sv of the keywords it ranks for at the last point (unknown volumes count 0). */
  searchVolume: number;
}

export interface CvRankingPage<R> {
  /** First and last point dates of the span; null when it has none. */
  start: string | null;
  end: string | null;
  total: number;
  rows: R[];
}

/** Best position per point date of one keyword for one target (weekly_data of the keyword table). */
export interface CvWeeklyPosition {
  keywordId: number;
  date: string;
  target: number;
  position: number;
}

/** VS per point date of one URL (weekly_data of the URL table). */
export interface CvWeeklyUrlScore {
  url: string;
  date: string;
  visibilityScore: number;
}

/**
 * Decimals of a VS (clicks) when it orders names: sums that are equal but for their last bits (a domain and its
 * only host, added in another order) tie and fall back to the name, the same on every engine.
 */
export const CV_TIE_DIGITS = 6;

export interface CvAutocomplete {
  /**
   * Registrable domains and hosts with a counted result on the set at the date, by VS descending (to
   * CV_TIE_DIGITS decimals), then by name.
   */
  hosts: { value: string; kind: 'domain' | 'host'; visibilityScore: number }[];
  /** Keywords of the set, by volume descending. */
  keywords: { keyword: string; searchVolume: number | null }[];
}

/** One host of the whole-market league: its results over every keyword of the market at one date. */
export interface MarketLeagueRow {
  host: string;
  /** The host's registrable domain. */
  domain: string;
  /** Keywords of the market where the host has a result at the date. */
  keywords: number;
  /** Σ sv × ctr(p) over those results, default CTR curve (estimated monthly clicks). */
  visibilityScore: number;
}

export interface MarketLeague {
  /** Hosts with a result at the date. */
  total: number;
  rows: MarketLeagueRow[];
}

export interface CampaignVisibilityReads {
  /** Point dates of the span: every date on which a keyword of the set has a snapshot. */
  pointDates(scope: CvScope, span: CvSpan): Promise<string[]>;
  /** VS of every target at every point date of the span, with the visibility and share denominators. */
  series(
    scope: CvScope,
    targets: readonly CvTarget[],
    span: CvSpan,
    opts: { market: boolean },
  ): Promise<CvSeries>;
  /** VS per target, point date and result type (non-zero rows only). */
  typeScores(scope: CvScope, targets: readonly CvTarget[], span: CvSpan): Promise<CvDated<CvTypeScore>>;
  /** Per keyword tag or group of the set at a point date, ascending by label. */
  labelScores(
    scope: CvScope,
    targets: readonly CvTarget[],
    date: string,
    kind: 'tags' | 'groups',
    opts: { market: boolean },
  ): Promise<CvLabelScore[]>;
  /**
   * Per point date of the span and keyword tag or group: the Tag Analysis sums of every target. `points`
   * 'ends' reads the first and last point date of the span only (the matrix), 'all' every one (the series).
   */
  labelSeries(
    scope: CvScope,
    targets: readonly CvTarget[],
    span: CvSpan,
    kind: 'tags' | 'groups',
    points: 'all' | 'ends',
  ): Promise<CvLabelPoint[]>;
  /** Histogram of each target's best position over the keywords of the set at a point date. */
  bestPositions(scope: CvScope, targets: readonly CvTarget[], date: string): Promise<CvBestPositionCount[]>;
  /** Keywords by volume bucket: `bounds` are inclusive upper bounds, ascending (monthly searches). */
  volumeBuckets(
    scope: CvScope,
    targets: readonly CvTarget[],
    date: string,
    bounds: readonly number[],
  ): Promise<CvVolumeBucket[]>;
  /** VS per registrable domain at each of the given point dates (rows with VS > 0). */
  domainScores(scope: CvScope, dates: readonly string[]): Promise<CvDomainScore[]>;
  /** Visibility score lost and gained between the first and last point of the span. */
  keywordChanges(scope: CvScope, targets: readonly CvTarget[], span: CvSpan, top: number): Promise<CvChanges>;
  /** One page of the keyword ranking table: every keyword of the set, grouped fields per target. */
  rankingKeywords(
    scope: CvScope,
    targets: readonly CvTarget[],
    query: CvRankingQuery<CvKeywordField>,
  ): Promise<CvRankingPage<CvKeywordRow>>;
  /** One page of the URL ranking table of one target: URLs ranking at the first or last point. */
  rankingUrls(
    scope: CvScope,
    target: CvTarget,
    query: CvRankingQuery<CvUrlField>,
  ): Promise<CvRankingPage<CvUrlRow>>;
  /** Best positions of the given keywords at every point date of the span. */
  weeklyPositions(
    scope: CvScope,
    targets: readonly CvTarget[],
    keywordIds: readonly number[],
    span: CvSpan,
  ): Promise<CvDated<CvWeeklyPosition>>;
  /** VS of the given URLs at every point date of the span. */
  weeklyUrlScores(
    scope: CvScope,
    target: CvTarget,
    urls: readonly string[],
    span: CvSpan,
  ): Promise<CvDated<CvWeeklyUrlScore>>;
  /** Hosts and keywords containing `text` (case-insensitive), at most `limit` of each. */
  autocomplete(scope: CvScope, date: string, text: string, limit: number): Promise<CvAutocomplete>;
  /**
   * Whole-market league, no campaign: every host with a result in the market's snapshots dated `date`, by VS
   * descending (to CV_TIE_DIGITS decimals), then host; the first `limit` rows.
   */
  marketLeague(market: string, date: string, limit: number): Promise<MarketLeague>;
  /**
   * These reads over one state of the stored data, for an answer read in several queries (an export read
   * page by page): a write committing meanwhile shows in none of them. close() releases it.
   */
  snapshot(): Promise<CvSnapshot>;
}

export interface CvSnapshot {
  reads: CampaignVisibilityReads;
  close(): Promise<void>;
}
