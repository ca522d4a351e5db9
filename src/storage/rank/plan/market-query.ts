// The query descriptions of the reads over every keyword of a market (issue 28): the market-share overview
// and matrix, and the visibility explorer's result types. No campaign, keyword or result-type filter; the
// points are explicit dates. Units as in query.ts.
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { CvTarget } from '../../campaign-visibility-reads';
import { checkDate } from '../input';
import { spanQuery, type RankQuery } from './query';

/** The keyword set (the whole market), targets, CTR model and points — `dates`, ascending, distinct, ≥ 1. */
function atDates(
  market: string,
  ctr: readonly number[],
  targets: readonly CvTarget[],
  dates: readonly string[],
): ReturnType<typeof spanQuery<null>> {
  const span = { start: dates[0]!, end: dates[dates.length - 1]! };
  const scope = {
    campaignId: null,
    market,
    tags: [],
    tagsMatch: 'any',
    groups: [],
    keywords: [],
    resultTypes: [],
    ctr,
  } as const;
  return {
    ...spanQuery(scope, targets, span),
    points: { span, dates, maxAgeDays: MAX_SNAPSHOT_AGE_DAYS, pick: 'all' },
  };
}

/**
 * The explorer's result types (one host filter's VS per result type at each of the given point dates, over
 * every keyword of the market) as a query description, its points the dates checked, distinct and ascending;
 * at least one is needed.
 */
export function hostTypeScoresQuery(
  market: string,
  target: CvTarget,
  dates: readonly string[],
  ctr: readonly number[],
): RankQuery<null> {
  for (const d of dates) checkDate(d);
  return {
    ...atDates(market, ctr, [target], [...new Set(dates)].sort()),
    groupBy: ['point', 'target', 'type'],
    measures: ['visibilityScore'],
    explorerTypes: true,
  };
}

/**
 * A market-share read (market-share-reads.ts): per point (the overview) or keyword set (the matrix: `sets`,
 * group-by 'label', a keyword counting in each of its sets) and registrable domain, the VS over every
 * keyword of the market and the market's; no campaign, target or type filter.
 */
export type MarketQuery = RankQuery<null> & { sets: readonly (readonly number[])[] | null };

/** The overview at `dates` (ascending, distinct, ≥ 1) with leaders first, or the matrix of `sets`, ids once. */
export function marketQuery(
  market: string,
  dates: readonly string[],
  ctr: readonly number[],
  of: { limit: number } | { sets: readonly (readonly number[])[] },
): MarketQuery {
  const sets = 'sets' in of ? of.sets.map((ids) => [...new Set(ids)]) : null;
  return {
    ...atDates(market, ctr, [], dates),
    sets,
    groupBy: [sets === null ? 'point' : 'label', 'domain'],
    measures: ['visibilityScore', 'marketVisibilityScore'],
    page:
      'limit' in of
        ? { sort: { by: 'visibilityScore', direction: 'desc' }, offset: 0, limit: of.limit }
        : null,
  };
}
