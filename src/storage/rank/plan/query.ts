// A RankStore read as data (issue 28): which keywords, at which point dates, measured for which targets,
// grouped and summed how, scored with which CTR model, paged how. Pure TypeScript, no SQL: the planner
// (planner.ts) picks a source for it and each engine's emitter turns the plan into SQL. Units: visibility
// scores are estimated monthly clicks (Σ sv × ctr), dates `YYYY-MM-DD`.
import type { CtrModel } from '@core/metrics/ctr-model';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { HostFilter } from '@core/host-match';
import type { ResultType } from '@core/result-types';
import type {
  CvKeywordField,
  CvRankingQuery,
  CvScope,
  CvSpan,
  CvTarget,
  CvUrlField,
} from '../../campaign-visibility-reads';
import { RankInputError } from '../input';
import { checkedCtr, type ReadScope } from './scope';

/**
 * The keywords a read covers: a campaign's in its market, or with campaignId null every keyword of the market
 * (the visibility explorer's), narrowed by tags, groups or texts. A campaign's reads (labels, rollup, copy)
 * take the default, a campaign's set.
 */
export interface KeywordSet<C extends number | null = number> {
  campaignId: C;
  market: string;
  /** A keyword needs every tag when `tagsMatch` is 'all', any of them otherwise. Empty: no filter. */
  tags: readonly string[];
  tagsMatch: 'any' | 'all';
  /** Keyword groups (any). Empty: no filter. */
  groups: readonly string[];
  /** Normalised keyword texts (any). Empty: no filter. */
  keywords: readonly string[];
}

/**
 * The point dates of a read and the date rule of DESIGN §3: the points are the dates of the span on which a
 * keyword of the set has a snapshot — or, when `dates` is given, exactly those dates — and at a point d a
 * keyword uses its latest snapshot in [d − maxAgeDays, d].
 */
export interface Points {
  /** The span the points lie in (with `dates`: from the first to the last of them). */
  span: CvSpan;
  /** Explicit point dates, ascending and distinct; null for the span's snapshot dates. */
  dates: readonly string[] | null;
  /** Days; always MAX_SNAPSHOT_AGE_DAYS (a field so that the rule is stated where it is used). */
  maxAgeDays: number;
  /** 'ends': only the first and last of those dates (a matrix's two columns); 'all': every one. */
  pick: 'all' | 'ends';
}

/** A tracked domain, host or host+path, or a domain group (the union of its filters; a result counts once). */
export interface QueryTarget {
  key: string;
  filters: readonly HostFilter[];
}

/**
 * `bestPosition`: a keyword's best counted position for the target (a histogram over the keywords);
 * `volume`: a keyword's search-volume bucket (RankQuery.volumeBounds).
 */
export type GroupBy =
  'point' | 'target' | 'type' | 'keyword' | 'url' | 'domain' | 'label' | 'bestPosition' | 'volume';

/**
 * What is summed per group: `visibilityScore` Σ sv × ctr(position) of the targets' counted results,
 * `maxVisibilityScore` Σ sv × ctr(1) of the measured keywords, `marketVisibilityScore` Σ sv × ctr(position)
 * of every counted result, `keywords` the measured keywords, `setKeywords` the keywords of the set whether
 * measured or not, `bestPosition` the best counted position, `positionSums` over the keywords where a target
 * has a counted result their count, Σ of their best positions and their count per rank range (DESIGN §3);
 * `scoreChange` a keyword's score (Σ sv × ctr, known volume only) at the first and last point and, per target,
 * Σ max(0, start − end) lost and Σ max(0, end − start) gained over the keywords (DESIGN §3).
 */
export type Measure =
  | 'visibilityScore'
  | 'maxVisibilityScore'
  | 'marketVisibilityScore'
  | 'keywords'
  | 'setKeywords'
  | 'bestPosition'
  | 'positionSums'
  | 'scoreChange';

export interface Page {
  sort: { by: Measure | GroupBy; direction: 'asc' | 'desc' } | null;
  offset: number;
  /** Rows to return; null for every row from offset on. */
  limit: number | null;
}

export interface RankQuery<C extends number | null = number> {
  keywords: KeywordSet<C>;
  points: Points;
  targets: readonly QueryTarget[];
  /** Result types that count (brand counts as organic, DESIGN §2). Empty: every type. */
  resultTypes: readonly ResultType[];
  groupBy: readonly GroupBy[];
  /** What group-by 'label' groups by: the keywords' tags or groups (a keyword counts in each); else null. */
  labels: 'tags' | 'groups' | null;
  /**
   * Grouped by 'volume': the buckets' inclusive upper bounds in monthly searches, ascending (bucket i: the
   * first bound a volume does not exceed; bounds.length above them all; unknown volume apart). Else empty.
   */
  volumeBounds: readonly number[];
  measures: readonly Measure[];
  /** The click probability per position 1…100 (DEFAULT_CTR_MODEL unless the campaign has its own). */
  ctr: CtrModel;
  /** Null: every row, in the order of the group-by columns. */
  page: Page | null;
  /** Narrows the rows, not the points, to a page's keywords (ids) or URLs (exact texts); absent: every row. */
  only?: { keywordIds?: readonly number[]; urls?: readonly string[] };
  /** A ranking table's sort, column filters, URL filter and rows (rankingKeywordsQuery, rankingUrlsQuery). */
  ranking?: RankingTable;
  /**
   * Group-by 'type' as the explorer's port reports it: brand apart from organic, and a type whose matched
   * results all score 0 (volume 0) kept; absent: brand counted as organic, groups scoring 0 left out.
   */
  explorerTypes?: true;
}

/** A query over a campaign's keywords or a whole market's (what the planner and emitters take). */
export type AnyRankQuery = RankQuery<number | null>;

/**
 * The ranking tables' paging (spec §3), by the table's field ids: a keyword table (group-by keyword; its
 * grouped fields name a target by index) or the URL table of the one target (group-by url); with a URL filter
 * only rows with a counted result under it at the last point.
 */
export type RankingTable =
  | { rows: 'keyword'; query: CvRankingQuery<CvKeywordField> }
  | { rows: 'url'; query: CvRankingQuery<CvUrlField> };

/** True when the keyword set is a campaign's whole membership (no tag, group or text filter). */
export function wholeCampaign(set: KeywordSet<number | null>): boolean {
  return set.tags.length === 0 && set.groups.length === 0 && set.keywords.length === 0;
}

/** True when some target matches by host+path. */
export function hasPathTargets(q: AnyRankQuery): boolean {
  return q.targets.some((t) => t.filters.some((f) => f.kind === 'path'));
}

/**
 * The keyword set, points, targets, types and CTR model of a read over a span (a campaign's; with campaignId
 * null a whole market's, market-query.ts).
 */
export function spanQuery<C extends number | null = number>(
  scope: ReadScope & { campaignId: C },
  targets: readonly CvTarget[],
  span: CvSpan,
): Pick<
  RankQuery<C>,
  'keywords' | 'points' | 'targets' | 'resultTypes' | 'labels' | 'volumeBounds' | 'ctr' | 'page'
> {
  const { campaignId, market, tags, tagsMatch, groups, keywords } = scope;
  return {
    keywords: { campaignId, market, tags, tagsMatch, groups, keywords },
    points: { span, dates: null, maxAgeDays: MAX_SNAPSHOT_AGE_DAYS, pick: 'all' },
    targets,
    resultTypes: scope.resultTypes,
    labels: null,
    volumeBounds: [],
    ctr: checkedCtr(scope.ctr),
    page: null,
  };
}

/** As spanQuery, at the one explicit point date `date`. */
function dateQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
): ReturnType<typeof spanQuery<number>> {
  const base = spanQuery(scope, targets, { start: date, end: date });
  return { ...base, points: { ...base.points, dates: [date] } };
}

/** The series read of the campaign-visibility port as a query description. */
export function seriesQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  opts: { market: boolean },
): RankQuery {
  return {
    ...spanQuery(scope, targets, span),
    groupBy: ['point', 'target'],
    measures: [
      'visibilityScore',
      'maxVisibilityScore',
      'keywords',
      ...(opts.market ? (['marketVisibilityScore'] as const) : []),
    ],
  };
}

/** The result-type prominence read (each target's VS per point and result type) as a query description. */
export function typeScoresQuery(scope: CvScope, targets: readonly CvTarget[], span: CvSpan): RankQuery {
  return {
    ...spanQuery(scope, targets, span),
    groupBy: ['point', 'target', 'type'],
    measures: ['visibilityScore'],
  };
}

/**
 * The competitors-league read (the VS of every registrable domain at each of the given dates, which must be
 * ascending, distinct and at least one) as a query description.
 */
export function domainScoresQuery(scope: CvScope, dates: readonly string[]): RankQuery {
  const span = { start: dates[0]!, end: dates[dates.length - 1]! };
  const base = spanQuery(scope, [], span);
  return {
    ...base,
    points: { ...base.points, dates },
    groupBy: ['point', 'domain'],
    measures: ['visibilityScore'],
  };
}

/** Visibility share by keyword tag or group (`labels`) at one date as a query description. */
export function labelScoresQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
  labels: 'tags' | 'groups',
  opts: { market: boolean },
): RankQuery {
  return {
    ...dateQuery(scope, targets, date),
    groupBy: ['label', 'target'],
    labels,
    measures: [
      'setKeywords',
      'visibilityScore',
      ...(opts.market ? (['marketVisibilityScore'] as const) : []),
    ],
  };
}

/** The Tag Analysis sums per point of the span (every one, or the ends) and label as a query description. */
export function labelSeriesQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  labels: 'tags' | 'groups',
  pick: 'all' | 'ends',
): RankQuery {
  const base = spanQuery(scope, targets, span);
  return {
    ...base,
    points: { ...base.points, pick },
    groupBy: ['point', 'label', 'target'],
    labels,
    measures: ['keywords', 'maxVisibilityScore', 'visibilityScore', 'positionSums'],
  };
}

/**
 * The rank ranges' counts (per target, the keywords of the set by their best counted position at one date)
 * as a query description.
 */
export function bestPositionsQuery(scope: CvScope, targets: readonly CvTarget[], date: string): RankQuery {
  return {
    ...dateQuery(scope, targets, date),
    groupBy: ['target', 'bestPosition'],
    measures: ['keywords'],
  };
}

/**
 * The search-volume ranges at one date (the keywords of the set per volume bucket, and per target the
 * bucket's keywords where it has a counted result and its VS over them) as a query description; the bounds
 * must be finite and ascending.
 */
export function volumeBucketsQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
  bounds: readonly number[],
): RankQuery {
  bounds.forEach((b, i) => {
    if (!Number.isFinite(b) || (i > 0 && b <= bounds[i - 1]!)) {
      throw new RangeError('volume bounds must be finite and ascending');
    }
  });
  return {
    ...dateQuery(scope, targets, date),
    groupBy: ['volume', 'target'],
    volumeBounds: bounds,
    measures: ['setKeywords', 'keywords', 'visibilityScore'],
  };
}

/**
 * The lost-and-gained read (each target's keyword scores at the first and last point of the span; per
 * target and direction the `top` keywords that changed most, by change then keyword id) as a query
 * description; `top` must be a non-negative integer.
 */
export function keywordChangesQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  top: number,
): RankQuery {
  if (!Number.isSafeInteger(top) || top < 0)
    throw new RangeError(`top must be a non-negative integer, got ${top}`);
  const base = spanQuery(scope, targets, span);
  return {
    ...base,
    points: { ...base.points, pick: 'ends' },
    groupBy: ['target', 'keyword'],
    measures: ['scoreChange'],
    page: { sort: { by: 'scoreChange', direction: 'desc' }, offset: 0, limit: top },
  };
}

/** weekly_data of the keyword table: the page's keywords' best positions per point and target. */
export function weeklyPositionsQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  keywordIds: readonly number[],
  span: CvSpan,
): RankQuery {
  return {
    ...spanQuery(scope, targets, span),
    groupBy: ['keyword', 'point', 'target'],
    measures: ['bestPosition'],
    only: { keywordIds },
  };
}

/** weekly_data of the URL table: the page's URLs' VS (one target) per point. */
export function weeklyUrlScoresQuery(
  scope: CvScope,
  target: CvTarget,
  urls: readonly string[],
  span: CvSpan,
): RankQuery {
  return {
    ...spanQuery(scope, [target], span),
    groupBy: ['url', 'point'],
    measures: ['visibilityScore'],
    only: { urls },
  };
}

/**
 * The keyword ranking table (per keyword of the set and target: best position, its URL and VS at the first
 * and last point of the span) as a query description; it needs a target.
 */
export function rankingKeywordsQuery(
  scope: CvScope,
  targets: readonly CvTarget[],
  query: CvRankingQuery<CvKeywordField>,
): RankQuery {
  if (targets.length === 0) throw new RankInputError('the keyword table needs at least one target');
  const base = spanQuery(scope, targets, query.span);
  return {
    ...base,
    points: { ...base.points, pick: 'ends' },
    groupBy: ['keyword', 'target'],
    measures: ['bestPosition', 'visibilityScore'],
    ranking: { rows: 'keyword', query },
  };
}

/** The URL ranking table of one target (per URL: keywords, VS, best position, Σ sv) as a query description. */
export function rankingUrlsQuery(
  scope: CvScope,
  target: CvTarget,
  query: CvRankingQuery<CvUrlField>,
): RankQuery {
  const base = spanQuery(scope, [target], query.span);
  return {
    ...base,
    points: { ...base.points, pick: 'ends' },
    groupBy: ['url'],
    measures: ['keywords', 'visibilityScore', 'bestPosition'],
    ranking: { rows: 'url', query },
  };
}
