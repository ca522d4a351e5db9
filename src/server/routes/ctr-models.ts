// CTR models (issue 30 item 5): list, read (100 values; a fitted model's observed buckets), fit from a site's
// Search Console rows, type one in, delete; a site's brand terms, read and replaced. Reading needs a sign-in;
// fitting, typing in, deleting and setting brand terms change the organisation's models and need ROLE_CV,
// like campaign set-up. Another organisation's models answer 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandTermsBody,
  brandTermsQuery,
  brandTermsResponse,
  calibrationQuery,
  calibrationResponse,
  CTR_MODELS_BASE,
  ctrModelDetail,
  ctrModelParams,
  ctrModelsResponse,
  customCtrModelRequest,
  fitCtrModelRequest,
} from '@contracts/ctr-models';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { sendCsv } from '../http/query-reply';
import { errors, guarded } from '../http/schemas';

const cv = { onRequest: requireRole('ROLE_CV') };
const tags = ['ctr-models'];

export const ctrModelRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const models = ctx.services.ctrModels;

  app.get(
    CTR_MODELS_BASE,
    {
      schema: {
        tags,
        summary:
          'The CTR models: default, published studies, and the organisation’s typed-in and fitted ones',
        response: { 200: ctrModelsResponse, ...errors(401) },
      },
    },
    async (req) => models.list(currentAuth(req)),
  );

  app.get(
    `${CTR_MODELS_BASE}/brand-terms`,
    {
      schema: {
        tags,
        summary: 'A site’s brand terms: queries containing one are brand queries in brand / non-brand fits',
        querystring: brandTermsQuery,
        response: { 200: brandTermsResponse, ...errors(400, 401, 404) },
      },
    },
    async (req) => models.brandTerms(currentAuth(req), req.query.site),
  );

  app.put(
    `${CTR_MODELS_BASE}/brand-terms`,
    {
      ...cv,
      schema: {
        tags,
        summary: 'Replace a site’s brand terms (stored lower case; an empty list removes them)',
        body: brandTermsBody,
        response: { 200: brandTermsResponse, ...errors(...guarded, 404) },
      },
    },
    async (req) => models.setBrandTerms(currentAuth(req), req.body),
  );

  app.get(
    `${CTR_MODELS_BASE}/calibration`,
    {
      schema: {
        tags,
        summary:
          'A campaign’s model against Search Console: estimated clicks (visibility score) and real clicks per week',
        querystring: calibrationQuery,
        response: { 200: calibrationResponse, ...errors(400, 401, 404) },
      },
    },
    async (req) => ctx.services.ctrCalibration.calibration(currentAuth(req), req.query),
  );

  app.get(
    `${CTR_MODELS_BASE}/calibration/csv`,
    {
      schema: {
        tags,
        summary: 'The calibration table as CSV',
        querystring: calibrationQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, UTF-8 with a byte-order mark'), ...errors(400, 401, 404) },
      },
    },
    async (req, reply) =>
      sendCsv(reply, await ctx.services.ctrCalibration.calibrationCsv(currentAuth(req), req.query)),
  );

  app.get(
    `${CTR_MODELS_BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'One CTR model: its 100 values and, when fitted, the observed buckets with their intervals',
        params: ctrModelParams,
        response: { 200: ctrModelDetail, ...errors(400, 401, 404) },
      },
    },
    async (req) => models.get(currentAuth(req), req.params.id),
  );

  app.post(
    `${CTR_MODELS_BASE}/fit`,
    {
      ...cv,
      schema: {
        tags,
        summary:
          'Fit a CTR model from a site’s Search Console rows (optionally one device, brand or non-brand)',
        body: fitCtrModelRequest,
        response: { 201: ctrModelDetail, ...errors(...guarded, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await models.fit(currentAuth(req), req.body)),
  );

  app.post(
    CTR_MODELS_BASE,
    {
      ...cv,
      schema: {
        tags,
        summary:
          'Type in a CTR model: positions and their CTR (0–1); others follow the default curve’s shape',
        body: customCtrModelRequest,
        response: { 201: ctrModelDetail, ...errors(...guarded, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await models.createCustom(currentAuth(req), req.body)),
  );

  app.delete(
    `${CTR_MODELS_BASE}/:id`,
    {
      ...cv,
      schema: {
        tags,
        summary: 'Delete one of the organisation’s CTR models',
        description:
          'Refused (409, naming them) while a campaign uses the model: assign those another first.',
        params: ctrModelParams,
        response: { 204: z.undefined(), ...errors(...guarded, 404, 409) },
      },
    },
    async (req, reply) => {
      await models.remove(currentAuth(req), req.params.id);
      return reply.code(204).send();
    },
  );
};
