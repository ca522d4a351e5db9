// The campaign-visibility port's reads that take a query description, wired once for both RankStore engines:
// each port method builds its description (query.ts) and answers with the engine emitter's plan of the
// planner's choice. An engine passes its emitters' …ByPlan functions and its connection.
import type { CampaignVisibilityReads, CvScope } from '../../campaign-visibility-reads';
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
type ByPlan<C, T> = (c: C, scope: CvScope, q: RankQuery, source: Source | null) => Promise<Planned<T> | null>;

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
  const run = <T>(read: ByPlan<C, T>, scope: CvScope, q: RankQuery) => answerOf(read(c, scope, q, null));
  return {
    labelScores: (scope, targets, date, kind, opts) =>
      run(e.labelScoresByPlan, scope, labelScoresQuery(scope, targets, date, kind, opts)),
    labelSeries: (scope, targets, span, kind, points) =>
      run(e.labelSeriesByPlan, scope, labelSeriesQuery(scope, targets, span, kind, points)),
    bestPositions: (scope, targets, date) =>
      run(e.bestPositionsByPlan, scope, bestPositionsQuery(scope, targets, date)),
    volumeBuckets: (scope, targets, date, bounds) =>
      run(e.volumeBucketsByPlan, scope, volumeBucketsQuery(scope, targets, date, bounds)),
    keywordChanges: (scope, targets, span, top) =>
      run(e.keywordChangesByPlan, scope, keywordChangesQuery(scope, targets, span, top)),
    rankingKeywords: (scope, targets, query) =>
      run(e.rankingKeywordsByPlan, scope, rankingKeywordsQuery(scope, targets, query)),
    rankingUrls: (scope, target, query) =>
      run(e.rankingUrlsByPlan, scope, rankingUrlsQuery(scope, target, query)),
    weeklyPositions: (scope, targets, ids, span) =>
      run(e.weeklyPositionsByPlan, scope, weeklyPositionsQuery(scope, targets, ids, span)),
    weeklyUrlScores: (scope, target, urls, span) =>
      run(e.weeklyUrlScoresByPlan, scope, weeklyUrlScoresQuery(scope, target, urls, span)),
  };
}
