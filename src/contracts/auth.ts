// Sign-in, sign-out, invitations and the signed-in user's profile (spec §3 auth URLs and permission flags).
import { z } from 'zod';
import { email, role } from './common';

export const AUTH_URLS = { loginUrl: '/login', logoutUrl: '/auth/logout' } as const;

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'enter your password'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  /**
   * The user's organisation is the instance operator's (the one the first start created): it owns the public
   * demo and its call requests, and creates other organisations.
   */
  operator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const permissionFlags = z.object({
  marketShareAll: z.boolean(),
  contentInsightAnalysisAll: z.boolean(),
  contentVisibility: z.boolean(),
  visibilityExplorer: z.boolean(),
  keywordExplorer: z.boolean(),
  reports: z.boolean(),
  linkData: z.partialRecord(role, z.boolean()),
});

export const meResponse = z.object({
  user: sessionUser,
  permissions: permissionFlags,
  /**
   * Send back as the X-CSRF-Token header on every state-changing request. Empty when asked with an API token
   * (`Authorization: Bearer`): token requests need none.
   */
  csrfToken: z.string(),
  authUrls: z.object({ loginUrl: z.string(), logoutUrl: z.string() }),
});
export type MeResponse = z.infer<typeof meResponse>;

export const loginResponse = meResponse;

export const acceptInvitationRequest = z.object({
  token: z.string().min(16),
  name: z.string().trim().min(1, 'enter your name').max(200),
  password: z.string().min(12, 'use at least 12 characters').max(200),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

export const invitationInfo = z.object({
  email: z.string(),
  organisationName: z.string(),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'enter your current password'),
  newPassword: z.string().min(12, 'use at least 12 characters').max(200),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
