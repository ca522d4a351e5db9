// Annotations (issue 29 item 6): list, create, edit, delete, and import a CSV of known search-engine
// updates. Reading needs only a sign-in; changes need ROLE_CV, as campaign set-up's edits do. Ids of another
// organisation answer 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  annotation,
  annotationsQuery,
  annotationsResponse,
  createAnnotationRequest,
  importAnnotationsRequest,
  importAnnotationsResponse,
  updateAnnotationRequest,
} from '@contracts/annotations';
import { idParam } from '@contracts/common';
import { currentAuth, requireRole, requireSignIn } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { errors, guarded } from '../http/schemas';

const byId = z.object({ id: idParam });
const cv = { onRequest: requireRole('ROLE_CV') };
const tags = ['annotations'];
/** Bytes of an import's JSON body: the largest CSV the contract takes, escaped, with room to spare. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

export const annotationRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireSignIn);
  const annotations = ctx.services.annotations;

  app.get(
    '/api/v1/annotations',
    {
      schema: {
        tags,
        summary: "The organisation-wide annotations, plus a campaign's when one is named, by date",
        querystring: annotationsQuery,
        response: { 200: annotationsResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => annotations.list(currentAuth(request), request.query),
  );

  app.post(
    '/api/v1/annotations',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Add an annotation: campaign-wide (campaignId) or organisation-wide (campaignId null)',
        body: createAnnotationRequest,
        response: { 201: annotation, ...errors(...guarded, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await annotations.create(currentAuth(request), request.body)),
  );

  app.patch(
    '/api/v1/annotations/:id',
    {
      ...cv,
      schema: {
        tags,
        summary: "Change an annotation's date, title, note or campaign",
        params: byId,
        body: updateAnnotationRequest,
        response: { 200: annotation, ...errors(...guarded, 404) },
      },
    },
    async (request) => annotations.update(currentAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/annotations/:id',
    {
      ...cv,
      schema: {
        tags,
        summary: 'Delete an annotation',
        params: byId,
        response: { 204: z.undefined(), ...errors(...guarded, 404) },
      },
    },
    async (request, reply) => {
      await annotations.remove(currentAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/annotations/import',
    {
      ...cv,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import a CSV of known search-engine updates (header date,title[,note]; at most 5,000 rows): all rows or none',
        body: importAnnotationsRequest,
        response: { 200: importAnnotationsResponse, ...errors(...guarded, 404) },
      },
    },
    async (request) => annotations.importCsv(currentAuth(request), request.body),
  );
};
