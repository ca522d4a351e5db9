// The session cookie of a signed-in browser: `sightline_session`, HttpOnly, SameSite=Lax, Path=/, Secure
// when COOKIE_SECURE; it holds the raw token whose SHA-256 is the stored session id. Sessions last 14 days,
// and end sooner when unused for SESSION_IDLE_MINUTES (services/auth-service.ts).
// A script authenticates with an API token instead (services/api-token-service.ts); both give an AuthContext.
import type { FastifyReply } from 'fastify';
import type { User } from '@core/model';
import type { ApiTokenScope } from '@storage/api-token-store';
import type { SessionRecord } from '@storage/meta-store';

export const SESSION_COOKIE = 'sightline_session';
/** Session lifetime: 14 days in milliseconds. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A browser's request, resolved from the session cookie; its changes carry the session's CSRF token. */
export interface SessionAuth {
  via: 'session';
  user: User;
  session: SessionRecord;
}

/** A script's request, resolved from `Authorization: Bearer <API token>`; no cookie, so no CSRF token. */
export interface TokenAuth {
  via: 'token';
  user: User;
  token: { id: number; scope: ApiTokenScope };
}

/** The signed-in user of a request: the user's roles and organisation decide what it may see either way. */
export type AuthContext = SessionAuth | TokenAuth;

/** A session just created: the raw token goes into the cookie, never into a store or a log. */
export interface NewSession {
  token: string;
  session: SessionRecord;
  user: User;
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: string,
  secure: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
