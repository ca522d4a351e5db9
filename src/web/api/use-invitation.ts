// Invitation links: what an invitation is for, and accepting it (which signs the new user in).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitationInfo, meResponse } from '@contracts/auth';
import type { AcceptInvitationRequest } from '@contracts/auth';
import { apiRequest, setCsrfToken } from './client';
import { sessionKeys } from './query-keys';

export function useInvitationInfo(token: string) {
  return useQuery({
    queryKey: sessionKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiRequest(`/auth/invitations/${encodeURIComponent(token)}`, { schema: invitationInfo, signal }),
    retry: false,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      apiRequest('/auth/invitations/accept', { method: 'POST', body, schema: meResponse }),
    onSuccess: (me) => {
      setCsrfToken(me.csrfToken);
      queryClient.setQueryData(sessionKeys.me, me);
    },
  });
}
