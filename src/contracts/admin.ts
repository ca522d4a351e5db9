// The admin screen's calls: list users, invite a user with roles, change a user's roles or disable them.
import { z } from 'zod';
import { email, role } from './common';

export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({ items: z.array(adminUser), total: z.number().int() });

export const inviteRequest = z.object({
  email,
  roles: z.array(role).max(20),
});
export type InviteRequest = z.infer<typeof inviteRequest>;

export const invitation = z.object({
  email: z.string(),
  roles: z.array(role),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export const invitationsResponse = z.object({ items: z.array(invitation), total: z.number().int() });

/** The invite link is shown once, to the admin who created it; only its hash is stored. */
export const inviteResponse = z.object({ invitation, inviteUrl: z.string() });

export const setRolesRequest = z.object({ roles: z.array(role).max(20) });
export const setDisabledRequest = z.object({ disabled: z.boolean() });
