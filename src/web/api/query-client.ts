// The TanStack Query client that stands in for the spec's resource cache (DESIGN §5): one request for
// identical parameters, unused data dropped after 30 s, AbortSignal cancellation, 402 marks the query dirty,
// and any 401 sends the session check round again so the shell can route to the sign-in page.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { isApiError } from './client';
import { sessionKeys } from './query-keys';

/** Spec §4: stores with no subscriber are removed after 30 seconds. */
export const UNUSED_DATA_MS = 30_000;
/** Data younger than this is served from the cache without a new request. */
export const FRESH_MS = 15_000;

export interface QueryClientHooks {
  /** A 402 (plan limit) arrived: the app shows the limit-reached dialog. */
  onPaymentRequired: () => void;
}

/** Retries only what may succeed on a second try: network failures, time-outs and 5xx, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status !== null && error.status >= 500;
}

export function createQueryClient(hooks: QueryClientHooks): QueryClient {
  const onError = (error: unknown, queryKey: QueryKey | undefined, limitShownInline = false) => {
    if (!isApiError(error)) return;
    const isSessionCheck = queryKey !== undefined && queryKey[0] === sessionKeys.me[0];
    if (error.status === 401 && !isSessionCheck) void client.invalidateQueries({ queryKey: sessionKeys.me });
    if (error.status === 402) {
      // Mark dirty without refetching now: a refetch would only meet the same limit.
      if (queryKey) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
      if (!limitShownInline) hooks.onPaymentRequired();
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    // A mutation with `meta.inlineLimit` shows its 402 (a set-up limit) beside its own field instead.
    mutationCache: new MutationCache({
      onError: (error, _vars, _context, mutation) =>
        onError(error, undefined, mutation.meta?.['inlineLimit'] === true),
    }),
    defaultOptions: {
      queries: {
        gcTime: UNUSED_DATA_MS,
        staleTime: FRESH_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
