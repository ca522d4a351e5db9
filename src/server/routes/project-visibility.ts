// Project visibility (issue 5 item 2, ROLE_CV): /api/v3/project-visibility/{project}/domains and its CSV.
// Thin: the query is parsed with its contract, the role checked before anything else, one service call
// answers. A project of another organisation is 404; bad parameters are 400 naming the parameter. The
// service is built here from the context's stores (it keeps no state).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PV_BASE,
  PV_LIST_PARAMS,
  pvCsvResponse,
  pvParams,
  pvQuery,
  pvResponse,
} from '@contracts/project-visibility';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { listParams, sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';
import { ProjectVisibilityService } from '../services/project-visibility';

const TAG = 'project-visibility';
const failures = errors(...guarded, 404);

export const projectVisibilityRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  app.addHook('preValidation', listParams(PV_LIST_PARAMS));
  const pv = new ProjectVisibilityService(ctx.stores.meta, ctx.stores.rank, ctx.now);

  app.get(
    `${PV_BASE}/:project/domains`,
    {
      schema: {
        tags: [TAG],
        summary:
          'Visibility score, visibility and share of the project’s domains over the union of its campaigns ' +
          '(each keyword once per market), in total and per campaign, with deltas and series',
        params: pvParams,
        querystring: pvQuery,
        response: { 200: pvResponse, ...failures },
      },
    },
    async (req) => pv.summary(currentAuth(req), req.params.project, req.query),
  );

  app.get(
    `${PV_BASE}/:project/csv`,
    {
      schema: {
        tags: [TAG],
        summary: 'The project summary as CSV: one line per scope (total, then campaigns) and domain',
        params: pvParams,
        querystring: pvQuery,
        produces: ['text/csv'],
        response: { 200: pvCsvResponse, ...failures },
      },
    },
    async (req, reply) => sendCsv(reply, await pv.csv(currentAuth(req), req.params.project, req.query)),
  );
};
