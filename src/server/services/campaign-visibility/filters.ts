// The campaign's available filters (tracked domains, domain groups, keyword tags and groups with counts,
// result types, snapshot dates) and the autocomplete of the filter inputs.
import type { CvAutocompleteResponse, CvFiltersResponse } from '@contracts/campaign-visibility';
import { RESULT_TYPE_LABELS, RESULT_TYPES } from '@core/result-types';
import type { RankStore } from '@storage/rank-store';
import type { CvRequest } from './request';

/** Autocomplete entries per kind when the request names no limit. */
export const DEFAULT_SUGGESTIONS = 10;

export async function filters(req: CvRequest, rank: RankStore): Promise<CvFiltersResponse> {
  // Every point date of the campaign's whole keyword set, whatever the range and keyword filters.
  const everything = { ...req.scope, tags: [], groups: [], keywords: [] };
  const [summary, dates] = await Promise.all([
    rank.campaignKeywordSummary(req.campaign.id),
    req.reads.pointDates(everything, { start: '1900-01-01', end: '9999-12-31' }),
  ]);
  return {
    market: req.campaign.market,
    dates,
    domains: req.tracked.map((d) => ({ value: d.value, label: d.label, color: d.color, isOwn: d.isOwn })),
    domainGroups: req.domainGroups.map((g) => ({
      value: String(g.id),
      label: g.label,
      color: g.color,
      members: g.members,
    })),
    tags: summary.tags.map((t) => ({ value: t.tag, keywords: t.keywords })),
    groups: summary.groups.map((g) => ({ value: g.group, keywords: g.keywords })),
    // Brand is merged into organic in every series, so it is not offered on its own.
    resultTypes: RESULT_TYPES.filter((t) => t !== 'brand').map((value) => ({
      value,
      label: RESULT_TYPE_LABELS[value],
    })),
    keywords: summary.keywords,
  };
}

export async function autocomplete(
  req: CvRequest,
  text: string,
  limit = DEFAULT_SUGGESTIONS,
): Promise<CvAutocompleteResponse> {
  const found = await req.reads.autocomplete(req.scope, req.date, text, limit);
  return { date: req.date, domains: found.hosts, keywords: found.keywords };
}
