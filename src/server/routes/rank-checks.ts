// Scheduled rank checks (issue 3, build item 4). Provider keys are an administrator's (ROLE_ADMIN): PUT
// stores a key encrypted, no route ever returns it (only whether it is set and, to administrators, its last
// four characters). Campaign schedules, estimates, confirmation, "run now" and history need ROLE_CV; the
// provider list is readable with either role, so the campaign panel can say which keys are set.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignParams,
  providerInfo,
  providerParams,
  providersResponse,
  rankChecksResponse,
  runNowRequest,
  runView,
  saveProviderKeyRequest,
  saveScheduleRequest,
} from '@contracts/rank-checks';
import { idParam } from '@contracts/common';
import { hasRole } from '@core/roles';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { forbidden } from '../http/errors';
import { errors, guarded } from '../http/schemas';

const TAGS = ['rank-checks'];

export const rankCheckRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const service = ctx.services.rankChecks;
  const admin = requireRole('ROLE_ADMIN');
  const cv = requireRole('ROLE_CV');

  app.get(
    '/api/v1/rank-checks/providers',
    {
      onRequest: async (request) => {
        const { roles } = currentAuth(request).user;
        if (!hasRole(roles, 'ROLE_ADMIN') && !hasRole(roles, 'ROLE_CV'))
          throw forbidden(
            'missing_role',
            'this needs the role ROLE_CV or ROLE_ADMIN; ask an administrator of your organisation to grant it',
          );
      },
      schema: {
        tags: TAGS,
        summary: 'SERP providers: capabilities, prices, rate limits and whether your organisation has a key',
        response: { 200: providersResponse, ...errors(...guarded) },
      },
    },
    async (request) => ({ items: await service.providers(currentAuth(request)) }),
  );

  app.put(
    '/api/v1/rank-checks/providers/:provider/key',
    {
      onRequest: admin,
      schema: {
        tags: TAGS,
        summary: 'Store (or replace) your organisation’s API key of a provider; the key is never returned',
        params: providerParams,
        body: saveProviderKeyRequest,
        response: { 200: providerInfo, ...errors(...guarded) },
      },
    },
    async (request) => service.saveKey(currentAuth(request), request.params.provider, request.body),
  );

  app.delete(
    '/api/v1/rank-checks/providers/:provider/key',
    {
      onRequest: admin,
      schema: {
        tags: TAGS,
        summary: 'Remove your organisation’s API key of a provider',
        params: providerParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteKey(currentAuth(request), request.params.provider);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/campaigns/:id/rank-checks',
    {
      onRequest: cv,
      schema: {
        tags: TAGS,
        summary: 'A campaign’s rank-check schedule, cost estimates per provider and run history',
        params: campaignParams,
        response: { 200: rankChecksResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.campaign(currentAuth(request), request.params.id),
  );

  app.put(
    '/api/v1/campaigns/:id/rank-checks/schedule',
    {
      onRequest: cv,
      schema: {
        tags: TAGS,
        summary:
          'Create or change the schedule; a new provider or frequency needs its estimate confirmed again',
        params: campaignParams,
        body: saveScheduleRequest,
        response: { 200: rankChecksResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.saveSchedule(currentAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/campaigns/:id/rank-checks/schedule/confirm',
    {
      onRequest: cv,
      schema: {
        tags: TAGS,
        summary: 'Accept the schedule’s cost estimate; scheduled runs start after this',
        params: campaignParams,
        response: { 200: rankChecksResponse, ...errors(...guarded, 404, 409) },
      },
    },
    async (request) => service.confirm(currentAuth(request), request.params.id),
  );

  app.delete(
    '/api/v1/campaigns/:id/rank-checks/schedule',
    {
      onRequest: cv,
      schema: {
        tags: TAGS,
        summary: 'Remove the campaign’s schedule (its run history stays)',
        params: campaignParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteSchedule(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/campaigns/:id/rank-checks/runs',
    {
      onRequest: cv,
      schema: {
        tags: TAGS,
        summary: 'Run a rank check now; its cost must be accepted (a confirmed schedule, or confirm: true)',
        params: campaignParams,
        body: runNowRequest,
        response: { 202: runView, ...errors(...guarded, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.runNow(currentAuth(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v1/campaigns/:id/rank-checks/runs/:runId/cancel',
    {
      onRequest: cv,
      schema: {
        tags: TAGS,
        summary: 'Cancel a run in flight: it is recorded failed and nothing of it is written',
        params: campaignParams.extend({ runId: idParam }),
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await service.cancel(currentAuth(request), request.params.id, request.params.runId);
      return reply.code(204).send();
    },
  );
};
