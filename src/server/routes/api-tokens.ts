// The signed-in user's API tokens (issue 25 part 6): list (never the secret), create (the secret is answered
// once) and revoke. Only a browser session may reach them: a token cannot mint or revoke tokens.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_TOKENS_PATH,
  apiTokenIdParams,
  apiTokensResponse,
  createApiTokenRequest,
  createApiTokenResponse,
} from '@contracts/api-tokens';
import { currentAuth, requireSession } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

export const apiTokenRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSession);
  const tokens = ctx.services.apiTokens;

  app.get(
    API_TOKENS_PATH,
    {
      schema: {
        tags: ['me'],
        summary: 'Your API tokens, newest first (without their secrets)',
        response: { 200: apiTokensResponse, ...errors(401, 403) },
      },
    },
    async (request) => tokens.list(currentAuth(request)),
  );

  app.post(
    API_TOKENS_PATH,
    {
      schema: {
        tags: ['me'],
        summary:
          'Create an API token (read or read-write, optional expiry); its secret is answered this once',
        body: createApiTokenRequest,
        response: { 201: createApiTokenResponse, ...errors(...guarded) },
      },
    },
    async (request, reply) => reply.code(201).send(await tokens.create(currentAuth(request), request.body)),
  );

  app.delete(
    `${API_TOKENS_PATH}/:id`,
    {
      schema: {
        tags: ['me'],
        summary: 'Revoke one of your API tokens: it opens nothing from now on',
        params: apiTokenIdParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await tokens.revoke(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
