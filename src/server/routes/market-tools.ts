// Market explorer and recommendation (spec §2, issue 6 items 2 and 4; ROLE_MS_ALL like the other market-share
// screens): the keyword table of a host over `time` and its CSV, and the host's URLs by opportunity and their
// CSV. Thin: query parsed by its contract, role checked first, one service call answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MARKET_EXPLORER_BASE,
  marketExplorerCsvQuery,
  marketExplorerQuery,
} from '@contracts/market-explorer';
import { RECOMMENDATION_BASE, recommendationQuery, recommendationResponse } from '@contracts/recommendation';
import { veCsvResponse, veKeywordRankingResponse } from '@contracts/visibility-explorer';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const failures = errors(...guarded, 404);

export const marketToolsRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_MS_ALL'));
  const tools = ctx.services.marketTools;

  app.get(
    `${MARKET_EXPLORER_BASE}/data`,
    {
      schema: {
        tags: ['market-explorer'],
        summary: 'Keywords a URL or host ranks for, with position, URL, volume, score and change over `time`',
        querystring: marketExplorerQuery,
        response: { 200: veKeywordRankingResponse, ...failures },
      },
    },
    async (req) => tools.marketExplorer(currentAuth(req), req.query),
  );

  app.get(
    `${MARKET_EXPLORER_BASE}/csv`,
    {
      schema: {
        tags: ['market-explorer'],
        summary: 'The market explorer keyword table as CSV over the default year (every row, same sort)',
        querystring: marketExplorerCsvQuery,
        produces: ['text/csv'],
        response: { 200: veCsvResponse, ...failures },
      },
    },
    async (req, reply) => sendCsv(reply, await tools.marketExplorerCsv(currentAuth(req), req.query)),
  );

  app.get(
    `${RECOMMENDATION_BASE}/data/urls`,
    {
      schema: {
        tags: ['recommendation'],
        summary: 'The host’s URLs ranked by opportunity (DESIGN §3), with the keywords behind each',
        querystring: recommendationQuery,
        response: { 200: recommendationResponse, ...failures },
      },
    },
    async (req) => tools.recommendation(currentAuth(req), req.query),
  );

  app.get(
    `${RECOMMENDATION_BASE}/urls/csv`,
    {
      schema: {
        tags: ['recommendation'],
        summary: 'The recommendation as CSV: one line per URL and keyword behind it',
        querystring: recommendationQuery,
        produces: ['text/csv'],
        response: { 200: veCsvResponse, ...failures },
      },
    },
    async (req, reply) => sendCsv(reply, await tools.recommendationCsv(currentAuth(req), req.query)),
  );
};
