// The rank-tracking reads of the RankStore port (issue 29 items 1–3): the results of a campaign's tracked
// targets (own domain and competitors) on its keywords, each with both positions — the absolute `position`
// stored and the classic organic rank computed at read time (1 + the organic and brand results above it on
// its page, DESIGN §3; src/core/rank-tracking/positions.ts) — and the result types present on
// each snapshot page. Rows, tables, changes, best positions and cannibalisation are then built by the pure
// reference in src/core/rank-tracking, so both engines answer the same numbers by construction; the one
// exception is the rank table's page (`page`), chosen, sorted and counted in the store so that 100,000
// keywords never leave it, and held equal to that reference by conformance cases.
import type { HostFilter } from '@core/host-match';
import type { PositionKind, RtFilter, RtSort } from '@core/rank-tracking';
import type { ResultType } from '@core/result-types';

/** A tracked domain, host or host+path (DESIGN §3 host match). */
export interface RtTarget {
  key: string;
  filter: HostFilter;
}

export interface RtQuery {
  campaignId: number;
  /** The campaign's rank market key. */
  market: string;
  targets: readonly RtTarget[];
  /** Snapshot dates read, inclusive `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** Only these keywords of the campaign; null: every keyword of the campaign. */
  keywordIds: readonly number[] | null;
  /** Only snapshots dated on one of these (within [from, to]); absent: every date of the span. */
  dates?: readonly string[];
}

/** One result of a tracked target on a campaign keyword. */
export interface RtHit {
  keywordId: number;
  date: string;
  /** Index into RtQuery.targets. */
  target: number;
  /** Absolute rank on the page, 1–100. */
  position: number;
  /** 1 + the organic and brand results above it on its page; null for other result types. */
  classic: number | null;
  resultType: ResultType;
  url: string;
}

/** The result types present on one snapshot page. */
export interface RtPageTypes {
  keywordId: number;
  date: string;
  /** Sorted by RESULT_TYPES order, each once. */
  types: ResultType[];
}

/**
 * One page of the rank table chosen in the store (issue 29 item 1): the focus target's cells at the start,
 * previous and end snapshots — and, when sorting by best position or keeping cannibalised keywords only, its
 * hits at every snapshot of `history` they read — filtered and sorted exactly as @core/rank-tracking's
 * tablePage does over rankTrackingRows (nulls last, ties by keyword text then id).
 */
export interface RtPageQuery {
  campaignId: number;
  market: string;
  focus: RtTarget;
  start: string;
  /** The snapshot just before the end; null when there is none. */
  previous: string | null;
  end: string;
  /**
   * The market's snapshot dates, ascending (RtRequest.snapshots): the best position reads those up to the
   * end, the cannibalisation filter those in [start, end] (core's RtDates.points).
   */
  history: readonly string[];
  kind: PositionKind;
  filter: RtFilter;
  sort: RtSort;
  /** Rows skipped, then at most `limit` kept; null: every row (a download). */
  offset: number;
  limit: number | null;
}

/** The page's keywords in the table's order, and how many rows the filters keep in all. */
export interface RtPage {
  total: number;
  keywords: RtPageKeyword[];
}

/** One keyword of a table page as its row shows it. */
export interface RtPageKeyword {
  id: number;
  text: string;
  /** Monthly searches; null when unknown. */
  sv: number | null;
  /** As readCampaignKeywords gives them. */
  tags: string[];
  groups: string[];
  /** The result types on the keyword's page at the query's end date, as pageTypes gives them; [] without one. */
  types: ResultType[];
}

export interface RankTrackingReads {
  /**
   * One page of the rank table, chosen and counted in the store (RtPageQuery), with each keyword's text,
   * volume, tags, groups and end-page result types (what readCampaignKeywords, readKeywords and pageTypes
   * answer for it), so that the rows need only the page's hits besides.
   */
  page(q: RtPageQuery): Promise<RtPage>;
  /** Every result of the targets on the campaign's keywords in [from, to], by keyword, date, target, position. */
  hits(q: RtQuery): Promise<RtHit[]>;
  /** The result types of each snapshot of the campaign's keywords dated in [from, to], by keyword and date. */
  pageTypes(q: Omit<RtQuery, 'targets'>): Promise<RtPageTypes[]>;
  /** The market's snapshot dates with at least one keyword, ascending (the snapshot rollup; no result scan). */
  snapshotDates(market: string): Promise<string[]>;
}
