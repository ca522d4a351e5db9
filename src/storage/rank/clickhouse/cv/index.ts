// The campaign-visibility reads of the ClickHouse RankStore (campaign-visibility-reads.ts), one query per
// file, each answered by the shard that owns the campaign's market.
import type { CampaignVisibilityReads } from '../../../campaign-visibility-reads';
import { plannedReads } from '../../plan/cv-reads';
import { answerOf } from '../../plan/planner';
import type { ChContext } from '../context';
import { autocomplete } from './autocomplete';
import { domainScoresByPlan } from './plan-domain-scores';
import * as keywordReads from './plan-keywords';
import * as labelReads from './plan-labels';
import { marketLeague } from './market-league';
import { pointDates } from './point-dates';
import * as rankingReads from './plan-ranking';
import { seriesByPlan } from './plan-series';
import { guardedSnapshot } from './snapshot';
import { typeScoresByPlan } from './plan-type-scores';

export function campaignVisibilityReads(ctx: ChContext): CampaignVisibilityReads {
  const reads: CampaignVisibilityReads = {
    pointDates: (scope, span) => pointDates(ctx, scope, span),
    series: (scope, targets, span, opts) => answerOf(seriesByPlan(ctx, scope, targets, span, opts, null)),
    typeScores: (scope, targets, span) => answerOf(typeScoresByPlan(ctx, scope, targets, span, null)),
    domainScores: (scope, dates) => answerOf(domainScoresByPlan(ctx, scope, dates, null)),
    ...plannedReads(ctx, { ...labelReads, ...keywordReads, ...rankingReads }),
    autocomplete: (scope, date, text, limit) => autocomplete(ctx, scope, date, text, limit),
    marketLeague: (market, date, limit) => marketLeague(ctx, market, date, limit),
    snapshot: () => guardedSnapshot(ctx, reads),
  };
  return reads;
}
