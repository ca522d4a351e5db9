// Dashboard share links (issue 31 item 2). Thin: contracts validate, one service call answers.
// - /api/v1/dashboards/{id}/share-links: list (anyone who sees the dashboard), make and revoke (whoever may
//   change it); another organisation's dashboard, or another user's private one, is 404.
// - /api/v1/shared-dashboards/{token}: signed out, what the link opens; …/read?address= one GET of a widget
//   of that dashboard, answered with the app's own route's status and body (401 / 403 / 410 from the token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DASHBOARD_SHARE_API,
  createDashboardShareLinkBody,
  dashboardShareLink,
  dashboardShareLinkParams,
  dashboardShareLinksResponse,
  sharedDashboard,
  sharedReadQuery,
  shareTokenParams,
} from '@contracts/dashboard-share-links';
import { dashboardIdParams } from '@contracts/dashboards';
import { currentAuth, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const tags = ['dashboards'];
const PATH = '/api/v1/dashboards/:id/share-links';

/** The owner's side: signed in. */
const ownerRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const links = ctx.services.dashboardShareLinks;

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'The read-only share links of a dashboard, newest first',
        params: dashboardIdParams,
        response: { 200: dashboardShareLinksResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => links.list(currentAuth(request), request.params.id),
  );

  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Make a read-only share link of a dashboard, living 1–90 days',
        params: dashboardIdParams,
        body: createDashboardShareLinkBody,
        response: { 201: dashboardShareLink, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await links.create(currentAuth(request), request.params.id, request.body)),
  );

  app.delete(
    `${PATH}/:linkId`,
    {
      schema: {
        tags,
        summary: 'Revoke a share link of a dashboard (it opens nothing from now on)',
        params: dashboardShareLinkParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await links.revoke(currentAuth(request), request.params.id, request.params.linkId);
      return reply.code(204).send();
    },
  );
};

/** The viewer's side: no account, the token in the address. */
const viewerRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const links = ctx.services.dashboardShareLinks;

  app.get(
    `${DASHBOARD_SHARE_API}/:token`,
    {
      schema: {
        tags,
        summary: 'What a dashboard share link opens: the dashboard’s name and widgets, and who shared it',
        params: shareTokenParams,
        response: { 200: sharedDashboard, ...errors(400, 401, 404, 410) },
      },
    },
    async (request) => links.open(request.params.token),
  );

  app.get(
    `${DASHBOARD_SHARE_API}/:token/read`,
    {
      schema: {
        tags,
        summary:
          'One read of a widget of the shared dashboard: the answer of the GET `address`, only for an address the dashboard’s widgets read',
        params: shareTokenParams,
        querystring: sharedReadQuery,
        response: { 200: z.unknown(), ...errors(400, 401, 403, 404, 410, 502) },
      },
    },
    async (request) => links.read(request.params.token, request.query.address),
  );
};

export const dashboardShareLinkRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, opts) => {
  await app.register(ownerRoutes, opts);
  await app.register(viewerRoutes, opts);
};
