// Campaign visibility (spec §7, ROLE_CV): the fifteen endpoints under /api/v3/campaign-visibility/{campaign}/.
// Thin: the query is parsed with its contract, the role checked before anything else, one service call
// answers. A campaign of another organisation is 404; bad parameters are 400 naming the parameter.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CV_BASE } from '@contracts/paths';
import {
  CV_LIST_PARAMS,
  cvAutocompleteQuery,
  cvAutocompleteResponse,
  cvCompetitorsResponse,
  cvCsvResponse,
  cvDomainsResponse,
  cvFilterQuery,
  cvFiltersResponse,
  cvKeywordRankingResponse,
  cvLabelShareResponse,
  cvLimitQuery,
  cvParams,
  cvRankingQuery,
  cvRankRangesResponse,
  cvResultTypeProminenceResponse,
  cvSearchVolumeRangesResponse,
  cvTopQuery,
  cvUrlRankingResponse,
  cvVisibilityScoreLostResponse,
  cvWholeMarketResponse,
} from '@contracts/campaign-visibility';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { listParams, sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const TAG = 'campaign-visibility';
const failures = errors(...guarded, 404);

export const campaignVisibilityRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  app.addHook('preValidation', listParams(CV_LIST_PARAMS));
  const cv = ctx.services.campaignVisibility;
  const path = (p: string) => `${CV_BASE}/:campaign/${p}`;

  app.get(
    path('domains'),
    {
      schema: {
        tags: [TAG],
        summary: 'Domain summary: visibility score, visibility and share per domain and group, with series',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvDomainsResponse, ...failures },
      },
    },
    async (req) => cv.domains(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('tags'),
    {
      schema: {
        tags: [TAG],
        summary: 'Visibility share by keyword tag at the point date',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvLabelShareResponse, ...failures },
      },
    },
    async (req) => cv.tags(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('whole-market'),
    {
      schema: {
        tags: [TAG],
        summary: 'Share of the whole market’s visibility per domain and group, with the market totals',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvWholeMarketResponse, ...failures },
      },
    },
    async (req) => cv.wholeMarket(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('result-type-prominence'),
    {
      schema: {
        tags: [TAG],
        summary: 'Visibility score split by result type (brand merged into organic), total and per date',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvResultTypeProminenceResponse, ...failures },
      },
    },
    async (req) => cv.resultTypeProminence(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('competitors'),
    {
      schema: {
        tags: [TAG],
        summary: 'Competitors league: registrable domains by visibility score at the end of the range',
        params: cvParams,
        querystring: cvLimitQuery,
        response: { 200: cvCompetitorsResponse, ...failures },
      },
    },
    async (req) => cv.competitors(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('filters'),
    {
      schema: {
        tags: [TAG],
        summary: 'Available filters: domains, domain groups, tags, keyword groups, result types, dates',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvFiltersResponse, ...failures },
      },
    },
    async (req) => cv.filters(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('rank-ranges'),
    {
      schema: {
        tags: [TAG],
        summary: 'Keywords by best position range per domain and group at the point date',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvRankRangesResponse, ...failures },
      },
    },
    async (req) => cv.rankRanges(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('search-volume-ranges'),
    {
      schema: {
        tags: [TAG],
        summary: 'Keywords by search-volume range, with each domain’s ranking keywords and visibility score',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvSearchVolumeRangesResponse, ...failures },
      },
    },
    async (req) => cv.searchVolumeRanges(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('visibility-share'),
    {
      schema: {
        tags: [TAG],
        summary: 'Visibility share by keyword group at the point date',
        params: cvParams,
        querystring: cvFilterQuery,
        response: { 200: cvLabelShareResponse, ...failures },
      },
    },
    async (req) => cv.visibilityShare(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('visibility-score-lost'),
    {
      schema: {
        tags: [TAG],
        summary: 'Visibility score lost and gained over the range, with the keywords behind it',
        params: cvParams,
        querystring: cvTopQuery,
        response: { 200: cvVisibilityScoreLostResponse, ...failures },
      },
    },
    async (req) => cv.visibilityScoreLost(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('ranking/urls'),
    {
      schema: {
        tags: [TAG],
        summary: 'URLs of the first selected domain ranking on the campaign’s keywords (paginated)',
        params: cvParams,
        querystring: cvRankingQuery,
        response: { 200: cvUrlRankingResponse, ...failures },
      },
    },
    async (req) => cv.rankingUrls(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('ranking/keywords'),
    {
      schema: {
        tags: [TAG],
        summary: 'Keywords with each domain’s position, URL and visibility score (paginated)',
        params: cvParams,
        querystring: cvRankingQuery,
        response: { 200: cvKeywordRankingResponse, ...failures },
      },
    },
    async (req) => cv.rankingKeywords(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('autocomplete'),
    {
      schema: {
        tags: [TAG],
        summary: 'Domains, hosts and keywords of the campaign containing a text',
        params: cvParams,
        querystring: cvAutocompleteQuery,
        response: { 200: cvAutocompleteResponse, ...failures },
      },
    },
    async (req) => cv.autocomplete(currentAuth(req), req.params.campaign, req.query),
  );

  app.get(
    path('csv/urls'),
    {
      schema: {
        tags: [TAG],
        summary: 'The URL ranking table as CSV (every row, same filters and sort)',
        params: cvParams,
        querystring: cvRankingQuery,
        produces: ['text/csv'],
        response: { 200: cvCsvResponse, ...failures },
      },
    },
    async (req, reply) => sendCsv(reply, await cv.urlsCsv(currentAuth(req), req.params.campaign, req.query)),
  );

  app.get(
    path('csv/keywords'),
    {
      schema: {
        tags: [TAG],
        summary: 'The keyword ranking table as CSV (every row, same filters and sort)',
        params: cvParams,
        querystring: cvRankingQuery,
        produces: ['text/csv'],
        response: { 200: cvCsvResponse, ...failures },
      },
    },
    async (req, reply) =>
      sendCsv(reply, await cv.keywordsCsv(currentAuth(req), req.params.campaign, req.query)),
  );
};
