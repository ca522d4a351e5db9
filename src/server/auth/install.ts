// Installs sign-in on the root Fastify instance: every /api and /auth request gets `request.auth` from
// its session cookie, and every state-changing request of a signed-in browser must carry the session's
// CSRF token as X-CSRF-Token. Routes marked `config.csrf = 'origin'` (sign-in, accepting an invitation)
// have no session yet; they refuse a cross-site Origin header instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { forbidden } from '../http/errors';
import { SESSION_COOKIE } from './session';
import { safeEqual } from './tokens';

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
  // Without a session there is nothing to forge; the route's own guard answers 401.
  if (!request.auth) return;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, request.auth.session.csrfToken)) {
    throw forbidden(
      'csrf_token_invalid',
      'missing or wrong X-CSRF-Token header: send the csrfToken of GET /api/v1/me with every change',
    );
  }
}

export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!needsSession(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await ctx.services.auth.resolve(token) : null;
    checkCsrf(request);
  });
}
