// The signed-in user's API tokens: list, create (the answer holds the secret, shown once) and revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_TOKENS_PATH, apiTokensResponse, createApiTokenResponse } from '@contracts/api-tokens';
import type { CreateApiTokenRequest } from '@contracts/api-tokens';
import { apiRequest } from './client';
import { apiTokenKeys } from './query-keys';

export function useApiTokens(enabled: boolean) {
  return useQuery({
    queryKey: apiTokenKeys.mine,
    queryFn: ({ signal }) => apiRequest(API_TOKENS_PATH, { schema: apiTokensResponse, signal }),
    enabled,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) =>
      apiRequest(API_TOKENS_PATH, { method: 'POST', body, schema: createApiTokenResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.mine }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${API_TOKENS_PATH}/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.mine }),
  });
}
