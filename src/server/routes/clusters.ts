// Content clusters (spec §2, ROLE_MS_ALL): /api/marketshare/{existing,new}/cluster/data and /csv. Thin: the
// query is parsed with its contract, the role checked first, one service call answers. While the market's
// clusters are being built every endpoint answers 202 with the job's progress (poll until 200); a market
// the workspace does not hold is 404; a bad host is 400 naming `host`; a failed job is 503 with its reason.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import {
  CLUSTER_BASE,
  clusterCsvResponse,
  clusterQuery,
  clusterRunning,
  existingClustersResponse,
  newClustersResponse,
  type ClusterRunning,
} from '@contracts/clusters';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';
import type { CsvExport } from '../services/campaign-visibility/csv';

const TAG = 'content-clusters';
const failures = { ...errors(...guarded, 404), 503: errorBody };

function reply<T extends object>(res: FastifyReply, body: T | ClusterRunning): T | ClusterRunning {
  if ('status' in body && body.status === 'running') res.code(202);
  return body;
}

function replyCsv(res: FastifyReply, out: CsvExport | ClusterRunning): FastifyReply | ClusterRunning {
  if ('stream' in out) return sendCsv(res, out);
  res.code(202);
  return out;
}

export const clusterRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_MS_ALL'));
  const clusters = ctx.services.clusters;
  const running = { 202: clusterRunning };

  app.get(
    `${CLUSTER_BASE}/existing/cluster/data`,
    {
      schema: {
        tags: [TAG],
        summary:
          'Optimise existing content: keyword clusters at the latest snapshot where the host’s best position ' +
          'is 4–30, with its best URL, visibility score and its change over `time`; 202 while clustering',
        querystring: clusterQuery,
        response: { 200: existingClustersResponse, ...running, ...failures },
      },
    },
    async (req, res) => reply(res, await clusters.existing(currentAuth(req).user.organisationId, req.query)),
  );

  app.get(
    `${CLUSTER_BASE}/new/cluster/data`,
    {
      schema: {
        tags: [TAG],
        summary:
          'New content suggestions: keyword clusters where the host has no result in the top 100 and one of ' +
          'its top-10 competitors ranks in the top 10, with those competitors; 202 while clustering',
        querystring: clusterQuery,
        response: { 200: newClustersResponse, ...running, ...failures },
      },
    },
    async (req, res) => reply(res, await clusters.new(currentAuth(req).user.organisationId, req.query)),
  );

  app.get(
    `${CLUSTER_BASE}/existing/cluster/csv`,
    {
      schema: {
        tags: [TAG],
        summary: 'Every existing-content cluster as CSV, one row per cluster keyword; 202 while clustering',
        querystring: clusterQuery,
        produces: ['text/csv', 'application/json'],
        response: { 200: clusterCsvResponse, ...running, ...failures },
      },
    },
    async (req, res) =>
      replyCsv(res, await clusters.existingCsv(currentAuth(req).user.organisationId, req.query)),
  );

  app.get(
    `${CLUSTER_BASE}/new/cluster/csv`,
    {
      schema: {
        tags: [TAG],
        summary: 'Every new-content cluster as CSV, one row per cluster keyword; 202 while clustering',
        querystring: clusterQuery,
        produces: ['text/csv', 'application/json'],
        response: { 200: clusterCsvResponse, ...running, ...failures },
      },
    },
    async (req, res) => replyCsv(res, await clusters.newCsv(currentAuth(req).user.organisationId, req.query)),
  );
};
