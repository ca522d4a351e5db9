// Search Console analysis (issue 30 items 2–4): sites, Raw Search Analytics, Keyword-to-Page, Page-to-Keyword
// and striking distance, each with its CSV. The spec's searchConsole section names no role, so a sign-in
// reads them (the organisation's own rows only; another organisation's site answers 404). Thin: contract,
// sign-in, one service call.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GSC_LIST_PARAMS,
  SEARCH_CONSOLE_BASE,
  gscAnalyticsQuery,
  gscAnalyticsResponse,
  gscCsvResponse,
  gscFilterQuery,
  gscKeywordPagesResponse,
  gscPageKeywordsQuery,
  gscPageKeywordsResponse,
  gscSitesResponse,
  gscStrikingQuery,
  gscStrikingResponse,
} from '@contracts/search-console';
import { currentAuth, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { listParams, sendCsv } from '../http/query-reply';
import { errors } from '../http/schemas';

const failures = errors(400, 401, 404);
const tags = ['search-console'];
const csv = { produces: ['text/csv'], response: { 200: gscCsvResponse, ...failures } };

export const searchConsoleRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  app.addHook('preValidation', listParams(GSC_LIST_PARAMS));
  const gsc = ctx.services.searchConsole;

  app.get(
    `${SEARCH_CONSOLE_BASE}/sites`,
    {
      schema: {
        tags,
        summary:
          "The organisation's sites with Search Console rows, and the tables (dimension sets) imported",
        response: { 200: gscSitesResponse, ...errors(401) },
      },
    },
    async (req) => gsc.sites(currentAuth(req)),
  );

  app.get(
    `${SEARCH_CONSOLE_BASE}/analytics`,
    {
      schema: {
        tags,
        summary: 'Raw Search Analytics: any dimensions, filters, two periods, totals and a daily chart',
        querystring: gscAnalyticsQuery,
        response: { 200: gscAnalyticsResponse, ...failures },
      },
    },
    async (req) => gsc.analytics(currentAuth(req), req.query),
  );
  app.get(
    `${SEARCH_CONSOLE_BASE}/analytics/csv`,
    {
      schema: {
        tags,
        summary: 'Raw Search Analytics as CSV (every row, same sort)',
        querystring: gscAnalyticsQuery,
        ...csv,
      },
    },
    async (req, reply) => sendCsv(reply, await gsc.analyticsCsv(currentAuth(req), req.query)),
  );

  app.get(
    `${SEARCH_CONSOLE_BASE}/keyword-pages`,
    {
      schema: {
        tags,
        summary:
          'Keyword-to-Page: per query its pages; queries split between pages flagged with click shares',
        querystring: gscFilterQuery,
        response: { 200: gscKeywordPagesResponse, ...failures },
      },
    },
    async (req) => gsc.keywordPages(currentAuth(req), req.query),
  );
  app.get(
    `${SEARCH_CONSOLE_BASE}/keyword-pages/csv`,
    {
      schema: {
        tags,
        summary: 'Keyword-to-Page as CSV: one line per query and page',
        querystring: gscFilterQuery,
        ...csv,
      },
    },
    async (req, reply) => sendCsv(reply, await gsc.keywordPagesCsv(currentAuth(req), req.query)),
  );

  app.get(
    `${SEARCH_CONSOLE_BASE}/page-keywords`,
    {
      schema: {
        tags,
        summary: 'Page-to-Keyword: per page its queries; view=decaying lists pages losing clicks',
        querystring: gscPageKeywordsQuery,
        response: { 200: gscPageKeywordsResponse, ...failures },
      },
    },
    async (req) => gsc.pageKeywords(currentAuth(req), req.query),
  );
  app.get(
    `${SEARCH_CONSOLE_BASE}/page-keywords/csv`,
    {
      schema: {
        tags,
        summary: 'Page-to-Keyword as CSV: one line per page and query',
        querystring: gscPageKeywordsQuery,
        ...csv,
      },
    },
    async (req, reply) => sendCsv(reply, await gsc.pageKeywordsCsv(currentAuth(req), req.query)),
  );

  app.get(
    `${SEARCH_CONSOLE_BASE}/striking-distance`,
    {
      schema: {
        tags,
        summary: 'Queries at average position 8–20 by the clicks a position-3 ranking would add (CTR model)',
        querystring: gscStrikingQuery,
        response: { 200: gscStrikingResponse, ...failures },
      },
    },
    async (req) => gsc.striking(currentAuth(req), req.query),
  );
  app.get(
    `${SEARCH_CONSOLE_BASE}/striking-distance/csv`,
    { schema: { tags, summary: 'Striking-distance queries as CSV', querystring: gscStrikingQuery, ...csv } },
    async (req, reply) => sendCsv(reply, await gsc.strikingCsv(currentAuth(req), req.query)),
  );
};
