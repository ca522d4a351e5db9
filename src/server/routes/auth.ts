// Sign-in and sign-out (spec §3 auth URLs), and the invitation links an administrator hands out.
// POST /auth/login counts failed attempts per client address and email and per address (auth-service.ts,
// login-throttle.ts); GET /auth/logout is the logoutUrl a link can point at: it ends the session and
// redirects to the login page when signed out; it never ends a session (only POST with the CSRF token does).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_URLS,
  acceptInvitationRequest,
  invitationInfo,
  loginRequest,
  loginResponse,
} from '@contracts/auth';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie, type NewSession } from '../auth/session';
import type { AppContext, RouteGroupOptions } from '../context';
import { HttpError } from '../http/errors';
import { errors } from '../http/schemas';

export function startSession(ctx: AppContext, reply: FastifyReply, signedIn: NewSession) {
  setSessionCookie(reply, signedIn.token, signedIn.session.expiresAt, ctx.config.cookieSecure);
  return ctx.services.auth.me({ via: 'session', user: signedIn.user, session: signedIn.session });
}

async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await ctx.services.auth.logout(token);
  clearSessionCookie(reply, ctx.config.cookieSecure);
}

export const authRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.post(
    '/auth/login',
    {
      config: { csrf: 'origin' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: loginRequest,
        response: { 200: loginResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await ctx.services.auth.login(request.body.email, request.body.password, request.ip);
      return startSession(ctx, reply, signedIn);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session and clears the cookie',
        response: { 204: z.undefined(), ...errors(403) },
      },
    },
    async (request, reply) => {
      await endSession(ctx, request, reply);
      return reply.code(204).send();
    },
  );

  // A GET cannot sign out (issue 27 item 5): a cross-site link or image would end the session. The web app
  // signs out with POST and the CSRF token; a GET is told how, and a signed-out one goes to the login page.
  app.get(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Not a sign-out: answers 405 saying to POST with the CSRF token (or redirects when signed out)',
      },
    },
    async (request, reply) => {
      if (request.auth === null) return reply.redirect(AUTH_URLS.loginUrl, 302);
      throw new HttpError(
        405,
        'method_not_allowed',
        'sign out with POST /auth/logout and the session’s CSRF token (the account menu’s Sign out does)',
      );
    },
  );

  app.get(
    '/auth/invitations/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for: email, organisation and expiry',
        params: z.object({ token: z.string().min(16, 'not an invitation token') }),
        response: { 200: invitationInfo, ...errors(400, 404, 410) },
      },
    },
    async (request) => ctx.services.auth.invitationInfo(request.params.token),
  );

  app.post(
    '/auth/invitations/accept',
    {
      config: { csrf: 'origin' },
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: creates the account with the granted roles and signs in',
        body: acceptInvitationRequest,
        response: { 200: loginResponse, ...errors(400, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const signedIn = await ctx.services.auth.acceptInvitation(request.body);
      return startSession(ctx, reply, signedIn);
    },
  );
};
