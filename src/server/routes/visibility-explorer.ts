// Visibility explorer (spec §7, ROLE_VE): the six endpoints under /api/v3/visibility-explorer/{market}/ and
// the two public autocompletes. Thin: the query is parsed with its contract, the role checked before
// anything else (the signed-in group), one service call answers. A market the workspace does not hold is
// 404; bad parameters are 400 naming the parameter. The public autocompletes need no session, answer names
// only, and are rate limited per address.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VE_BASE,
  VE_LEGACY_AUTOCOMPLETE,
  VE_LIST_PARAMS,
  VE_PUBLIC_AUTOCOMPLETE,
  veAutocompleteResponse,
  veCsvResponse,
  veDomainsResponse,
  veKeywordRankingResponse,
  veLegacyAutocompleteQuery,
  veParams,
  vePublicAutocompleteQuery,
  veQuery,
  veRankingQuery,
  veResultTypeProminenceResponse,
  veUrlRankingResponse,
} from '@contracts/visibility-explorer';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { HttpError } from '../http/errors';
import { listParams, sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const TAG = 'visibility-explorer';
const failures = errors(...guarded, 404);
/** Public autocomplete requests per address per minute. */
export const VE_PUBLIC_PER_MINUTE = 60;

/** The signed-in explorer (ROLE_VE). */
const explorerRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_VE'));
  app.addHook('preValidation', listParams(VE_LIST_PARAMS));
  const ve = ctx.services.visibilityExplorer;
  const path = (p: string) => `${VE_BASE}/:market/${p}`;

  app.get(
    path('domains'),
    {
      schema: {
        tags: [TAG],
        summary:
          'Domain summary of a host over every keyword of the market: visibility series, share, rank ranges, ' +
          'result types, top keywords and URLs, competitors',
        params: veParams,
        querystring: veQuery,
        response: { 200: veDomainsResponse, ...failures },
      },
    },
    async (req) => ve.domains(currentAuth(req), req.params.market, req.query),
  );

  app.get(
    path('result-type-prominence'),
    {
      schema: {
        tags: [TAG],
        summary: 'The host’s visibility score by result type (brand merged into organic), total and per date',
        params: veParams,
        querystring: veQuery,
        response: { 200: veResultTypeProminenceResponse, ...failures },
      },
    },
    async (req) => ve.resultTypeProminence(currentAuth(req), req.params.market, req.query),
  );

  app.get(
    path('ranking/keywords'),
    {
      schema: {
        tags: [TAG],
        summary: 'Keywords where the host ranks at the first or last point, with position, URL and VS',
        params: veParams,
        querystring: veRankingQuery,
        response: { 200: veKeywordRankingResponse, ...failures },
      },
    },
    async (req) => ve.rankingKeywords(currentAuth(req), req.params.market, req.query),
  );

  app.get(
    path('ranking/urls'),
    {
      schema: {
        tags: [TAG],
        summary: 'URLs of the host ranking at the first or last point, with keywords and VS',
        params: veParams,
        querystring: veRankingQuery,
        response: { 200: veUrlRankingResponse, ...failures },
      },
    },
    async (req) => ve.rankingUrls(currentAuth(req), req.params.market, req.query),
  );

  app.get(
    path('csv/keywords'),
    {
      schema: {
        tags: [TAG],
        summary:
          'The keyword ranking table as CSV (every row, same sort); campaign files it under a campaign',
        params: veParams,
        querystring: veRankingQuery,
        produces: ['text/csv'],
        response: { 200: veCsvResponse, ...failures },
      },
    },
    async (req, reply) =>
      sendCsv(reply, await ve.keywordsCsv(currentAuth(req), req.params.market, req.query)),
  );

  app.get(
    path('csv/urls'),
    {
      schema: {
        tags: [TAG],
        summary: 'The URL ranking table as CSV (every row, same sort); campaign files it under a campaign',
        params: veParams,
        querystring: veRankingQuery,
        produces: ['text/csv'],
        response: { 200: veCsvResponse, ...failures },
      },
    },
    async (req, reply) => sendCsv(reply, await ve.urlsCsv(currentAuth(req), req.params.market, req.query)),
  );
};

/** The public autocompletes: no session, names only, rate limited per address. */
const publicRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const ve = ctx.services.visibilityExplorer;
  const rateLimit = {
    max: VE_PUBLIC_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; ttl: number }) =>
      new HttpError(429, 'rate_limited', `too many autocomplete requests: try again in ${context.after}`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  };

  app.get(
    VE_PUBLIC_AUTOCOMPLETE,
    {
      config: { rateLimit },
      schema: {
        tags: [TAG],
        summary: 'Public: domains and hosts whose name contains a text (names only)',
        querystring: vePublicAutocompleteQuery,
        response: { 200: veAutocompleteResponse, ...errors(400, 404, 429) },
      },
    },
    async (req) => ve.autocomplete(req.query.market, req.query.q, req.query.limit),
  );

  app.get(
    VE_LEGACY_AUTOCOMPLETE,
    {
      config: { rateLimit },
      schema: {
        tags: [TAG],
        summary: 'Public (older form): domains and hosts whose name contains `domain` (names only)',
        querystring: veLegacyAutocompleteQuery,
        response: { 200: veAutocompleteResponse, ...errors(400, 404, 429) },
      },
    },
    async (req) => ve.autocomplete(req.query.market, req.query.domain, req.query.limit),
  );
};

export const visibilityExplorerRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, opts) => {
  await app.register(explorerRoutes, opts);
  await app.register(publicRoutes, opts);
};
