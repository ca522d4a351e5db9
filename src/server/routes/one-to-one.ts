// One-to-one comparison (spec §2 and §7, issue 6 item 3). Thin: the contract parses, the guard decides who
// may read, one service call answers.
// - GET /api/v2/1-2-1/data: signed in with ROLE_MS_ALL, or signed out with `share` = a valid token of a link
//   to exactly this comparison (the service's share check answers 401 / 403 / 410 otherwise).
// - /api/v2/1-2-1/share-links: list, make and revoke the organisation's links (ROLE_MS_ALL).
// - The exports are addresses of the web app's route table, answered here as CSV: /{hosts}/{market}/1-2-1
//   (summary and series) and …/keyword-csv, each also with a trailing /{share token} for signed-out viewers.
//   They sit outside /api, so this plugin reads the session cookie itself for them.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ONE_TO_ONE_BASE,
  ONE_TO_ONE_SEGMENT,
  createShareLinkBody,
  oneToOneExportParams,
  oneToOneExportQuery,
  oneToOneQuery,
  oneToOneResponse,
  shareLinkBody,
  shareLinkIdParams,
  shareLinksResponse,
} from '@contracts/one-to-one';
import { veCsvResponse } from '@contracts/visibility-explorer';
import { currentAuth, requireRole } from '../auth/guards';
import { authenticate } from '../auth/install';
import type { RouteGroupOptions } from '../context';
import { sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const TAG = 'one-to-one';
const needRole = requireRole('ROLE_MS_ALL');
/** Who may read: a share token's viewer is checked by the service, anybody else needs the role. */
const shareOf = (request: FastifyRequest): string | undefined => {
  const fromPath = (request.params as { share?: unknown } | undefined)?.share;
  const fromQuery = (request.query as { share?: unknown } | undefined)?.share;
  const token = fromPath ?? fromQuery;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

const readFailures = errors(...guarded, 404, 410);

const dataRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const service = ctx.services.oneToOne;
  app.addHook('onRequest', async function (request, reply) {
    if (shareOf(request) === undefined) await needRole.call(this, request, reply);
  });

  app.get(
    `${ONE_TO_ONE_BASE}/data`,
    {
      schema: {
        tags: [TAG],
        summary:
          'Two hosts side by side in one market over `time`: both visibility series, keyword counts per group ' +
          '(shared, only A, only B, A ahead, B ahead) and a page of the keyword table',
        querystring: oneToOneQuery,
        response: { 200: oneToOneResponse, ...readFailures },
      },
    },
    async (req) => {
      const q = req.query;
      if (q.share === undefined) return service.data(currentAuth(req).user.organisationId, q, null);
      const link = await service.shareLinks.authorise(q.share, [q.host[0]!, q.host[1]!], q.market);
      return service.data(link.organisationId, q, link.shared);
    },
  );
};

const shareLinkRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const links = ctx.services.oneToOne.shareLinks;
  app.addHook('onRequest', needRole);

  app.get(
    `${ONE_TO_ONE_BASE}/share-links`,
    {
      schema: {
        tags: [TAG],
        summary: 'The organisation’s read-only share links, newest first',
        response: { 200: shareLinksResponse, ...errors(...guarded) },
      },
    },
    async (req) => ({ items: await links.list(currentAuth(req)) }),
  );

  app.post(
    `${ONE_TO_ONE_BASE}/share-links`,
    {
      schema: {
        tags: [TAG],
        summary: 'Make a read-only share link of one comparison (hosts A,B and market), living 1–90 days',
        body: createShareLinkBody,
        response: { 201: shareLinkBody, ...errors(...guarded, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await links.create(currentAuth(req), req.body)),
  );

  app.delete(
    `${ONE_TO_ONE_BASE}/share-links/:id`,
    {
      schema: {
        tags: [TAG],
        summary: 'Revoke a share link of the organisation: it opens nothing from now on',
        params: shareLinkIdParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (req, reply) => {
      await links.revoke(currentAuth(req), req.params.id);
      return reply.code(204).send();
    },
  );
};

const exportRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const service = ctx.services.oneToOne;
  app.addHook('onRequest', async function (request, reply) {
    if (shareOf(request) !== undefined) return;
    request.auth = await authenticate(request, ctx);
    await needRole.call(this, request, reply);
  });

  const exportsOf = [
    {
      path: `/:hosts/:market/${ONE_TO_ONE_SEGMENT}`,
      summary: 'The comparison as CSV: summary, keyword counts and both series (default time: year)',
      csv: service.summaryCsv.bind(service),
    },
    {
      path: `/:hosts/:market/${ONE_TO_ONE_SEGMENT}/keyword-csv`,
      summary: 'The comparison’s keyword table as CSV (every keyword, or one `group`; default time: year)',
      csv: service.keywordCsv.bind(service),
    },
  ];
  for (const { path, summary, csv } of exportsOf) {
    for (const withShare of [false, true]) {
      app.get(
        withShare ? `${path}/:share` : path,
        {
          schema: {
            tags: [TAG],
            summary: withShare ? `${summary}, through a read-only share link` : summary,
            params: oneToOneExportParams,
            querystring: oneToOneExportQuery,
            produces: ['text/csv'],
            response: { 200: veCsvResponse, ...readFailures },
          },
        },
        async (req, reply) => {
          const { hosts, market, share } = req.params;
          const pair: [string, string] = [hosts[0]!, hosts[1]!];
          const org =
            share === undefined
              ? currentAuth(req).user.organisationId
              : (await service.shareLinks.authorise(share, pair, market)).organisationId;
          return sendCsv(reply, await csv(org, pair, market, req.query));
        },
      );
    }
  }
};

export const oneToOneRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, opts) => {
  await app.register(dataRoutes, opts);
  await app.register(shareLinkRoutes, opts);
  await app.register(exportRoutes, opts);
};
