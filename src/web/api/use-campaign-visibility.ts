// Campaign visibility data (spec §7) through the resource cache: the endpoint definitions of the fifteen
// endpoints, the one fetcher that turns a cache request into GET /api/v3/campaign-visibility/{campaign}/…
// (lists repeated, booleans true/false, column filters with their pipe-names' dots encoded) and parses the
// answer with its contract, one hook per endpoint family, and the CSV export addresses.
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CV_BASE } from '@contracts/paths';
import {
  cvAutocompleteResponse,
  cvCompetitorsResponse,
  cvDomainsResponse,
  cvFiltersResponse,
  cvKeywordRankingResponse,
  cvLabelShareResponse,
  cvRankRangesResponse,
  cvResultTypeProminenceResponse,
  cvSearchVolumeRangesResponse,
  cvUrlRankingResponse,
  cvVisibilityScoreLostResponse,
  cvWholeMarketResponse,
} from '@contracts/campaign-visibility';
import type {
  CvAutocompleteResponse,
  CvCompetitorsResponse,
  CvDomainsResponse,
  CvFiltersResponse,
  CvKeywordRankingResponse,
  CvLabelShareResponse,
  CvRankRangesResponse,
  CvResultTypeProminenceResponse,
  CvSearchVolumeRangesResponse,
  CvUrlRankingResponse,
  CvVisibilityScoreLostResponse,
  CvWholeMarketResponse,
} from '@contracts/campaign-visibility';
import { urlParams } from '@core/resource-cache';
import type { Endpoint, FetchRequest, ParamDefinition, Params } from '@core/resource-cache';
import { apiRequest } from './client';
import { cvPath } from './cv-paths';
import { ResourceCache, useResource } from './resource-cache';
import type { UseResource } from './resource-cache';

const value = (name: string, required = false): ParamDefinition => ({
  name,
  required,
  type: 'VALUE',
  urlName: name,
});
const list = (name: string): ParamDefinition => ({ name, required: false, type: 'ARRAY', urlName: name });

/** Spec §7 filters every endpoint accepts; campaign is the path segment. */
const FILTER_PARAMS: ParamDefinition[] = [
  value('campaign', true),
  value('market'),
  list('domains'),
  list('domainGroups'),
  list('tags'),
  value('isAndFilter'),
  list('groups'),
  list('keywords'),
  list('kwResultTypes'),
  value('useWholeMarket'),
  value('date'),
  value('startDate'),
  value('endDate'),
];
/** Ranking tables add sort, page, weekly data, the URL filter and column filters (a map by field id). */
const RANKING_PARAMS: ParamDefinition[] = [
  ...FILTER_PARAMS,
  value('url'),
  value('sortField'),
  value('sortDirection'),
  value('sortKey'),
  value('page'),
  value('pageSize'),
  value('weekly_data'),
  { name: 'columnFilters', required: false, type: 'MAP', urlName: 'columnFilters' },
];

interface CvEndpoint {
  path: string;
  params: ParamDefinition[];
  schema: z.ZodType<unknown>;
}

const CV_ENDPOINTS = {
  cvFilters: { path: 'filters', params: FILTER_PARAMS, schema: cvFiltersResponse },
  cvDomains: { path: 'domains', params: FILTER_PARAMS, schema: cvDomainsResponse },
  cvWholeMarket: { path: 'whole-market', params: FILTER_PARAMS, schema: cvWholeMarketResponse },
  cvResultTypeProminence: {
    path: 'result-type-prominence',
    params: FILTER_PARAMS,
    schema: cvResultTypeProminenceResponse,
  },
  cvCompetitors: {
    path: 'competitors',
    params: [...FILTER_PARAMS, value('limit')],
    schema: cvCompetitorsResponse,
  },
  cvRankRanges: { path: 'rank-ranges', params: FILTER_PARAMS, schema: cvRankRangesResponse },
  cvSearchVolumeRanges: {
    path: 'search-volume-ranges',
    params: FILTER_PARAMS,
    schema: cvSearchVolumeRangesResponse,
  },
  cvTags: { path: 'tags', params: FILTER_PARAMS, schema: cvLabelShareResponse },
  cvVisibilityShare: { path: 'visibility-share', params: FILTER_PARAMS, schema: cvLabelShareResponse },
  cvVisibilityScoreLost: {
    path: 'visibility-score-lost',
    params: [...FILTER_PARAMS, value('top')],
    schema: cvVisibilityScoreLostResponse,
  },
  cvKeywordRanking: { path: 'ranking/keywords', params: RANKING_PARAMS, schema: cvKeywordRankingResponse },
  cvUrlRanking: { path: 'ranking/urls', params: RANKING_PARAMS, schema: cvUrlRankingResponse },
  cvAutocomplete: {
    path: 'autocomplete',
    params: [...FILTER_PARAMS, value('q'), value('limit')],
    schema: cvAutocompleteResponse,
  },
} satisfies Record<string, CvEndpoint>;

export type CvEndpointId = keyof typeof CV_ENDPOINTS;

export const CV_RESOURCE_ENDPOINTS: readonly Endpoint[] = Object.entries(CV_ENDPOINTS).map(([id, e]) => ({
  endpointId: id,
  routeName: `${CV_BASE}/{campaign}/${e.path}`,
  paramDefinitions: e.params,
  nullValue: null,
}));

/** The address the cache requests for an endpoint with `params` (what cvFetcher sends). */
export function cvRequestPath(endpointId: CvEndpointId, params: Params): string {
  const endpoint = CV_RESOURCE_ENDPOINTS.find((e) => e.endpointId === endpointId)!;
  return cvPath(params.campaign, CV_ENDPOINTS[endpointId].path, urlParams(endpoint, params));
}

/** Sends a cache request and checks the answer against the endpoint's contract. */
export async function cvFetcher(request: FetchRequest, signal: AbortSignal): Promise<unknown> {
  const e: CvEndpoint = CV_ENDPOINTS[request.endpointId as CvEndpointId];
  return apiRequest<unknown>(cvPath(request.params.campaign, e.path, request.params), {
    schema: e.schema,
    signal,
  });
}

/** One resource cache per query client, for the campaign-visibility screen. */
const caches = new WeakMap<object, ResourceCache>();
export function useCvResourceCache(): ResourceCache {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const found = caches.get(queryClient);
    if (found !== undefined) return found;
    const created = new ResourceCache({ queryClient, endpoints: CV_RESOURCE_ENDPOINTS, fetcher: cvFetcher });
    caches.set(queryClient, created);
    return created;
  }, [queryClient]);
}

export const useCvFilters = (p: Params | null): UseResource<CvFiltersResponse | null> =>
  useResource('cvFilters', p);
export const useCvDomains = (p: Params | null): UseResource<CvDomainsResponse | null> =>
  useResource('cvDomains', p);
export const useCvWholeMarket = (p: Params | null): UseResource<CvWholeMarketResponse | null> =>
  useResource('cvWholeMarket', p);
export const useCvResultTypeProminence = (
  p: Params | null,
): UseResource<CvResultTypeProminenceResponse | null> => useResource('cvResultTypeProminence', p);
export const useCvCompetitors = (p: Params | null): UseResource<CvCompetitorsResponse | null> =>
  useResource('cvCompetitors', p);
export const useCvRankRanges = (p: Params | null): UseResource<CvRankRangesResponse | null> =>
  useResource('cvRankRanges', p);
export const useCvSearchVolumeRanges = (p: Params | null): UseResource<CvSearchVolumeRangesResponse | null> =>
  useResource('cvSearchVolumeRanges', p);
/** Visibility share by keyword tag ('tags') or keyword group ('visibility-share'). */
export const useCvLabelShare = (
  by: 'tags' | 'groups',
  p: Params | null,
): UseResource<CvLabelShareResponse | null> => useResource(by === 'tags' ? 'cvTags' : 'cvVisibilityShare', p);
export const useCvVisibilityScoreLost = (
  p: Params | null,
): UseResource<CvVisibilityScoreLostResponse | null> => useResource('cvVisibilityScoreLost', p);
export const useCvKeywordRanking = (p: Params | null): UseResource<CvKeywordRankingResponse | null> =>
  useResource('cvKeywordRanking', p);
export const useCvUrlRanking = (p: Params | null): UseResource<CvUrlRankingResponse | null> =>
  useResource('cvUrlRanking', p);
export const useCvAutocomplete = (p: Params | null): UseResource<CvAutocompleteResponse | null> =>
  useResource('cvAutocomplete', p);

/** The address of a CSV export with the table's filters and sort (a download link, not a fetch). */
export function cvCsvHref(kind: 'keywords' | 'urls', params: Readonly<Record<string, unknown>>): string {
  const { page: _page, pageSize: _size, weekly_data: _weekly, ...rest } = params;
  return cvPath(params.campaign, `csv/${kind}`, rest);
}
