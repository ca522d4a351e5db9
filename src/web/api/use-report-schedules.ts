// Report schedules (ROLE_REPORTS): a report's schedules (create, edit, pause, delete), a schedule's delivery
// log (polled while a delivery is generating or sending), run now and test send.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  reportDeliveriesResponse,
  reportDelivery,
  reportSchedule,
  reportSchedulesResponse,
  type scheduleRequest,
} from '@contracts/report-schedules';
import { apiRequest } from './client';
import { reportKeys } from './query-keys';

export type ScheduleBody = z.input<typeof scheduleRequest>;

/** Milliseconds between polls of the delivery log while a delivery is under way. */
const POLL_MS = 2000;

const schedulesKey = (reportId: number) => [...reportKeys.all, reportId, 'schedules'] as const;
const deliveriesKey = (scheduleId: number) =>
  [...reportKeys.all, 'schedule', scheduleId, 'deliveries'] as const;

export function useReportSchedules(reportId: number) {
  return useQuery({
    queryKey: schedulesKey(reportId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/reports/${reportId}/schedules`, { schema: reportSchedulesResponse, signal }),
  });
}

/** Creates a schedule (id null) or replaces one. */
export function useSaveSchedule(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ScheduleBody }) =>
      id === null
        ? apiRequest(`/api/v1/reports/${reportId}/schedules`, {
            method: 'POST',
            body,
            schema: reportSchedule,
          })
        : apiRequest(`/api/v1/report-schedules/${id}`, { method: 'PUT', body, schema: reportSchedule }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey(reportId) }),
  });
}

export function useDeleteSchedule(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/v1/report-schedules/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey(reportId) }),
  });
}

/** Delivery states the log is waiting on. */
const PENDING: ReadonlySet<string> = new Set(['generating', 'sending', 'retrying']);

/** A schedule's delivery log; while one is generating, the report's Generated reports list is refreshed too. */
export function useScheduleDeliveries(scheduleId: number, reportId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: deliveriesKey(scheduleId),
    queryFn: async ({ signal }) => {
      const log = await apiRequest(`/api/v1/report-schedules/${scheduleId}/deliveries`, {
        schema: reportDeliveriesResponse,
        signal,
      });
      if (log.items.some((d) => d.status === 'generating'))
        void queryClient.invalidateQueries({ queryKey: [...reportKeys.all, reportId, 'generated'] });
      return log;
    },
    // A retry waits 1 then 5 minutes (schedule-runner.ts), so the log keeps polling through it: the row
    // turns sent or failed without a reload.
    refetchInterval: (q) => (q.state.data?.items.some((d) => PENDING.has(d.status)) ? POLL_MS : false),
  });
}

/** Run now (recipients null: the schedule's) or a test send to the given recipients. */
export function useSendSchedule(scheduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipients: string[] | null) =>
      recipients === null
        ? apiRequest(`/api/v1/report-schedules/${scheduleId}/run`, { method: 'POST', schema: reportDelivery })
        : apiRequest(`/api/v1/report-schedules/${scheduleId}/test`, {
            method: 'POST',
            body: { recipients },
            schema: reportDelivery,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(scheduleId) }),
  });
}
