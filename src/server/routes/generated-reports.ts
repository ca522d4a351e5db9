// Generated reports (ROLE_REPORTS): generate a report (202 with the job), list a report's generated reports,
// read one (status and progress, polled by the web app), its spec and data snapshot (what the print page
// draws), download its PDF and CSV bundle, retry a failed one (or re-render a done one from its snapshot),
// and compare two of the same report. Another organisation's ids are 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_CONTENT_TYPES, idParam } from '@contracts/common';
import {
  compareQuery,
  generatedIdParams,
  generatedReport,
  generatedReportsResponse,
  reportComparison,
  reportSnapshot,
  reportSpec,
} from '@contracts/generated-reports';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byReport = z.object({ id: idParam });

export const generatedReportRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_REPORTS'));
  const service = ctx.services.reportGeneration;
  const tags = ['reports'];

  app.post(
    '/api/v1/reports/:id/generate',
    {
      schema: {
        tags,
        summary:
          'Generate the report now: resolves its period, reads its data, renders the PDF and CSV files',
        params: byReport,
        response: { 202: generatedReport, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.generate(currentAuth(request), request.params.id)),
  );

  app.get(
    '/api/v1/reports/:id/generated',
    {
      schema: {
        tags,
        summary: 'Generated reports of a report, newest first',
        params: byReport,
        response: { 200: generatedReportsResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.list(currentAuth(request), request.params.id),
  );

  app.get(
    '/api/v1/generated-reports/compare',
    {
      schema: {
        tags,
        summary:
          'What changed from generated report a to b (same report): per answer, the tables’ cell deltas',
        querystring: compareQuery,
        response: { 200: reportComparison, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.compare(currentAuth(request), request.query.a, request.query.b),
  );

  app.get(
    '/api/v1/generated-reports/:id',
    {
      schema: {
        tags,
        summary: 'One generated report: status, progress, period, snapshot hash',
        params: generatedIdParams,
        response: { 200: generatedReport, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.get(currentAuth(request), request.params.id),
  );

  app.get(
    '/api/v1/generated-reports/:id/spec',
    {
      schema: {
        tags,
        summary: 'What the generated report shows: scope, resolved period, brand and blocks',
        params: generatedIdParams,
        response: { 200: reportSpec, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.spec(currentAuth(request), request.params.id),
  );

  app.get(
    '/api/v1/generated-reports/:id/snapshot',
    {
      schema: {
        tags,
        summary: 'The data the generated report is drawn from: its spec and every answer its widgets read',
        params: generatedIdParams,
        response: { 200: reportSnapshot, ...errors(...guarded, 404) },
      },
    },
    async (request) => service.snapshot(currentAuth(request), request.params.id),
  );

  const files = {
    pdf: { summary: 'The PDF', type: 'application/pdf' },
    csv: { summary: 'Every table of the report as CSV files in one ZIP', type: 'application/zip' },
    xlsx: {
      summary:
        'Every table of the report as one XLSX workbook, a sheet each (the same bytes on every download)',
      type: EXPORT_CONTENT_TYPES.xlsx,
    },
  } as const;
  for (const kind of ['pdf', 'csv', 'xlsx'] as const) {
    app.get(
      `/api/v1/generated-reports/:id/${kind}`,
      {
        schema: {
          tags,
          summary: files[kind].summary,
          params: generatedIdParams,
          produces: [files[kind].type],
          response: { ...errors(...guarded, 404) },
        },
      },
      async (request, reply) => {
        const { bytes, name } = await service.file(currentAuth(request), request.params.id, kind);
        return reply
          .type(files[kind].type)
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Buffer.from(bytes));
      },
    );
  }

  app.post(
    '/api/v1/generated-reports/:id/retry',
    {
      schema: {
        tags,
        summary:
          'Run a finished generated report again: from its snapshot when its data was read, else afresh',
        params: generatedIdParams,
        response: { 202: generatedReport, ...errors(...guarded, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.retry(currentAuth(request), request.params.id)),
  );
};
