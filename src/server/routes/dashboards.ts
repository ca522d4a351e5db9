// Dashboards (issue 31 item 2): list, create, the default (made on first use), read, edit, duplicate,
// delete and set as default, and a report made of one (ROLE_REPORTS). Every signed-in user has dashboards;
// who may change a shared one is the service's rule (403). Another organisation's dashboard, or another user's private one, answers 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDashboardRequest,
  dashboard,
  dashboardIdParams,
  dashboardsResponse,
  duplicateDashboardRequest,
  updateDashboardRequest,
} from '@contracts/dashboards';
import { report } from '@contracts/reports';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const tags = ['dashboards'];
const PATH = '/api/v1/dashboards';

export const dashboardRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const dashboards = ctx.services.dashboards;

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "The organisation's shared dashboards and the user's private ones, by name",
        response: { 200: dashboardsResponse, ...errors(401) },
      },
    },
    async (request) => dashboards.list(currentAuth(request)),
  );

  app.get(
    `${PATH}/default`,
    {
      schema: {
        tags,
        summary:
          "The user's default dashboard; without one the first they see; without any, a new private one with the workspace overview",
        response: { 200: dashboard, ...errors(401) },
      },
    },
    async (request) => dashboards.getDefault(currentAuth(request)),
  );

  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Create a dashboard, private (default) or shared with the organisation',
        body: createDashboardRequest,
        response: { 201: dashboard, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await dashboards.create(currentAuth(request), request.body)),
  );

  app.get(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'One dashboard with its widgets',
        params: dashboardIdParams,
        response: { 200: dashboard, ...errors(400, 401, 404) },
      },
    },
    async (request) => dashboards.get(currentAuth(request), request.params.id),
  );

  app.patch(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename a dashboard, replace its widgets, or move and resize them (layout)',
        params: dashboardIdParams,
        body: updateDashboardRequest,
        response: { 200: dashboard, ...errors(...guarded, 404) },
      },
    },
    async (request) => dashboards.update(currentAuth(request), request.params.id, request.body),
  );

  app.post(
    `${PATH}/:id/duplicate`,
    {
      schema: {
        tags,
        summary: 'Copy a dashboard (name "… (copy)" unless given), private unless asked otherwise',
        params: dashboardIdParams,
        body: duplicateDashboardRequest,
        response: { 201: dashboard, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await dashboards.duplicate(currentAuth(request), request.params.id, request.body)),
  );

  app.post(
    `${PATH}/:id/report`,
    {
      onRequest: requireRole('ROLE_REPORTS'),
      schema: {
        tags,
        summary:
          'Create a report titled after the dashboard, its widgets in reading order as sections (ROLE_REPORTS)',
        params: dashboardIdParams,
        response: { 201: report, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await ctx.services.reports.createFromDashboard(currentAuth(request), request.params.id)),
  );

  app.put(
    `${PATH}/:id/default`,
    {
      schema: {
        tags,
        summary: "Make a dashboard the user's default (the sidebar's Dashboard opens it)",
        params: dashboardIdParams,
        response: { 200: dashboard, ...errors(...guarded, 404) },
      },
    },
    async (request) => dashboards.setDefault(currentAuth(request), request.params.id),
  );

  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a dashboard',
        params: dashboardIdParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await dashboards.remove(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
