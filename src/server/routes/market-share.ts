// Market share (spec §2 and §7, issue 6 item 1; ROLE_MS_ALL): the overview, the competitive matrix and their
// CSV under /api/marketshare/data. Thin: query parsed by its contract, role checked first, the organisation
// taken from the session, one service call answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MARKET_SHARE_BASE,
  marketShareCsvQuery,
  marketShareMatrixQuery,
  marketShareMatrixResponse,
  marketShareQuery,
  marketShareResponse,
} from '@contracts/market-share';
import { veCsvResponse } from '@contracts/visibility-explorer';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const failures = errors(...guarded, 404);

export const marketShareRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_MS_ALL'));
  const share = ctx.services.marketShare;
  const org = (req: Parameters<typeof currentAuth>[0]) => currentAuth(req).user.organisationId;

  app.get(
    `${MARKET_SHARE_BASE}/overview`,
    {
      schema: {
        tags: ['market-share'],
        summary: 'Share of visibility over `time` of the market’s leading hosts and the tracked domains',
        querystring: marketShareQuery,
        response: { 200: marketShareResponse, ...failures },
      },
    },
    async (req) => share.overview(org(req), req.query),
  );

  app.get(
    `${MARKET_SHARE_BASE}/competitive-matrix`,
    {
      schema: {
        tags: ['market-share'],
        summary: 'Hosts × keyword tags or groups: each host’s share of visibility among the label’s keywords',
        querystring: marketShareMatrixQuery,
        response: { 200: marketShareMatrixResponse, ...failures },
      },
    },
    async (req) => share.matrix(org(req), req.query),
  );

  app.get(
    `${MARKET_SHARE_BASE}/csv`,
    {
      schema: {
        tags: ['market-share'],
        summary:
          'The overview table and series (kind=overview) or the competitive matrix (kind=matrix) as CSV',
        querystring: marketShareCsvQuery,
        produces: ['text/csv'],
        response: { 200: veCsvResponse, ...failures },
      },
    },
    async (req, reply) => sendCsv(reply, await share.csv(org(req), req.query)),
  );
};
