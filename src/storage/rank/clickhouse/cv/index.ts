// The campaign-visibility reads of the ClickHouse RankStore (campaign-visibility-reads.ts), one query per
// file, each answered by the shard that owns the campaign's market.
import type { CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { answerOf } from '../../plan/planner';
import { bestPositionsQuery, labelScoresQuery, labelSeriesQuery, volumeBucketsQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { autocomplete } from './autocomplete';
import { domainScoresByPlan } from './plan-domain-scores';
import { keywordChanges } from './keyword-changes';
import {
  bestPositionsByPlan,
  labelScoresByPlan,
  labelSeriesByPlan,
  volumeBucketsByPlan,
} from './plan-labels';
import { marketLeague } from './market-league';
import { pointDates } from './point-dates';
import { rankingKeywords } from './ranking-keywords';
import { rankingUrls } from './ranking-urls';
import { seriesByPlan } from './plan-series';
import { guardedSnapshot } from './snapshot';
import { typeScoresByPlan } from './plan-type-scores';
import { weeklyPositions, weeklyUrlScores } from './weekly';

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
    keywordChanges: (scope, targets, span, top) => keywordChanges(ctx, scope, targets, span, top),
    rankingKeywords: (scope, targets, query) => rankingKeywords(ctx, scope, targets, query),
    rankingUrls: (scope, target, query) => rankingUrls(ctx, scope, target, query),
    weeklyPositions: (scope, targets, ids, span) => weeklyPositions(ctx, scope, targets, ids, span),
    weeklyUrlScores: (scope, target, urls, span) => weeklyUrlScores(ctx, scope, target, urls, span),
    autocomplete: (scope, date, text, limit) => autocomplete(ctx, scope, date, text, limit),
    marketLeague: (market, date, limit) => marketLeague(ctx, market, date, limit),
    snapshot: () => guardedSnapshot(ctx, reads),
  };
  return reads;
}
