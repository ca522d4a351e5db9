// Set-up of projects, campaigns and campaign keywords (issue 25): create, edit, delete. Creating and editing
// need ROLE_CV; deleting a project needs ROLE_ADMIN. Ids of another organisation answer 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addKeywordsRequest,
  addKeywordsResponse,
  campaignKeywordsQuery,
  campaignKeywordsResponse,
  createCampaignRequest,
  createProjectRequest,
  marketKeywordsQuery,
  marketKeywordsResponse,
  removeKeywordsRequest,
  removeKeywordsResponse,
  setupLimits,
  updateCampaignRequest,
  updateProjectRequest,
} from '@contracts/campaign-setup';
import { idParam, marketParam } from '@contracts/common';
import { campaignDetail, project } from '@contracts/workspace';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byId = z.object({ id: idParam });
const cv = { onRequest: requireRole('ROLE_CV') };
const tags = ['campaign set-up'];

export const campaignSetupRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const setup = ctx.services.setup;

  app.get(
    '/api/v1/setup/limits',
    {
      schema: {
        tags,
        summary: 'Set-up limits of this Sightline',
        response: { 200: setupLimits, ...errors(401) },
      },
    },
    async () => setup.limits(),
  );

  app.post(
    '/api/v1/projects',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Create a project',
        body: createProjectRequest,
        response: { 201: project, ...errors(...guarded) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await setup.createProject(currentAuth(request), request.body.name)),
  );

  app.patch(
    '/api/v1/projects/:id',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Rename a project',
        params: byId,
        body: updateProjectRequest,
        response: { 200: project, ...errors(...guarded, 404) },
      },
    },
    async (request) => setup.renameProject(currentAuth(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/v1/projects/:id',
    {
      onRequest: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        summary: 'Delete a project with its campaigns (never the market rankings); needs ROLE_ADMIN',
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await setup.deleteProject(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/campaigns',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Create a campaign in a project and a market',
        body: createCampaignRequest,
        response: { 201: campaignDetail, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await setup.createCampaign(currentAuth(request), request.body)),
  );

  app.patch(
    '/api/v1/campaigns/:id',
    {
      ...cv,
      schema: {
        tags,
        summary:
          'Rename a campaign, move it to another project, or change its market (while it has no keywords) or CTR model',
        params: byId,
        body: updateCampaignRequest,
        response: { 200: campaignDetail, ...errors(...guarded, 404, 409) },
      },
    },
    async (request) => setup.updateCampaign(currentAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/campaigns/:id',
    {
      ...cv,
      schema: {
        tags,
        summary:
          "Delete a campaign: its keyword membership, domains, groups, schedules and rollups; never the market's SERPs",
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await setup.deleteCampaign(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/campaigns/:id/keywords',
    {
      schema: {
        tags,
        summary:
          "A page of the campaign's keywords with volume, tags and keyword group (largest volume first)",
        params: byId,
        querystring: campaignKeywordsQuery,
        response: { 200: campaignKeywordsResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => setup.listKeywords(currentAuth(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/campaigns/:id/keywords',
    {
      ...cv,
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Add keywords (up to 100,000 at once); an existing keyword merges its tags, takes the group and volume given',
        params: byId,
        body: addKeywordsRequest,
        response: { 200: addKeywordsResponse, ...errors(...guarded, 402, 404) },
      },
    },
    async (request) => setup.addKeywords(currentAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/campaigns/:id/keywords',
    {
      ...cv,
      bodyLimit: 64 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Remove keywords from the campaign (the market keeps them and their rankings)',
        params: byId,
        body: removeKeywordsRequest,
        response: { 200: removeKeywordsResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => setup.removeKeywords(currentAuth(request), request.params.id, request.body.keywords),
  );

  app.get(
    '/api/v1/markets/:market/keywords',
    {
      ...cv,
      schema: {
        tags,
        summary: "The market's keywords with their volumes, largest first, to pick for a campaign",
        params: z.object({ market: marketParam }),
        querystring: marketKeywordsQuery,
        response: { 200: marketKeywordsResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => setup.marketKeywords(currentAuth(request), request.params.market, request.query),
  );
};
