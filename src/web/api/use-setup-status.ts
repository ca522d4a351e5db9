// The first start's set-up status (public, no session): polled while the demo workspace is being generated,
// so that the sign-in page shows its progress and opens the app once it is ready.
import { useQuery } from '@tanstack/react-query';
import { SETUP_STATUS_PATH, setupStatus } from '@contracts/setup-status';
import { apiRequest } from './client';
import { setupStatusKeys } from './query-keys';

/** How often a running generation is asked for its progress (ms). */
export const SETUP_POLL_MS = 1000;

export function useSetupStatus() {
  return useQuery({
    queryKey: setupStatusKeys.status,
    queryFn: ({ signal }) => apiRequest(SETUP_STATUS_PATH, { schema: setupStatus, signal }),
    refetchInterval: (query) => (query.state.data?.state === 'generating' ? SETUP_POLL_MS : false),
  });
}
