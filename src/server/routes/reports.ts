// Report definitions (ROLE_REPORTS): list, create for a campaign of your organisation, read, edit, delete;
// and the organisation's brand template for cover pages (read with ROLE_REPORTS, saved with ROLE_ADMIN too).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@contracts/common';
import { createReportRequest, report, reportBrand, reportsResponse } from '@contracts/reports';
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

  app.put(
    '/api/v1/reports/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'Replace a report definition: name, campaign, title, blocks and period',
        params: byId,
        body: createReportRequest,
        response: { 200: report, ...errors(...guarded, 404) },
      },
    },
    async (request) => reports.update(currentAuth(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/report-brand',
    {
      schema: {
        tags: ['reports'],
        summary:
          "The organisation's brand template for report cover pages (its name and default colours until saved)",
        response: { 200: reportBrand, ...errors(...guarded) },
      },
    },
    async (request) => reports.brand(currentAuth(request)),
  );

  app.put(
    '/api/v1/report-brand',
    {
      onRequest: requireRole('ROLE_ADMIN'),
      schema: {
        tags: ['reports'],
        summary: "Save the organisation's brand template: name, colours and logo (ROLE_ADMIN)",
        body: reportBrand,
        response: { 200: reportBrand, ...errors(...guarded) },
      },
    },
    async (request) => reports.saveBrand(currentAuth(request), request.body),
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
