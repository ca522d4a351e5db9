// The public demo search (spec §7 /demo/search): the visitor's allowance and markets (GET), and one search
// (POST) whose answer also carries the updated allowance, written back into the status query. A 402 reaches
// the query client's payment-required hook, which selects the LIMIT_REACHED dialog.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEMO_SEARCH,
  demoSearchResponse,
  demoStatusResponse,
  type DemoSearchBody,
  type DemoStatusResponse,
} from '@contracts/demo';
import { apiRequest } from './client';

export const demoKeys = { status: ['demo', 'status'] as const };

export function useDemoStatus() {
  return useQuery({
    queryKey: demoKeys.status,
    queryFn: ({ signal }) => apiRequest(DEMO_SEARCH, { schema: demoStatusResponse, signal }),
  });
}

export function useDemoSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DemoSearchBody) =>
      apiRequest(DEMO_SEARCH, { method: 'POST', body, schema: demoSearchResponse }),
    onSuccess: ({ searchesUsed, searchLimit, limitReached }) => {
      client.setQueryData<DemoStatusResponse>(demoKeys.status, (old) =>
        old ? { ...old, searchesUsed, searchLimit, limitReached } : old,
      );
    },
    onError: () => {
      void client.invalidateQueries({ queryKey: demoKeys.status });
    },
  });
}
