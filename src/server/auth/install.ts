// Installs sign-in on the root Fastify instance: every /api and /auth request gets `request.auth` from an
// API token (`Authorization: Bearer …`) when it sends one, else from its session cookie. Every
// state-changing request of a signed-in browser must carry the session's CSRF token as X-CSRF-Token; a token
// request needs none (no cookie is involved, and a browser cannot add the header cross-site), but a
// read-only token may not change anything. Routes marked `config.csrf = 'origin'` (sign-in, accepting an
// invitation) have no session yet; they refuse a cross-site Origin header instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { forbidden } from '../http/errors';
import { SESSION_COOKIE, type AuthContext } from './session';
import { safeEqual } from './tokens';
import { RenderTokens } from '../services/reports/render-tokens';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'x-csrf-token';

const needsSession = (url: string) => url.startsWith('/api/') || url.startsWith('/auth/');

/** True when the Origin header is absent or names the host the request was sent to. */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // Through URL on both sides, so default ports compare equal (http://host and host:80).
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

function checkCsrf(request: FastifyRequest): void {
  if (!STATE_CHANGING.has(request.method) || request.is404) return;
  if (request.routeOptions.config.csrf === 'origin') {
    if (!sameOrigin(request)) {
      throw forbidden(
        'cross_site_request',
        'this request came from another site (its Origin header does not match)',
      );
    }
    return;
  }
  // Without a session there is nothing to forge (the route's own guard answers 401 when it needs sign-in).
  const auth = request.auth;
  if (auth?.via !== 'session') return;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, auth.session.csrfToken)) {
    throw forbidden(
      'csrf_token_invalid',
      'missing or wrong X-CSRF-Token header: send the csrfToken of GET /api/v1/me with every change',
    );
  }
}

function checkTokenScope(request: FastifyRequest): void {
  const auth = request.auth;
  if (auth?.via !== 'token' || auth.token.scope === 'write') return;
  if (!STATE_CHANGING.has(request.method) || request.is404) return;
  throw forbidden(
    'token_read_only',
    `this API token is read-only: it may send GET requests only; for ${request.method} requests create a read-write token (account menu → API tokens)`,
  );
}

/**
 * The user of a request: from its API token when it sends `Authorization: Bearer` (a token that opens
 * nothing throws 401), else from its session cookie; null when signed out. Other schemes are ignored.
 */
export async function authenticate(request: FastifyRequest, ctx: AppContext): Promise<AuthContext | null> {
  const header = request.headers.authorization;
  if (header !== undefined && /^bearer\s/iu.test(header)) {
    const secret = header.slice('bearer'.length).trim();
    // The server's own Chromium reading a report's print page (services/reports/render-tokens.ts).
    if (RenderTokens.isRenderToken(secret)) return ctx.services.renderTokens.authenticate(secret);
    return ctx.services.apiTokens.authenticate(secret);
  }
  const token = request.cookies[SESSION_COOKIE];
  return token ? ctx.services.auth.resolve(token) : null;
}

export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!needsSession(request.url)) return;
    request.auth = await authenticate(request, ctx);
    checkTokenScope(request);
    checkCsrf(request);
  });
}
