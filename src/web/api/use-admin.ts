// The organisation's users and invitations (ROLE_ADMIN): list, invite, change roles, disable or enable.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUsersResponse, invitationsResponse, inviteResponse } from '@contracts/admin';
import type { InviteRequest } from '@contracts/admin';
import type { Role } from '@core/roles';
import { apiRequest } from './client';
import { adminKeys } from './query-keys';

export function useAdminUsers() {
  return useQuery({
    queryKey: adminKeys.users,
    queryFn: ({ signal }) => apiRequest('/api/v1/admin/users', { schema: adminUsersResponse, signal }),
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: adminKeys.invitations,
    queryFn: ({ signal }) => apiRequest('/api/v1/admin/invitations', { schema: invitationsResponse, signal }),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) =>
      apiRequest('/api/v1/admin/invitations', { method: 'POST', body, schema: inviteResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: number; roles: Role[] }) =>
      apiRequest(`/api/v1/admin/users/${userId}/roles`, { method: 'PUT', body: { roles } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disabled }: { userId: number; disabled: boolean }) =>
      apiRequest(`/api/v1/admin/users/${userId}/disabled`, { method: 'PUT', body: { disabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
