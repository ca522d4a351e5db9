// Tag Analysis (issue 29 item 5, ROLE_CV like rank tracking): per keyword tag or group and tracked domain,
// visibility, share, average position and rank ranges (the matrix), one label over time, and the matrix as
// CSV or XLSX, under /api/v1/tag-analysis/{campaign}. Thin: the query is parsed with its contract, the role checked
// before anything else, one service call answers. A campaign of another organisation is 404; bad
// parameters 400.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, fileResponse } from '@contracts/common';
import { TA_BASE } from '@contracts/paths';
import { rtParams } from '@contracts/rank-tracking';
import { taQuery, taResponse, taSeriesQuery, taSeriesResponse } from '@contracts/tag-analysis';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { sendFile } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const TAG = 'tag-analysis';
const failures = errors(...guarded, 404);

export const tagAnalysisRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  const ta = ctx.services.tagAnalysis;

  app.get(
    `${TA_BASE}/:campaign`,
    {
      schema: {
        tags: [TAG],
        summary:
          'Per keyword tag or group and tracked domain: visibility, share, average position, rank ranges',
        params: rtParams,
        querystring: taQuery,
        response: { 200: taResponse, ...failures },
      },
    },
    async (req) => ta.analysis(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    `${TA_BASE}/:campaign/series`,
    {
      schema: {
        tags: [TAG],
        summary: 'One tag or group over time: each tracked domain’s figures at every point date',
        params: rtParams,
        querystring: taSeriesQuery,
        response: { 200: taSeriesResponse, ...failures },
      },
    },
    async (req) => ta.series(currentAuth(req), req.params.campaign, req.query),
  );

  for (const format of EXPORT_FORMATS) {
    app.get(
      `${TA_BASE}/:campaign/${format}`,
      {
        schema: {
          tags: [TAG],
          summary: `The labels × domains matrix as ${format.toUpperCase()}, start and end figures with their changes`,
          params: rtParams,
          querystring: taQuery,
          produces: [EXPORT_CONTENT_TYPES[format]],
          response: { 200: fileResponse(format), ...failures },
        },
      },
      async (req, reply) =>
        sendFile(reply, await ta.file(currentAuth(req), req.params.campaign, req.query, format)),
    );
  }
};
