// The campaign-visibility reads of the ClickHouse RankStore (campaign-visibility-reads.ts), one query per
// file, each answered by the shard that owns the campaign's market.
import type { CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { answerOf } from '../../plan/planner';
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
} from '../../plan/query';
import type { ChContext } from '../context';
import { autocomplete } from './autocomplete';
import { domainScoresByPlan } from './plan-domain-scores';
import { keywordChangesByPlan, weeklyPositionsByPlan, weeklyUrlScoresByPlan } from './plan-keywords';
import {
  bestPositionsByPlan,
  labelScoresByPlan,
  labelSeriesByPlan,
  volumeBucketsByPlan,
} from './plan-labels';
import { marketLeague } from './market-league';
import { pointDates } from './point-dates';
import { rankingKeywordsByPlan, rankingUrlsByPlan } from './plan-ranking';
import { seriesByPlan } from './plan-series';
import { guardedSnapshot } from './snapshot';
import { typeScoresByPlan } from './plan-type-scores';

export function campaignVisibilityReads(ctx: ChContext): CampaignVisibilityReads {
  const reads: CampaignVisibilityReads = {
    pointDates: (scope, span) => pointDates(ctx, scope, span),
    series: (scope, targets, span, opts) => answerOf(seriesByPlan(ctx, scope, targets, span, opts, null)),
    typeScores: (scope, targets, span) => answerOf(typeScoresByPlan(ctx, scope, targets, span, null)),
    labelScores: (scope, targets, date, kind, opts) =>
      answerOf(labelScoresByPlan(ctx, scope, labelScoresQuery(scope, targets, date, kind, opts), null)),
    labelSeries: (scope, targets, span, kind, points) =>
      answerOf(labelSeriesByPlan(ctx, scope, labelSeriesQuery(scope, targets, span, kind, points), null)),
    bestPositions: (scope, targets, date) =>
      answerOf(bestPositionsByPlan(ctx, scope, bestPositionsQuery(scope, targets, date), null)),
    volumeBuckets: (scope, targets, date, bounds) =>
      answerOf(volumeBucketsByPlan(ctx, scope, volumeBucketsQuery(scope, targets, date, bounds), null)),
    domainScores: (scope, dates) => answerOf(domainScoresByPlan(ctx, scope, dates, null)),
    keywordChanges: (scope, targets, span, top) =>
      answerOf(keywordChangesByPlan(ctx, scope, keywordChangesQuery(scope, targets, span, top), null)),
    rankingKeywords: (scope, targets, query) =>
      answerOf(rankingKeywordsByPlan(ctx, scope, rankingKeywordsQuery(scope, targets, query), null)),
    rankingUrls: (scope, target, query) =>
      answerOf(rankingUrlsByPlan(ctx, scope, rankingUrlsQuery(scope, target, query), null)),
    weeklyPositions: (scope, targets, ids, span) =>
      answerOf(weeklyPositionsByPlan(ctx, scope, weeklyPositionsQuery(scope, targets, ids, span), null)),
    weeklyUrlScores: (scope, target, urls, span) =>
      answerOf(weeklyUrlScoresByPlan(ctx, scope, weeklyUrlScoresQuery(scope, target, urls, span), null)),
    autocomplete: (scope, date, text, limit) => autocomplete(ctx, scope, date, text, limit),
    marketLeague: (market, date, limit) => marketLeague(ctx, market, date, limit),
    snapshot: () => guardedSnapshot(ctx, reads),
  };
  return reads;
}
