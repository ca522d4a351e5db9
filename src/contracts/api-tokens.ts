// Personal access tokens for scripts (issue 25 part 6): made, listed and revoked by a signed-in user, and sent
// by a script as `Authorization: Bearer slt_…`. A token acts as its user (roles and organisation); a `read`
// token may only read. The secret is in the create answer only: the server keeps its SHA-256.
import { z } from 'zod';
import { idParam } from './common';

export const API_TOKENS_PATH = '/api/v1/me/tokens';
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
/** The longest life a token may be given; a token may also never expire. */
export const API_TOKEN_MAX_DAYS = 365;

export const apiTokenScope = z
  .enum(API_TOKEN_SCOPES, { error: 'expected read or write' })
  .describe('read: GET requests only; write: every request your roles allow');

export const createApiTokenRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name the token after what uses it, e.g. nightly export')
    .max(100, 'use at most 100 characters'),
  scope: apiTokenScope,
  expiresInDays: z
    .number()
    .int('expected whole days')
    .min(1, 'a token lives at least 1 day')
    .max(API_TOKEN_MAX_DAYS, `a token lives at most ${API_TOKEN_MAX_DAYS} days`)
    .nullable()
    .optional()
    .describe('Days until the token stops working; null or absent: it never expires'),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequest>;

/** A token as listed: never its secret. */
export const apiTokenBody = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiTokenScope,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Stamped at most once a minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiTokenBody = z.infer<typeof apiTokenBody>;

export const apiTokensResponse = z.object({ items: z.array(apiTokenBody) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponse>;

export const createApiTokenResponse = z.object({
  token: apiTokenBody,
  /** `slt_` and 43 base64url characters: shown this once, to send as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponse>;

export const apiTokenIdParams = z.object({ id: idParam });
