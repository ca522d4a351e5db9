// The campaign-visibility port's reads that take a query description, wired once for both RankStore engines:
// each port method builds its description (query.ts) and answers with the engine emitter's plan of the
// planner's choice. An engine passes its emitters' …ByPlan functions and its connection. The explorer's
// result types (hostTypeScoresOn) are wired here too.
import type {
  CampaignVisibilityReads,
  CvDated,
  CvScope,
  CvTarget,
  CvTypeScore,
} from '../../campaign-visibility-reads';
import type { VisibilityExplorerReads } from '../../visibility-explorer-reads';
import { checkCtr } from '../ve-input';
import { answerOf, type Planned, type Source } from './planner';
import {
  bestPositionsQuery,
  keywordChangesQuery,
  labelScoresQuery,
  labelSeriesQuery,
  rankingKeywordsQuery,
  rankingUrlsQuery,
  volumeBucketsQuery,
  weeklyPositionsQuery,
  weeklyUrlScoresQuery,
  type RankQuery,
} from './query';

/** An emitter's read of a query description on connection `C` by the plan of `source`. */
export type ByPlan<C, T> = (
  c: C,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
) => Promise<Planned<T> | null>;

/** The port methods wired here. */
type Keys =
  | 'labelScores'
  | 'labelSeries'
  | 'bestPositions'
  | 'volumeBuckets'
  | 'keywordChanges'
  | 'rankingKeywords'
  | 'rankingUrls'
  | 'weeklyPositions'
  | 'weeklyUrlScores';

/** An engine's emitters of those methods, by their exported names (labelScoresByPlan, …). */
export type PlannedEmitters<C> = {
  [K in Keys as `${K}ByPlan`]: ByPlan<C, Awaited<ReturnType<CampaignVisibilityReads[K]>>>;
};

export function plannedReads<C>(c: C, e: PlannedEmitters<C>): Pick<CampaignVisibilityReads, Keys> {
  // The port method whose description `query` builds from its arguments, answered by `read`.
  const wire =
    <A extends unknown[], T>(read: ByPlan<C, T>, query: (scope: CvScope, ...args: A) => RankQuery) =>
    (scope: CvScope, ...args: A) =>
      answerOf(read(c, scope, query(scope, ...args), null));
  return {
    labelScores: wire(e.labelScoresByPlan, labelScoresQuery),
    labelSeries: wire(e.labelSeriesByPlan, labelSeriesQuery),
    bestPositions: wire(e.bestPositionsByPlan, bestPositionsQuery),
    volumeBuckets: wire(e.volumeBucketsByPlan, volumeBucketsQuery),
    keywordChanges: wire(e.keywordChangesByPlan, keywordChangesQuery),
    rankingKeywords: wire(e.rankingKeywordsByPlan, rankingKeywordsQuery),
    rankingUrls: wire(e.rankingUrlsByPlan, rankingUrlsQuery),
    weeklyPositions: wire(e.weeklyPositionsByPlan, weeklyPositionsQuery),
    weeklyUrlScores: wire(e.weeklyUrlScoresByPlan, weeklyUrlScoresQuery),
  };
}

/**
 * The explorer port's hostTypeScores from an engine's read of the planner's choice (hostTypeScoresQuery):
 * the CTR checked first, no rows without points, the filter as the one target.
 */
export const hostTypeScoresOn =
  (
    read: (
      market: string,
      target: CvTarget,
      points: readonly string[],
      ctr: readonly number[],
    ) => Promise<Planned<CvDated<CvTypeScore>> | null>,
  ): VisibilityExplorerReads['hostTypeScores'] =>
  async (market, filter, points, ctr) => {
    checkCtr(ctr);
    if (points.length === 0) return [];
    const target = { key: filter.value, filters: [filter] };
    const { rows } = await answerOf(read(market, target, points, ctr));
    return rows.map(({ date, resultType, visibilityScore }) => ({ date, resultType, visibilityScore }));
  };
