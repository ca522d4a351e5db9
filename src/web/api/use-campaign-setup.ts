// Set-up of the user's own work (issue 25): projects, campaigns, campaign keywords with their tags and
// keyword groups, tracked domains, domain groups, competitor suggestions, the set-up limits and the audit
// trail. Every change invalidates what it changes — the workspace lists and the campaign's detail, its
// keyword pages, suggestions, rank-check estimates, the audit trail — and marks the campaign's visibility
// data dirty, so each screen shows the new state without a reload. Mutations whose 402 (a set-up limit) the
// screen shows beside the field carry `meta.inlineLimit`, so the global limit dialog stays closed.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  addKeywordsResponse,
  auditResponse,
  campaignKeywordsResponse,
  competitorSuggestionsResponse,
  labelChangeResponse,
  MAX_KEYWORDS_PER_REQUEST,
  marketKeywordsResponse,
  removeKeywordsResponse,
  setupLimits,
} from '@contracts/campaign-setup';
import type {
  addDomainRequest,
  createCampaignRequest,
  domainGroupRequest,
  KeywordEntry,
  updateCampaignRequest,
  updateDomainGroupRequest,
  updateDomainRequest,
} from '@contracts/campaign-setup';
import { campaignDetail, domainGroup, project, trackedDomain } from '@contracts/workspace';
import { inBatches } from '@core/keyword-paste';
import { apiRequest } from './client';
import { campaignPath, PROJECTS_PATH } from './paths';
import { rankCheckKeys, setupKeys, workspaceKeys } from './query-keys';
import { useCvResourceCache } from './use-campaign-visibility';

/** Rows per page of a campaign's keyword list (the server answers at most 1,000). */
export const KEYWORD_PAGE_SIZE = 500;
/** Keywords per request when adding many (the server takes up to 100,000 at once). */
export const KEYWORD_BATCH_SIZE = 25_000;
const inlineLimit = { inlineLimit: true } as const;

export type CampaignKeywordFilter = { search: string; tag: string | null; group: string | null };
export type LabelKind = 'tag' | 'keyword-group';
const LABEL_SEGMENT: Record<LabelKind, string> = { tag: 'tags', 'keyword-group': 'keyword-groups' };

/**
 * Invalidates what a change to the workspace (null) or to one campaign may have changed; also for changes
 * made elsewhere (an import in another tab).
 */
export function useInvalidateSetup() {
  const queryClient = useQueryClient();
  const cv = useCvResourceCache();
  return (campaignId: number | null) => {
    const keys: readonly (readonly unknown[])[] = [
      workspaceKeys.projects,
      workspaceKeys.campaignsAll,
      workspaceKeys.dashboard,
      workspaceKeys.markets,
      ['admin', 'audit'],
      ...(campaignId === null
        ? [['campaign']]
        : [
            workspaceKeys.campaign(campaignId),
            setupKeys.keywords(campaignId),
            setupKeys.suggestions(campaignId),
            rankCheckKeys.campaign(campaignId),
            ['market-keywords'],
          ]),
    ];
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    if (campaignId !== null) cv.markDirty({ param: 'campaign', value: campaignId });
  };
}

export function useSetupLimits() {
  return useQuery({
    queryKey: setupKeys.limits,
    queryFn: ({ signal }) => apiRequest('/api/v1/setup/limits', { schema: setupLimits, signal }),
    staleTime: 5 * 60_000,
  });
}

// ---- projects ----

export function useCreateProject() {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(PROJECTS_PATH, { method: 'POST', body: { name }, schema: project }),
    onSuccess: () => after(null),
  });
}

export function useRenameProject() {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest(`${PROJECTS_PATH}/${id}`, { method: 'PATCH', body: { name }, schema: project }),
    onSuccess: () => after(null),
  });
}

export function useDeleteProject() {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${PROJECTS_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => after(null),
  });
}

// ---- campaigns ----

export function useCreateCampaign() {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: z.input<typeof createCampaignRequest>) =>
      apiRequest('/api/v1/campaigns', { method: 'POST', body, schema: campaignDetail }),
    onSuccess: (created) => after(created.id),
  });
}

export function useUpdateCampaign(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: z.input<typeof updateCampaignRequest>) =>
      apiRequest(campaignPath(campaignId), { method: 'PATCH', body, schema: campaignDetail }),
    onSuccess: () => after(campaignId),
  });
}

export function useDeleteCampaign(campaignId: number) {
  const queryClient = useQueryClient();
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: () => apiRequest(campaignPath(campaignId), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: workspaceKeys.campaign(campaignId) });
      after(null);
    },
  });
}

// ---- keywords ----

/**
 * The pages of a campaign's keyword list that the rows `first`…`last` fall on, and always the first page,
 * whose total sizes the list (so the total stays known while the rows scrolled to are loading).
 */
export function useCampaignKeywordPages(
  campaignId: number,
  filter: CampaignKeywordFilter,
  first: number,
  last: number,
) {
  const pages = [0];
  for (
    let p = Math.max(1, Math.floor(first / KEYWORD_PAGE_SIZE));
    p <= Math.floor(last / KEYWORD_PAGE_SIZE);
    p++
  ) {
    pages.push(p);
  }
  return useQueries({
    queries: pages.map((page) => ({
      queryKey: setupKeys.keywordPage(campaignId, filter, page),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(`${campaignPath(campaignId)}/keywords`, {
          query: {
            search: filter.search || undefined,
            tag: filter.tag,
            group: filter.group,
            offset: page * KEYWORD_PAGE_SIZE,
            limit: KEYWORD_PAGE_SIZE,
          },
          schema: campaignKeywordsResponse,
          signal,
        }),
    })),
    combine: (results) => ({
      pages: new Map(pages.map((p, i) => [p, results[i]!])),
      total: results[0]!.data?.total ?? null,
      /** The first page is being read again (after a change): its total may be behind. */
      refreshing: results[0]!.isFetching,
      error: results.find((r) => r.isError)?.error ?? null,
      refetch: () => results.forEach((r) => void r.refetch()),
    }),
  });
}

export interface AddKeywordsProgress {
  sent: number;
  total: number;
}

/** Adds keywords in batches of at most KEYWORD_BATCH_SIZE; the result sums the batches. */
export function useAddKeywords(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    meta: inlineLimit,
    mutationFn: async ({
      keywords,
      onProgress,
    }: {
      keywords: readonly KeywordEntry[];
      onProgress?: (p: AddKeywordsProgress) => void;
    }) => {
      const sum = { added: 0, merged: 0, total: 0 };
      let sent = 0;
      for (const batch of inBatches(keywords, Math.min(KEYWORD_BATCH_SIZE, MAX_KEYWORDS_PER_REQUEST))) {
        const r = await apiRequest(`${campaignPath(campaignId)}/keywords`, {
          method: 'POST',
          body: { keywords: batch },
          schema: addKeywordsResponse,
          timeoutMs: 300_000,
        });
        sum.added += r.added;
        sum.merged += r.merged;
        sum.total = r.total;
        sent += batch.length;
        onProgress?.({ sent, total: keywords.length });
      }
      return sum;
    },
    onSettled: () => after(campaignId),
  });
}

export function useRemoveKeywords(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (keywords: string[]) =>
      apiRequest(`${campaignPath(campaignId)}/keywords`, {
        method: 'DELETE',
        body: { keywords },
        schema: removeKeywordsResponse,
        timeoutMs: 300_000,
      }),
    onSuccess: () => after(campaignId),
  });
}

/** Reads every keyword of the campaign matching a filter, page after page (for "select all matching"). */
export function useCollectCampaignKeywords(campaignId: number) {
  return useMutation({
    mutationFn: async (filter: CampaignKeywordFilter) => {
      const out: string[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = await apiRequest(`${campaignPath(campaignId)}/keywords`, {
          query: {
            search: filter.search || undefined,
            tag: filter.tag,
            group: filter.group,
            offset,
            limit: 1000,
          },
          schema: campaignKeywordsResponse,
        });
        out.push(...page.items.map((k) => k.keyword));
        if (page.items.length < 1000 || out.length >= page.total) return out;
      }
    },
  });
}

/** The market's keywords with volumes, largest first; null market asks nothing. */
export function useMarketKeywords(market: string | null, search: string, excludeCampaign: number | null) {
  return useQuery({
    queryKey: setupKeys.marketKeywords(market ?? '', search, excludeCampaign),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/markets/${encodeURIComponent(market ?? '')}/keywords`, {
        query: { search: search || undefined, excludeCampaign, limit: 1000 },
        schema: marketKeywordsResponse,
        signal,
      }),
    enabled: market !== null,
    placeholderData: (previous) => previous,
  });
}

export function useRenameLabel(campaignId: number, kind: LabelKind) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      apiRequest(`${campaignPath(campaignId)}/${LABEL_SEGMENT[kind]}/${encodeURIComponent(from)}`, {
        method: 'PATCH',
        body: { name: to },
        schema: labelChangeResponse,
      }),
    onSuccess: () => after(campaignId),
  });
}

export function useDeleteLabel(campaignId: number, kind: LabelKind) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(`${campaignPath(campaignId)}/${LABEL_SEGMENT[kind]}/${encodeURIComponent(name)}`, {
        method: 'DELETE',
        schema: labelChangeResponse,
      }),
    onSuccess: () => after(campaignId),
  });
}

// ---- tracked domains and domain groups ----

export function useAddDomain(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    meta: inlineLimit,
    mutationFn: (body: z.input<typeof addDomainRequest>) =>
      apiRequest(`${campaignPath(campaignId)}/domains`, { method: 'POST', body, schema: trackedDomain }),
    onSuccess: () => after(campaignId),
  });
}

export function useUpdateDomain(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof updateDomainRequest> & { id: number }) =>
      apiRequest(`${campaignPath(campaignId)}/domains/${id}`, {
        method: 'PATCH',
        body,
        schema: trackedDomain,
      }),
    onSuccess: () => after(campaignId),
  });
}

export function useDeleteDomain(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${campaignPath(campaignId)}/domains/${id}`, { method: 'DELETE' }),
    onSuccess: () => after(campaignId),
  });
}

export function useCreateDomainGroup(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (body: z.input<typeof domainGroupRequest>) =>
      apiRequest(`${campaignPath(campaignId)}/domain-groups`, { method: 'POST', body, schema: domainGroup }),
    onSuccess: () => after(campaignId),
  });
}

export function useUpdateDomainGroup(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof updateDomainGroupRequest> & { id: number }) =>
      apiRequest(`${campaignPath(campaignId)}/domain-groups/${id}`, {
        method: 'PATCH',
        body,
        schema: domainGroup,
      }),
    onSuccess: () => after(campaignId),
  });
}

export function useDeleteDomainGroup(campaignId: number) {
  const after = useInvalidateSetup();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${campaignPath(campaignId)}/domain-groups/${id}`, { method: 'DELETE' }),
    onSuccess: () => after(campaignId),
  });
}

/** Domains most visible on the campaign's keywords in its stored SERPs, not tracked yet. */
export function useCompetitorSuggestions(campaignId: number, limit = 10) {
  return useQuery({
    queryKey: [...setupKeys.suggestions(campaignId), limit],
    queryFn: ({ signal }) =>
      apiRequest(`${campaignPath(campaignId)}/competitor-suggestions`, {
        query: { limit },
        schema: competitorSuggestionsResponse,
        signal,
      }),
  });
}

// ---- audit trail ----

export function useAuditLog(offset: number, limit: number) {
  return useQuery({
    queryKey: setupKeys.audit(offset, limit),
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/admin/audit', { query: { offset, limit }, schema: auditResponse, signal }),
    placeholderData: (previous) => previous,
  });
}
