// Page Analysis (issue 29 item 4, ROLE_CV like rank tracking): the URLs of a tracked domain, one URL in depth
// and their CSV and XLSX exports under /api/v1/page-analysis/{campaign}/. Thin: the query is parsed with its contract,
// the role checked before anything else, one service call answers. A campaign of another organisation is
// 404; bad parameters are 400 naming the parameter.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, fileResponse } from '@contracts/common';
import { PA_BASE } from '@contracts/paths';
import { paPageQuery, paPageResponse, paPagesQuery, paPagesResponse } from '@contracts/page-analysis';
import { rtParams } from '@contracts/rank-tracking';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { sendFile } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const TAG = 'page-analysis';
const failures = errors(...guarded, 404);

export const pageAnalysisRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  const pa = ctx.services.pageAnalysis;
  const path = (p: string) => `${PA_BASE}/:campaign/${p}`;

  app.get(
    path('pages'),
    {
      schema: {
        tags: [TAG],
        summary:
          'URLs of a tracked domain: keywords, visibility score, best positions, gained, lost, conflicts',
        params: rtParams,
        querystring: paPagesQuery,
        response: { 200: paPagesResponse, ...failures },
      },
    },
    async (req) => pa.pages(currentAuth(req), req.params.campaign, req.query),
  );

  for (const format of EXPORT_FORMATS) {
    app.get(
      path(`pages/${format}`),
      {
        schema: {
          tags: [TAG],
          summary: `The URLs of the domain as ${format.toUpperCase()} (every URL the text filter keeps, in the sort asked)`,
          params: rtParams,
          querystring: paPagesQuery,
          produces: [EXPORT_CONTENT_TYPES[format]],
          response: { 200: fileResponse(format), ...failures },
        },
      },
      async (req, reply) =>
        sendFile(reply, await pa.pagesFile(currentAuth(req), req.params.campaign, req.query, format)),
    );
  }

  app.get(
    path('page'),
    {
      schema: {
        tags: [TAG],
        summary: 'One URL in depth: its visibility-score series and every keyword it ranks for',
        params: rtParams,
        querystring: paPageQuery,
        response: { 200: paPageResponse, ...failures },
      },
    },
    async (req) => pa.page(currentAuth(req), req.params.campaign, req.query),
  );

  for (const format of EXPORT_FORMATS) {
    app.get(
      path(`page/${format}`),
      {
        schema: {
          tags: [TAG],
          summary: `One URL’s keywords as ${format.toUpperCase()}`,
          params: rtParams,
          querystring: paPageQuery,
          produces: [EXPORT_CONTENT_TYPES[format]],
          response: { 200: fileResponse(format), ...failures },
        },
      },
      async (req, reply) =>
        sendFile(reply, await pa.pageFile(currentAuth(req), req.params.campaign, req.query, format)),
    );
  }
};
