// Competitor suggestions for a campaign (issue 25 item 2): the registrable domains with the highest
// visibility score over the campaign's keywords at its latest snapshot date, with their visibility (%) and
// the number of keywords they rank for there, leaving out what the campaign already tracks. Read through
// the campaign-visibility port, so the numbers are those of the campaign-visibility screens (DESIGN §3).
import type { z } from 'zod';
import type { competitorSuggestionsResponse } from '@contracts/campaign-setup';
import { parseHostFilter, type HostFilter } from '@core/host-match';
import type { CvScope } from '@storage/campaign-visibility-reads';
import { campaignCtrModel } from '../ctr-models/resolve';
import { campaignRankMarket } from '../market-keys';
import { campaignOf, type Actor, type SetupContext } from './context';

/** Dates before any stored snapshot: the span asks for every date up to today. */
const EPOCH = '1970-01-01';
export const DEFAULT_SUGGESTIONS = 10;

export async function competitorSuggestions(
  ctx: SetupContext,
  auth: Actor,
  campaignId: number,
  limit = DEFAULT_SUGGESTIONS,
): Promise<z.infer<typeof competitorSuggestionsResponse>> {
  const campaign = await campaignOf(ctx, auth, campaignId);
  const scope: CvScope = {
    campaignId,
    market: await campaignRankMarket(ctx.meta, campaign),
    tags: [],
    tagsMatch: 'any',
    groups: [],
    keywords: [],
    resultTypes: [],
    ctr: (await campaignCtrModel(ctx.meta, campaign)).model.values,
  };
  const reads = ctx.rank.campaignVisibility;
  const today = ctx.now().toISOString().slice(0, 10);
  const dates = await reads.pointDates(scope, { start: EPOCH, end: today });
  const date = dates.at(-1);
  if (date === undefined) return { date: null, items: [] };
  const tracked = new Set(
    (await ctx.meta.listTrackedDomains(campaignId))
      .map((d) => parseHostFilter(d.value))
      .filter((f): f is HostFilter => f !== null && f.kind === 'domain')
      .map((f) => f.domain),
  );
  const top = (await reads.domainScores(scope, [date]))
    .filter((r) => !tracked.has(r.domain))
    .sort((a, b) => b.visibilityScore - a.visibilityScore || (a.domain < b.domain ? -1 : 1))
    .slice(0, limit);
  if (top.length === 0) return { date, items: [] };
  const targets = top.map((r) => ({ key: r.domain, filters: [parseHostFilter(r.domain)!] }));
  const [series, best] = await Promise.all([
    reads.series(scope, targets, { start: date, end: date }, { market: false }),
    reads.bestPositions(scope, targets, date),
  ]);
  const point = series.points.find((p) => p.date === date);
  const max = point?.maxVisibilityScore ?? 0;
  const ranked = new Array<number>(top.length).fill(0);
  for (const b of best) ranked[b.target] = (ranked[b.target] ?? 0) + b.keywords;
  return {
    date,
    items: top.map((r, i) => ({
      domain: r.domain,
      keywords: ranked[i]!,
      visibilityScore: r.visibilityScore,
      visibility: max > 0 ? (r.visibilityScore / max) * 100 : 0,
    })),
  };
}
