// The public demo (spec §7 /demo/search and /demo/call, issue 5): no session. GET /demo/search tells a
// visitor their allowance and the markets; POST /demo/search runs one limited search (402 LIMIT_REACHED past
// the allowance); POST /demo/call stores a call request. Every demo route is rate limited per address and
// the POSTs refuse a cross-site Origin (there is no session to carry a CSRF token). Administrators list the
// call requests under /api/v1/admin/call-requests (ROLE_ADMIN).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import {
  ADMIN_CALL_REQUESTS,
  DEMO_CALL,
  DEMO_SEARCH,
  callRequestBody,
  callRequestResponse,
  callRequestsQuery,
  callRequestsResponse,
  demoSearchBody,
  demoSearchResponse,
  demoStatusResponse,
} from '@contracts/demo';
import { currentAuth, requireRole } from '../auth/guards';
import { sameOrigin } from '../auth/install';
import type { RouteGroupOptions } from '../context';
import { HttpError, forbidden } from '../http/errors';
import { errors, guarded } from '../http/schemas';
import { DEMO_COOKIE, type Visitor } from '../services/demo/visitor';

const TAG = 'demo';
/** Demo searches and status reads per address per minute (abuse guard; the allowance is separate). */
export const DEMO_SEARCH_PER_MINUTE = 20;
/** Call requests per address per hour. */
export const DEMO_CALLS_PER_HOUR = 5;
/** Lifetime of the visitor cookie (seconds): a year, so the allowance follows the browser. */
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

function limited(max: number, timeWindow: number, what: string) {
  return {
    max,
    timeWindow,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; ttl: number }) =>
      new HttpError(429, 'rate_limited', `too many ${what}: try again in ${context.after}`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  };
}

async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  if (!sameOrigin(request)) {
    throw forbidden(
      'cross_site_request',
      'this request came from another site (its Origin header does not match)',
    );
  }
}

/** The public demo routes. */
const publicRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  const demo = ctx.services.demo;
  const searchLimit = limited(DEMO_SEARCH_PER_MINUTE, 60_000, 'demo requests');

  const visitorOf = (request: FastifyRequest, reply: FastifyReply): Visitor => {
    const visitor = demo.identify(request.cookies[DEMO_COOKIE], request.ip);
    if (visitor.newCookie !== null) {
      reply.setCookie(DEMO_COOKIE, visitor.newCookie, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/demo',
        secure: ctx.config.cookieSecure,
        maxAge: VISITOR_COOKIE_MAX_AGE_S,
      });
    }
    return visitor;
  };

  app.get(
    DEMO_SEARCH,
    {
      config: { rateLimit: searchLimit },
      schema: {
        tags: [TAG],
        summary: 'Public: the visitor’s demo allowance and the markets they may search',
        response: { 200: demoStatusResponse, ...errors(429) },
      },
    },
    async (req, reply) => demo.status(visitorOf(req, reply)),
  );

  app.post(
    DEMO_SEARCH,
    {
      config: { rateLimit: searchLimit },
      preHandler: refuseCrossSite,
      schema: {
        tags: [TAG],
        summary:
          'Public: a limited visibility-explorer summary of one host in one market (headline numbers, ' +
          'series, top keywords); 402 LIMIT_REACHED once the visitor’s allowance is used',
        body: demoSearchBody,
        response: { 200: demoSearchResponse, 402: errorBody, ...errors(400, 403, 404, 429) },
      },
    },
    async (req, reply) => demo.search(visitorOf(req, reply), req.body),
  );

  app.post(
    DEMO_CALL,
    {
      config: { rateLimit: limited(DEMO_CALLS_PER_HOUR, 3_600_000, 'call requests') },
      preHandler: refuseCrossSite,
      schema: {
        tags: [TAG],
        summary: 'Public: ask for a call with the team (name, email, company, preferred time)',
        body: callRequestBody,
        response: { 201: callRequestResponse, ...errors(400, 403, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await demo.requestCall(req.body)),
  );
};

/** The administrators' list of call requests. */
const adminRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_ADMIN'));
  app.get(
    ADMIN_CALL_REQUESTS,
    {
      schema: {
        tags: ['admin'],
        summary: 'Calls demo visitors asked for, newest first',
        querystring: callRequestsQuery,
        response: { 200: callRequestsResponse, ...errors(...guarded) },
      },
    },
    async (req) => ctx.services.demo.listCallRequests(currentAuth(req).user.organisationId, req.query.limit),
  );
};

export const demoRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, opts) => {
  await app.register(publicRoutes, opts);
  await app.register(adminRoutes, opts);
};
