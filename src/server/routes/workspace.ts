// Workspace reads for every signed-in user (spec §2: dashboards and campaigns need no role): markets,
// projects, campaigns and the dashboard overview. Ids of another organisation answer 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@contracts/common';
import {
  campaignDetail,
  campaignsResponse,
  dashboardResponse,
  marketsResponse,
  projectDetail,
  projectsResponse,
} from '@contracts/workspace';
import { currentAuth, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors } from '../http/schemas';

const byId = z.object({ id: idParam });

export const workspaceRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const workspace = ctx.services.workspace;

  app.get(
    '/api/v1/markets',
    {
      schema: {
        tags: ['workspace'],
        summary: "Your organisation's markets (each organisation's rankings are its own)",
        response: { 200: marketsResponse, ...errors(401) },
      },
    },
    async (request) => workspace.markets(currentAuth(request)),
  );

  app.get(
    '/api/v1/projects',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Projects of your organisation',
        response: { 200: projectsResponse, ...errors(401) },
      },
    },
    async (request) => workspace.projects(currentAuth(request)),
  );

  app.get(
    '/api/v1/projects/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'One project with its sites and campaigns',
        params: byId,
        response: { 200: projectDetail, ...errors(400, 401, 404) },
      },
    },
    async (request) => workspace.project(currentAuth(request), request.params.id),
  );

  app.get(
    '/api/v1/campaigns',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Campaigns of your organisation, or of one project',
        querystring: z.object({ projectId: idParam.optional() }),
        response: { 200: campaignsResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => workspace.campaigns(currentAuth(request), request.query.projectId),
  );

  app.get(
    '/api/v1/campaigns/:id',
    {
      schema: {
        tags: ['workspace'],
        summary: 'One campaign: tracked domains, domain groups, keyword, tag and keyword-group counts',
        params: byId,
        response: { 200: campaignDetail, ...errors(400, 401, 404) },
      },
    },
    async (request) => workspace.campaign(currentAuth(request), request.params.id),
  );

  app.get(
    '/api/v1/dashboard',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Workspace overview: counts of your organisation and a summary of every market',
        response: { 200: dashboardResponse, ...errors(401) },
      },
    },
    async (request) => workspace.dashboard(currentAuth(request)),
  );
};
