// Dashboards (issue 31 item 2) over TanStack Query: the list, the default (made by the server on first use),
// one dashboard, and the changes (create, edit, duplicate, set default, delete). An edit writes its answer
// into the dashboard's cache entry, so a drag or resize does not refetch the widgets; the others refresh
// every dashboard query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dashboard, dashboardsResponse } from '@contracts/dashboards';
import type {
  createDashboardRequest,
  Dashboard,
  duplicateDashboardRequest,
  updateDashboardRequest,
} from '@contracts/dashboards';
import { apiRequest } from './client';
import { dashboardKeys } from './query-keys';

const PATH = '/api/v1/dashboards';

export function useDashboards() {
  return useQuery({
    queryKey: dashboardKeys.list,
    queryFn: ({ signal }) => apiRequest(PATH, { schema: dashboardsResponse, signal }),
  });
}

/** One dashboard; null: the user's default. */
export function useDashboardById(id: number | null) {
  return useQuery({
    queryKey: id === null ? dashboardKeys.default : dashboardKeys.one(id),
    queryFn: ({ signal }) =>
      apiRequest(id === null ? `${PATH}/default` : `${PATH}/${id}`, { schema: dashboard, signal }),
  });
}

function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

export function useCreateDashboard() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: z.input<typeof createDashboardRequest>) =>
      apiRequest(PATH, { method: 'POST', body, schema: dashboard }),
    onSuccess: refresh,
  });
}

export function useUpdateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: z.input<typeof updateDashboardRequest> }) =>
      apiRequest(`${PATH}/${id}`, { method: 'PATCH', body: patch, schema: dashboard }),
    onSuccess: (d: Dashboard) => {
      queryClient.setQueryData(dashboardKeys.one(d.id), d);
      if (queryClient.getQueryData<Dashboard>(dashboardKeys.default)?.id === d.id) {
        queryClient.setQueryData(dashboardKeys.default, d);
      }
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list });
    },
  });
}

export function useDuplicateDashboard() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof duplicateDashboardRequest> }) =>
      apiRequest(`${PATH}/${id}/duplicate`, { method: 'POST', body, schema: dashboard }),
    onSuccess: refresh,
  });
}

export function useSetDefaultDashboard() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${PATH}/${id}/default`, { method: 'PUT', schema: dashboard }),
    onSuccess: refresh,
  });
}

export function useDeleteDashboard() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
