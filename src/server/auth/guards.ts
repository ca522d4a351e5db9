// Route guards: sign-in (401), role (403, naming the role) and browser-session (403) checks run as onRequest
// hooks, before the body is parsed, so a signed-out or unauthorised caller learns nothing from validation
// messages.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ROLE_DESCRIPTIONS, hasRole, type Role } from '@core/roles';
import { forbidden, unauthenticated } from '../http/errors';
import type { AuthContext } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user and their session or API token, or null; set by the auth plugin for /api and /auth
     * requests.
     */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * 'origin': the route accepts state-changing requests without a session (sign-in, accepting an
     * invitation), so it checks the Origin header instead of the session's CSRF token.
     */
    csrf?: 'origin';
  }
}

/** The signed-in user of a guarded route; throws 401 when there is none. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export const requireSignIn: onRequestAsyncHookHandler = async (request) => {
  currentAuth(request);
};

export function requireRole(role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    const { user } = currentAuth(request);
    if (!hasRole(user.roles, role)) {
      throw forbidden(
        'missing_role',
        `this needs the role ${role} (${ROLE_DESCRIPTIONS[role]}); ask an administrator of your organisation to grant it`,
      );
    }
  };
}

/**
 * Refuses API-token requests (403) on the account's own keys: a token that could mint tokens or change the
 * password would outlive its revocation.
 */
export const requireSession: onRequestAsyncHookHandler = async (request) => {
  if (currentAuth(request).via === 'token') {
    throw forbidden(
      'session_required',
      'an API token cannot manage API tokens or the password: sign in to Sightline in a browser for this',
    );
  }
};
