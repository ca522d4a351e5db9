// The campaign-visibility reads of the DuckDB RankStore (campaign-visibility-reads.ts), one query per file.
import type { CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { plannedReads } from '../../plan/cv-reads';
import { answerOf } from '../../plan/planner';
import type { DuckDb } from '../db';
import { autocomplete } from './autocomplete';
import { domainScoresByPlan } from './plan-domain-scores';
import * as keywordReads from './plan-keywords';
import * as labelReads from './plan-labels';
import { marketLeague } from './market-league';
import { pointDates } from './point-dates';
import * as rankingReads from './plan-ranking';
import { seriesByPlan } from './plan-series';
import { typeScoresByPlan } from './plan-type-scores';

export function campaignVisibilityReads(db: DuckDb): CampaignVisibilityReads {
  return {
    pointDates: (scope, span) => pointDates(db, scope, span),
    series: (scope, targets, span, opts) => answerOf(seriesByPlan(db, scope, targets, span, opts, null)),
    typeScores: (scope, targets, span) => answerOf(typeScoresByPlan(db, scope, targets, span, null)),
    domainScores: (scope, dates) => answerOf(domainScoresByPlan(db, scope, dates, null)),
    ...plannedReads(db, { ...labelReads, ...keywordReads, ...rankingReads }),
    autocomplete: (scope, date, text, limit) => autocomplete(db, scope, date, text, limit),
    marketLeague: (market, date, limit) => marketLeague(db, market, date, limit),
    snapshot: async () => {
      const snap = await db.snapshot();
      return { reads: campaignVisibilityReads(snap), close: () => snap.close() };
    },
  };
}
