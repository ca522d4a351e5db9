// The signed-in user: the session check (/api/v1/me, which also hands out the CSRF token), sign-in,
// sign-out and password change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meResponse } from '@contracts/auth';
import type { ChangePasswordRequest, LoginRequest, MeResponse } from '@contracts/auth';
import { apiRequest, setCsrfToken } from './client';
import { ME_PATH } from './paths';
import { sessionKeys } from './query-keys';

export async function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  const me = await apiRequest(ME_PATH, { schema: meResponse, signal });
  setCsrfToken(me.csrfToken);
  return me;
}

/** The session; a 401 error means signed out. Never retried: a 401 will not change by asking again. */
export function useMe() {
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiRequest('/auth/login', { method: 'POST', body, schema: meResponse }),
    onSuccess: (me) => {
      setCsrfToken(me.csrfToken);
      queryClient.setQueryData(sessionKeys.me, me);
    },
  });
}

export function useLogout() {
  return useMutation({
    /** `logoutUrl` comes from the session's auth URLs (normally /auth/logout). */
    mutationFn: (logoutUrl: string) => apiRequest(logoutUrl, { method: 'POST' }),
    onSuccess: () => setCsrfToken(null),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiRequest('/api/v1/me/password', { method: 'POST', body }),
  });
}
