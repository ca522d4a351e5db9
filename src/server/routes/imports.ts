// Imports (issue 3, ROLE_CV): POST a multipart upload (one or more files) or a raw body with the options in
// the query string; the files are saved, a job is queued and returned at once (202), and GET shows its
// progress while it runs (bytes and rows so far) and its summary when it ends. A campaign must be your
// organisation's. Uploads larger than SIGHTLINE_UPLOAD_LIMIT_MB (default 2,048 MB) answer 413; a file name
// holding control or text-direction characters answers 400 (it would be shown in jobs and messages).
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { errorBody, idParam } from '@contracts/common';
import { importJob, importJobsResponse, importOptions, unsafeFileName } from '@contracts/imports';
import { currentAuth, requireRole } from '../auth/guards';
import type { RouteGroupOptions } from '../context';
import { badRequest } from '../http/errors';
import { errors, guarded } from '../http/schemas';
import { UploadFolder, uploadTooLarge } from '../services/import-uploads';

const byId = z.object({ id: idParam });
/** Files one upload may carry. */
const MAX_FILES = 50;

function isTooLarge(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && e.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Saves the request's files (multipart parts, or the raw body as one file) into `folder`. */
async function receive(request: FastifyRequest, folder: UploadFolder, rawName: string): Promise<void> {
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const problem = unsafeFileName(part.filename);
      if (problem !== null) {
        part.file.resume(); // drain the refused part so the request ends
        throw badRequest(problem, { field: 'file', filename: part.filename });
      }
      await folder.save(part.filename || 'upload', part.file);
    }
    return;
  }
  await folder.save(rawName, request.body as Readable);
}

export const importRoutes: FastifyPluginAsyncZod<RouteGroupOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole('ROLE_CV'));
  const imports = ctx.services.imports;
  const limit = ctx.config.uploadLimitBytes;

  // In this route group every body is a file: multipart parts are streamed to disk by the handler, any
  // other content type arrives as the raw stream (no JSON or text parsing, no body size cap but ours).
  app.removeAllContentTypeParsers();
  await app.register(multipart, { limits: { fileSize: limit, files: MAX_FILES, fields: 20 } });
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/api/v1/imports',
    {
      schema: {
        tags: ['imports'],
        summary:
          'Import files: a multipart upload (field "file", repeatable) or a raw body; options in the query',
        querystring: importOptions,
        response: { 202: importJob, ...errors(...guarded, 404), 413: errorBody },
      },
    },
    async (request, reply) => {
      const auth = currentAuth(request);
      const q = request.query;
      if (q.campaign !== undefined) await imports.assertCampaign(auth, q.campaign);
      const folder = await UploadFolder.create(ctx.config.dataDir, limit);
      try {
        await receive(request, folder, q.name ?? 'upload');
      } catch (e) {
        await folder.remove();
        if (isTooLarge(e)) throw uploadTooLarge(limit);
        throw e;
      }
      if (folder.files.length === 0) {
        await folder.remove();
        throw badRequest('the request holds no file: send a multipart upload or the file as the body');
      }
      const job = await imports.start({
        organisationId: auth.user.organisationId,
        userId: auth.user.id,
        files: folder.files.map((f) => f.name),
        bytesTotal: null,
        open: () => folder.sources(),
        cleanup: () => folder.remove(),
        ...(q.format !== undefined ? { format: q.format } : {}),
        ...(q.market !== undefined ? { market: q.market } : {}),
        ...(q.campaign !== undefined ? { campaignId: q.campaign } : {}),
        ...(q.target !== undefined ? { target: q.target } : {}),
        dryRun: q.dryRun === true,
        unzipLimitBytes: ctx.config.unzipLimitBytes,
      });
      return reply.code(202).send(imports.view(job));
    },
  );

  app.get(
    '/api/v1/imports',
    {
      schema: {
        tags: ['imports'],
        summary: 'Import jobs of your organisation (and CLI imports), newest first',
        response: { 200: importJobsResponse, ...errors(...guarded) },
      },
    },
    async (request) => imports.list(currentAuth(request)),
  );

  app.get(
    '/api/v1/imports/:id',
    {
      schema: {
        tags: ['imports'],
        summary: 'One import job: progress while it runs, its summary when it ends',
        params: byId,
        response: { 200: importJob, ...errors(...guarded, 404) },
      },
    },
    async (request) => imports.get(currentAuth(request), request.params.id),
  );
};
