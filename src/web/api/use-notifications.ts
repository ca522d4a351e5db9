// In-app notifications (issue 31 item 6) for the header bell: the latest ones with the unread count,
// refreshed every minute while the app is open, and marking them read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markNotificationsReadResponse, notificationsResponse } from '@contracts/notifications';
import { apiRequest } from './client';
import { notificationKeys } from './query-keys';

const PATH = '/api/v1/notifications';
/** Milliseconds between background refreshes: assignments by colleagues show within a minute. */
const REFRESH_MS = 60_000;

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiRequest(PATH, { schema: notificationsResponse, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) =>
      apiRequest(`${PATH}/read`, { method: 'POST', body, schema: markNotificationsReadResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
