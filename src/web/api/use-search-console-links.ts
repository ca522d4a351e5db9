// Search Console connections and linked properties (issue 30 item 1): the administration section's reads
// and changes. The link list polls every 2 s while a sync runs, so its progress bar moves without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  gscConnection,
  gscConnectionsResponse,
  gscLink,
  gscLinksResponse,
  gscSitesResponse,
  oauthConnectionResponse,
} from '@contracts/search-console-links';
import type { createGscLinkRequest, createOAuthConnectionRequest } from '@contracts/search-console-links';
import { apiRequest } from './client';

const BASE = '/api/v1/search-console';
const keys = {
  all: ['search-console-links'] as const,
  connections: ['search-console-links', 'connections'] as const,
  links: ['search-console-links', 'links'] as const,
  sites: (id: number) => ['search-console-links', 'sites', id] as const,
};
/** Poll interval while a sync runs (ms). */
const SYNC_POLL_MS = 2000;

export function useGscConnections() {
  return useQuery({
    queryKey: keys.connections,
    queryFn: ({ signal }) => apiRequest(`${BASE}/connections`, { schema: gscConnectionsResponse, signal }),
  });
}

export function useGscLinks() {
  return useQuery({
    queryKey: keys.links,
    queryFn: ({ signal }) => apiRequest(`${BASE}/links`, { schema: gscLinksResponse, signal }),
    refetchInterval: (q) => (q.state.data?.items.some((l) => l.status === 'running') ? SYNC_POLL_MS : false),
  });
}

/** The properties a ready connection's account can read; null: none asked yet. */
export function useGscSites(connectionId: number | null) {
  return useQuery({
    queryKey: keys.sites(connectionId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/connections/${connectionId}/sites`, { schema: gscSitesResponse, signal }),
    enabled: connectionId !== null,
  });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useCreateOAuthConnection() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: z.input<typeof createOAuthConnectionRequest>) =>
      apiRequest(`${BASE}/connections/oauth`, { method: 'POST', body, schema: oauthConnectionResponse }),
    onSuccess: after,
  });
}

export function useCreateServiceAccountConnection() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest(`${BASE}/connections/service-account`, {
        method: 'POST',
        body: { key },
        schema: gscConnection,
      }),
    onSuccess: after,
  });
}

export function useDeleteGscConnection() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${BASE}/connections/${id}`, { method: 'DELETE' }),
    onSuccess: after,
  });
}

export function useCreateGscLink() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: z.input<typeof createGscLinkRequest>) =>
      apiRequest(`${BASE}/links`, { method: 'POST', body, schema: gscLink }),
    onSuccess: after,
  });
}

export function useSyncGscLink() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${BASE}/links/${id}/sync`, { method: 'POST', schema: gscLink }),
    onSuccess: after,
  });
}

export function useDeleteGscLink() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${BASE}/links/${id}`, { method: 'DELETE' }),
    onSuccess: after,
  });
}
