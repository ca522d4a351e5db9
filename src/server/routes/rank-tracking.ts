// Rank tracking (issue 29 items 1–3, ROLE_CV like campaign visibility): the keyword table, its CSV and XLSX exports,
// one keyword in depth and the cannibalisation conflicts under /api/v1/rank-tracking/{campaign}/. Thin: the
// query is parsed with its contract, the role checked before anything else, one service call answers. A
// campaign of another organisation is 404; bad parameters are 400 naming the parameter.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, fileResponse } from '@contracts/common';
import { RT_BASE } from '@contracts/paths';
import {
  RT_LIST_PARAMS,
  rtConflictsResponse,
  rtKeywordParams,
  rtKeywordQuery,
  rtKeywordResponse,
  rtParams,
  rtTableQuery,
  rtTableResponse,
} from '@contracts/rank-tracking';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { listParams, sendFile } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const TAG = 'rank-tracking';
const failures = errors(...guarded, 404);

export const rankTrackingRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  app.addHook('preValidation', listParams(RT_LIST_PARAMS));
  const rt = ctx.services.rankTracking;
  const path = (p: string) => `${RT_BASE}/:campaign/${p}`;

  app.get(
    path('keywords'),
    {
      schema: {
        tags: [TAG],
        summary:
          'Rank tracking table: per keyword, each tracked domain’s position, changes, best, URL, features',
        params: rtParams,
        querystring: rtTableQuery,
        response: { 200: rtTableResponse, ...failures },
      },
    },
    async (req) => rt.table(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('keywords/:keyword'),
    {
      schema: {
        tags: [TAG],
        summary: 'One keyword in depth: position history per domain, the stored SERP, URL changes, conflicts',
        params: rtKeywordParams,
        querystring: rtKeywordQuery,
        response: { 200: rtKeywordResponse, ...failures },
      },
    },
    async (req) => rt.keyword(currentAuth(req), req.params.campaign, req.params.keyword, req.query),
  );

  app.get(
    path('cannibalisation'),
    {
      schema: {
        tags: [TAG],
        summary: 'Cannibalisation conflicts per tracked domain between the compared dates',
        params: rtParams,
        querystring: rtKeywordQuery,
        response: { 200: rtConflictsResponse, ...failures },
      },
    },
    async (req) => rt.conflicts(currentAuth(req), req.params.campaign, req.query),
  );

  for (const format of EXPORT_FORMATS) {
    app.get(
      path(format),
      {
        schema: {
          tags: [TAG],
          summary: `The rank tracking table as ${format.toUpperCase()} (every row, same filters and sort)`,
          params: rtParams,
          querystring: rtTableQuery,
          produces: [EXPORT_CONTENT_TYPES[format]],
          response: { 200: fileResponse(format), ...failures },
        },
      },
      async (req, reply) =>
        sendFile(reply, await rt.download(currentAuth(req), req.params.campaign, req.query, format)),
    );
  }
};
