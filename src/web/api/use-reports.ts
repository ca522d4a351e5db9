// Report definitions (ROLE_REPORTS): list, create, edit and delete; the brand template; generated reports
// (generate, poll while generating, retry) and the comparison of two.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generatedReport, generatedReportsResponse, reportComparison } from '@contracts/generated-reports';
import { report, reportBrand, reportsResponse } from '@contracts/reports';
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

/** A report of a dashboard: its widgets in reading order, titled after it (POST …/dashboards/{id}/report). */
export function useCreateReportFromDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dashboardId: number) =>
      apiRequest(`/api/v1/dashboards/${dashboardId}/report`, { method: 'POST', schema: report }),
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

/** Replaces a report definition (name, campaign, title, blocks, period). */
export function useUpdateReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportRequest) =>
      apiRequest(`/api/v1/reports/${id}`, { method: 'PUT', body, schema: report }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

export function useReportBrand() {
  return useQuery({
    queryKey: [...reportKeys.all, 'brand'],
    queryFn: ({ signal }) => apiRequest('/api/v1/report-brand', { schema: reportBrand, signal }),
  });
}

/** Milliseconds between polls while a generated report is queued or running. */
const POLL_MS = 1000;

/** A report's generated reports, polled while one of them is still generating. */
export function useGeneratedReports(reportId: number) {
  return useQuery({
    queryKey: [...reportKeys.all, reportId, 'generated'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/reports/${reportId}/generated`, { schema: generatedReportsResponse, signal }),
    refetchInterval: (q) =>
      q.state.data?.items.some((g) => g.status === 'queued' || g.status === 'running') ? POLL_MS : false,
  });
}

export function useGenerateReport(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/v1/reports/${reportId}/generate`, { method: 'POST', schema: generatedReport }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...reportKeys.all, reportId, 'generated'] }),
  });
}

export function useRetryGenerated(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/v1/generated-reports/${id}/retry`, { method: 'POST', schema: generatedReport }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...reportKeys.all, reportId, 'generated'] }),
  });
}

/** What changed from generated report a to b; idle until both are chosen. */
export function useReportComparison(a: number | null, b: number | null) {
  return useQuery({
    queryKey: [...reportKeys.all, 'compare', a, b],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/generated-reports/compare', { query: { a, b }, schema: reportComparison, signal }),
    enabled: a !== null && b !== null && a !== b,
  });
}
