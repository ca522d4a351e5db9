// The campaign-visibility reads of the DuckDB RankStore (campaign-visibility-reads.ts), one query per file.
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
import type { DuckDb } from '../db';
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
import { typeScoresByPlan } from './plan-type-scores';

export function campaignVisibilityReads(db: DuckDb): CampaignVisibilityReads {
  return {
    pointDates: (scope, span) => pointDates(db, scope, span),
    series: (scope, targets, span, opts) => answerOf(seriesByPlan(db, scope, targets, span, opts, null)),
    typeScores: (scope, targets, span) => answerOf(typeScoresByPlan(db, scope, targets, span, null)),
    labelScores: (scope, targets, date, kind, opts) =>
      answerOf(labelScoresByPlan(db, scope, labelScoresQuery(scope, targets, date, kind, opts), null)),
    labelSeries: (scope, targets, span, kind, points) =>
      answerOf(labelSeriesByPlan(db, scope, labelSeriesQuery(scope, targets, span, kind, points), null)),
    bestPositions: (scope, targets, date) =>
      answerOf(bestPositionsByPlan(db, scope, bestPositionsQuery(scope, targets, date), null)),
    volumeBuckets: (scope, targets, date, bounds) =>
      answerOf(volumeBucketsByPlan(db, scope, volumeBucketsQuery(scope, targets, date, bounds), null)),
    domainScores: (scope, dates) => answerOf(domainScoresByPlan(db, scope, dates, null)),
    keywordChanges: (scope, targets, span, top) =>
      answerOf(keywordChangesByPlan(db, scope, keywordChangesQuery(scope, targets, span, top), null)),
    rankingKeywords: (scope, targets, query) =>
      answerOf(rankingKeywordsByPlan(db, scope, rankingKeywordsQuery(scope, targets, query), null)),
    rankingUrls: (scope, target, query) =>
      answerOf(rankingUrlsByPlan(db, scope, rankingUrlsQuery(scope, target, query), null)),
    weeklyPositions: (scope, targets, ids, span) =>
      answerOf(weeklyPositionsByPlan(db, scope, weeklyPositionsQuery(scope, targets, ids, span), null)),
    weeklyUrlScores: (scope, target, urls, span) =>
      answerOf(weeklyUrlScoresByPlan(db, scope, weeklyUrlScoresQuery(scope, target, urls, span), null)),
    autocomplete: (scope, date, text, limit) => autocomplete(db, scope, date, text, limit),
    marketLeague: (market, date, limit) => marketLeague(db, market, date, limit),
    snapshot: async () => {
      const snap = await db.snapshot();
      return { reads: campaignVisibilityReads(snap), close: () => snap.close() };
    },
  };
}
