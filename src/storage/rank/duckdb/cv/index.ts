// The campaign-visibility reads of the DuckDB RankStore (campaign-visibility-reads.ts), one query per file.
import type { CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { answerOf } from '../../plan/planner';
import { bestPositionsQuery, labelScoresQuery, labelSeriesQuery, volumeBucketsQuery } from '../../plan/query';
import type { DuckDb } from '../db';
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
import { typeScoresByPlan } from './plan-type-scores';
import { weeklyPositions, weeklyUrlScores } from './weekly';

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
    keywordChanges: (scope, targets, span, top) => keywordChanges(db, scope, targets, span, top),
    rankingKeywords: (scope, targets, query) => rankingKeywords(db, scope, targets, query),
    rankingUrls: (scope, target, query) => rankingUrls(db, scope, target, query),
    weeklyPositions: (scope, targets, ids, span) => weeklyPositions(db, scope, targets, ids, span),
    weeklyUrlScores: (scope, target, urls, span) => weeklyUrlScores(db, scope, target, urls, span),
    autocomplete: (scope, date, text, limit) => autocomplete(db, scope, date, text, limit),
    marketLeague: (market, date, limit) => marketLeague(db, market, date, limit),
    snapshot: async () => {
      const snap = await db.snapshot();
      return { reads: campaignVisibilityReads(snap), close: () => snap.close() };
    },
  };
}
