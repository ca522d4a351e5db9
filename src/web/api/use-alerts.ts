// Alert rules of a campaign and the alerts they fired (issue 29 item 7), for the Alerts view of the Rank
// Tracking screen. Every change invalidates the campaign's rules and history.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ALERTS_BASE,
  alertEventsResponse,
  alertRule,
  alertRulesResponse,
  type createAlertRuleRequest,
} from '@contracts/alerts';
import { apiRequest } from './client';
import { alertKeys } from './query-keys';

export type AlertRuleBody = z.input<typeof createAlertRuleRequest>;

const rulesPath = (campaignId: number) => `${ALERTS_BASE}/${campaignId}/rules`;

export function useAlertRules(campaignId: number) {
  return useQuery({
    queryKey: alertKeys.rules(campaignId),
    queryFn: ({ signal }) => apiRequest(rulesPath(campaignId), { schema: alertRulesResponse, signal }),
    select: (r) => r.items,
  });
}

export function useAlertEvents(campaignId: number) {
  return useQuery({
    queryKey: alertKeys.events(campaignId),
    queryFn: ({ signal }) =>
      apiRequest(`${ALERTS_BASE}/${campaignId}/events`, { schema: alertEventsResponse, signal }),
    select: (r) => r.items,
  });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

/** Creates a rule (id null) or replaces one. */
export function useSaveAlertRule(campaignId: number) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AlertRuleBody }) =>
      id === null
        ? apiRequest(rulesPath(campaignId), { method: 'POST', body, schema: alertRule })
        : apiRequest(`${rulesPath(campaignId)}/${id}`, { method: 'PUT', body, schema: alertRule }),
    onSuccess: after,
  });
}

export function useDeleteAlertRule(campaignId: number) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${rulesPath(campaignId)}/${id}`, { method: 'DELETE' }),
    onSuccess: after,
  });
}
