// Search Console connections and linked properties (issue 30 item 1). Connecting, linking, syncing and
// deleting need ROLE_ADMIN (the organisation's Google account is at stake); the list of links and their sync
// state is open to every signed-in user. Google's consent page returns to the OAuth callback, which stores
// the refresh token and sends the browser back to the administration page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '@contracts/common';
import {
  createGscLinkRequest,
  createOAuthConnectionRequest,
  createServiceAccountConnectionRequest,
  gscConnection,
  gscConnectionsResponse,
  gscLink,
  gscLinksResponse,
  gscSitesResponse,
  oauthCallbackQuery,
  oauthConnectionResponse,
} from '@contracts/search-console-links';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import { publicLink } from '../config';
import type { RouteGroupOptions } from '../context';
import { badRequest } from '../http/errors';
import { errors, guarded } from '../http/schemas';
import { OAUTH_CALLBACK_PATH } from '../services/search-console-sync/service';

const byId = z.object({ id: idParam });
const admin = { onRequest: requireRole('ROLE_ADMIN') };
const tags = ['search-console'];
/** Where the browser lands after the consent page: the administration page with the connections section. */
const AFTER_CONSENT = '/admin/users';

export const searchConsoleLinkRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const sync = ctx.services.searchConsoleSync;
  // Google must be given the exact address registered with the OAuth client: PUBLIC_URL's when set.
  const redirectUri = (request: FastifyRequest) =>
    ctx.config.publicUrl === null
      ? `${request.protocol}://${request.host}${OAUTH_CALLBACK_PATH}`
      : publicLink(ctx.config.publicUrl, OAUTH_CALLBACK_PATH);

  app.get(
    '/api/v1/search-console/connections',
    {
      ...admin,
      schema: {
        tags,
        summary: "The organisation's Search Console connections, and the redirect URI to register",
        response: { 200: gscConnectionsResponse, ...errors(401, 403) },
      },
    },
    async (request) => sync.listConnections(currentAuth(request), redirectUri(request)),
  );

  app.post(
    '/api/v1/search-console/connections/oauth',
    {
      ...admin,
      schema: {
        tags,
        summary: "Connect the organisation's own Google OAuth client; answers the consent page to open",
        body: createOAuthConnectionRequest,
        response: { 201: oauthConnectionResponse, ...errors(...guarded) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sync.createOAuth(currentAuth(request), request.body, redirectUri(request))),
  );

  app.get(
    OAUTH_CALLBACK_PATH,
    {
      ...admin,
      schema: {
        tags,
        summary: "Google's consent page returns here: stores the refresh token, then redirects",
        querystring: oauthCallbackQuery,
        response: { 302: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      if (error !== undefined || code === undefined)
        throw badRequest(
          `Google's consent page answered ${error ?? 'without a code'}: start the connection again`,
        );
      await sync.completeOAuth(currentAuth(request), code, state, redirectUri(request));
      return reply.redirect(`${AFTER_CONSENT}?searchConsole=connected`, 302);
    },
  );

  app.post(
    '/api/v1/search-console/connections/service-account',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Connect with a service-account JSON key (Google is asked for a token first)',
        body: createServiceAccountConnectionRequest,
        response: { 201: gscConnection, ...errors(...guarded) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sync.createServiceAccount(currentAuth(request), request.body.key)),
  );

  app.delete(
    '/api/v1/search-console/connections/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a connection and its links (the rows already stored stay)',
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await sync.deleteConnection(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/search-console/connections/:id/sites',
    {
      ...admin,
      schema: {
        tags,
        summary: "The properties the connection's Google account can read (sites.list)",
        params: byId,
        response: { 200: gscSitesResponse, ...errors(...guarded, 404, 409) },
      },
    },
    async (request) => sync.listSites(currentAuth(request), request.params.id),
  );

  app.get(
    '/api/v1/search-console/links',
    {
      schema: {
        tags,
        summary: 'Linked properties with the state of their latest sync',
        response: { 200: gscLinksResponse, ...errors(401) },
      },
    },
    async (request) => sync.listLinks(currentAuth(request)),
  );

  app.post(
    '/api/v1/search-console/links',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Link a property and start its 16-month backfill; it then syncs daily',
        body: createGscLinkRequest,
        response: { 201: gscLink, ...errors(...guarded, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await sync.createLink(currentAuth(request), request.body)),
  );

  app.post(
    '/api/v1/search-console/links/:id/sync',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Sync the property now: the days after the last one stored',
        params: byId,
        response: { 202: gscLink, ...errors(...guarded, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sync.syncNow(currentAuth(request), request.params.id)),
  );

  app.delete(
    '/api/v1/search-console/links/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Unlink a property (its stored rows stay)',
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404, 409) },
      },
    },
    async (request, reply) => {
      await sync.deleteLink(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
