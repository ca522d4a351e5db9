// Report definitions (ROLE_REPORTS): list, create for a campaign of your organisation, read, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@contracts/common';
import { createReportRequest, report, reportsResponse } from '@contracts/reports';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byId = z.object({ id: idParam });

export const reportRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_REPORTS'));
  const reports = ctx.services.reports;

  app.get(
    '/api/v1/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report definitions of your organisation',
        response: { 200: reportsResponse, ...errors(...guarded) },
      },
    },
    async (request) => reports.list(currentAuth(request)),
  );

  app.post(
    '/api/v1/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Define a report: a campaign and its sections in order',
        body: createReportRequest,
        response: { 201: report, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await reports.create(currentAuth(request), request.body)),
  );

  app.get(
    '/api/v1/reports/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'One report definition',
        params: byId,
        response: { 200: report, ...errors(...guarded, 404) },
      },
    },
    async (request) => reports.get(currentAuth(request), request.params.id),
  );

  app.delete(
    '/api/v1/reports/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'Delete a report definition',
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await reports.remove(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
