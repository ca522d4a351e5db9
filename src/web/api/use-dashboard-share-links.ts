// Dashboard share links (issue 31 item 2) over TanStack Query: a dashboard's links with making and revoking
// them (on the dashboard screen), and what a link opens (the shared page, signed out). Keys sit under the
// dashboards' own, so a dashboard's refresh refreshes its links too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_SHARE_API,
  dashboardShareLink,
  dashboardShareLinksResponse,
  sharedDashboard,
} from '@contracts/dashboard-share-links';
import { apiRequest } from './client';
import { dashboardKeys } from './query-keys';

const linksKey = (dashboardId: number) => [...dashboardKeys.one(dashboardId), 'share-links'] as const;
const linksPath = (dashboardId: number) => `/api/v1/dashboards/${dashboardId}/share-links`;

export function useDashboardShareLinks(dashboardId: number) {
  return useQuery({
    queryKey: linksKey(dashboardId),
    queryFn: ({ signal }) =>
      apiRequest(linksPath(dashboardId), { schema: dashboardShareLinksResponse, signal }),
  });
}

export function useCreateDashboardShareLink(dashboardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) =>
      apiRequest(linksPath(dashboardId), { method: 'POST', body: { days }, schema: dashboardShareLink }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(dashboardId) }),
  });
}

export function useRevokeDashboardShareLink(dashboardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => apiRequest(`${linksPath(dashboardId)}/${linkId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksKey(dashboardId) }),
  });
}

/** What a share link opens (signed out): the dashboard's name, widgets and who shared it. */
export function useSharedDashboard(token: string) {
  return useQuery({
    queryKey: ['shared-dashboard', token] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${DASHBOARD_SHARE_API}/${encodeURIComponent(token)}`, { schema: sharedDashboard, signal }),
    retry: false,
  });
}
