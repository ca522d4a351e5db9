// The signed-in user: profile, permission flags of spec §3, the CSRF token to send back, the auth URLs;
// and changing one's own password (the current password is required; other sessions end; not with an API
// token, as the change hands out a session cookie).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordRequest, meResponse } from '@contracts/auth';
import { currentAuth, requireSession, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors } from '../http/schemas';
import { startSession } from './auth';

export const meRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);

  app.get(
    '/api/v1/me',
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user, permission flags, CSRF token and auth URLs',
        response: { 200: meResponse, ...errors(401) },
      },
    },
    async (request) => ctx.services.auth.me(currentAuth(request)),
  );

  app.post(
    '/api/v1/me/password',
    {
      onRequest: requireSession,
      schema: {
        tags: ['me'],
        summary: 'Change your password; every other session of yours ends',
        body: changePasswordRequest,
        response: { 200: meResponse, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const signedIn = await ctx.services.auth.changePassword(
        currentAuth(request),
        request.body.currentPassword,
        request.body.newPassword,
      );
      return startSession(ctx, reply, signedIn);
    },
  );
};
