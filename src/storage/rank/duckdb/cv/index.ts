// The campaign-visibility reads of the DuckDB RankStore (campaign-visibility-reads.ts), one query per file.
import type { CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { autocomplete } from './autocomplete';
import { bestPositions } from './best-positions';
import { domainScores } from './plan-domain-scores';
import { keywordChanges } from './keyword-changes';
import { labelScores } from './label-scores';
import { labelSeries } from './label-series';
import { marketLeague } from './market-league';
import { pointDates } from './point-dates';
import { rankingKeywords } from './ranking-keywords';
import { rankingUrls } from './ranking-urls';
import { series } from './plan-series';
import { typeScores } from './plan-type-scores';
import { volumeBuckets } from './volume-buckets';
import { weeklyPositions, weeklyUrlScores } from './weekly';

export function campaignVisibilityReads(db: DuckDb): CampaignVisibilityReads {
  return {
    pointDates: (scope, span) => pointDates(db, scope, span),
    series: (scope, targets, span, opts) => series(db, scope, targets, span, opts),
    typeScores: (scope, targets, span) => typeScores(db, scope, targets, span),
    labelScores: (scope, targets, date, kind, opts) => labelScores(db, scope, targets, date, kind, opts),
    labelSeries: (scope, targets, span, kind, points) => labelSeries(db, scope, targets, span, kind, points),
    bestPositions: (scope, targets, date) => bestPositions(db, scope, targets, date),
    volumeBuckets: (scope, targets, date, bounds) => volumeBuckets(db, scope, targets, date, bounds),
    domainScores: (scope, dates) => domainScores(db, scope, dates),
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
