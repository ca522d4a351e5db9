// Report definitions (ROLE_REPORTS): list, create and delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { report, reportsResponse } from '@contracts/reports';
import type { CreateReportRequest } from '@contracts/reports';
import { apiRequest } from './client';
import { reportKeys } from './query-keys';

export function useReports() {
  return useQuery({
    queryKey: reportKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/v1/reports', { schema: reportsResponse, signal }),
  });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportRequest) =>
      apiRequest('/api/v1/reports', { method: 'POST', body, schema: report }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/v1/reports/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
