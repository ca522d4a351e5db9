// Scheduled rank checks: SERP providers and the organisation's keys (ROLE_ADMIN stores and removes them; the
// key itself never comes back), and per campaign the schedule, cost estimates, confirmation, "run now" and
// run history (ROLE_CV). A campaign's view is polled while one of its runs is queued or running.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { providerInfo, providersResponse, rankChecksResponse, runView } from '@contracts/rank-checks';
import type {
  RankCheckProviderId,
  RankChecksResponse,
  RunNowRequest,
  SaveProviderKeyRequest,
  SaveScheduleRequest,
} from '@contracts/rank-checks';
import { apiRequest } from './client';
import { rankCheckKeys, workspaceKeys } from './query-keys';

/** How often a campaign with a run in flight is asked again (ms). */
export const RUN_POLL_MS = 1000;

export function useRankCheckProviders() {
  return useQuery({
    queryKey: rankCheckKeys.providers,
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/rank-checks/providers', { schema: providersResponse, signal }),
  });
}

export function useSaveProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, body }: { provider: RankCheckProviderId; body: SaveProviderKeyRequest }) =>
      apiRequest(`/api/v1/rank-checks/providers/${provider}/key`, {
        method: 'PUT',
        body,
        schema: providerInfo,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rank-checks'] }),
  });
}

export function useDeleteProviderKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: RankCheckProviderId) =>
      apiRequest(`/api/v1/rank-checks/providers/${provider}/key`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rank-checks'] }),
  });
}

const inFlight = (data: RankChecksResponse | undefined) =>
  data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

export function useCampaignRankChecks(campaignId: number) {
  return useQuery({
    queryKey: rankCheckKeys.campaign(campaignId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/campaigns/${campaignId}/rank-checks`, { schema: rankChecksResponse, signal }),
    refetchInterval: (query) => (inFlight(query.state.data) ? RUN_POLL_MS : false),
  });
}

export function useSaveSchedule(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScheduleRequest) =>
      apiRequest(`/api/v1/campaigns/${campaignId}/rank-checks/schedule`, {
        method: 'PUT',
        body,
        schema: rankChecksResponse,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(rankCheckKeys.campaign(campaignId), data);
      // The campaign's schedule badge follows its rank-check schedule.
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.campaign(campaignId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.campaignsAll });
    },
  });
}

export function useConfirmSchedule(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/v1/campaigns/${campaignId}/rank-checks/schedule/confirm`, {
        method: 'POST',
        schema: rankChecksResponse,
      }),
    onSuccess: (data) => queryClient.setQueryData(rankCheckKeys.campaign(campaignId), data),
  });
}

export function useRunNow(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunNowRequest) =>
      apiRequest(`/api/v1/campaigns/${campaignId}/rank-checks/runs`, {
        method: 'POST',
        body,
        schema: runView,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rankCheckKeys.campaign(campaignId) }),
  });
}

/** Stops a run in flight: it is recorded failed ("cancelled by …") and nothing of it is written. */
export function useCancelRun(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) =>
      apiRequest(`/api/v1/campaigns/${campaignId}/rank-checks/runs/${runId}/cancel`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rankCheckKeys.campaign(campaignId) }),
  });
}
