// The error envelope of DESIGN §4 for every failure: `{error: {code, message, details}}`. Services throw
// HttpError; the error handler turns it, schema-validation failures (400 naming each field) and Fastify's
// own client errors into the envelope, and anything unexpected into a 500 without a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@contracts/common';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'you are not signed in: sign in at /login and try again');
export const forbidden = (code: string, message: string) => new HttpError(403, code, message);
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} does not exist`);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

export function envelope(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

/** One bad field of a request: where it was (body, querystring, params, headers), its path and why. */
export interface FieldIssue {
  location: string;
  field: string;
  message: string;
}

const CLIENT_ERROR_CODES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_VALIDATION: 'bad_request',
};

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) {
    // A throttled answer says when to come back in the standard header too.
    const retry = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (error.statusCode === 429 && typeof retry === 'number') reply.header('retry-after', String(retry));
    return send(reply, error.statusCode, envelope(error.code, error.message, error.details));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = error.validationContext ?? 'request';
    const issues: FieldIssue[] = error.validation.map((v) => ({
      location,
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || `(whole ${location})`,
      message: v.message ?? 'is not valid',
    }));
    const summary = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
    return send(reply, 400, envelope('bad_request', `invalid ${location}: ${summary}`, { issues }));
  }
  if (!isResponseSerializationError(error)) {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        (error.code && CLIENT_ERROR_CODES[error.code]) ?? (status === 429 ? 'rate_limited' : 'bad_request');
      return send(reply, status, envelope(code, error.message));
    }
    // A store that could not answer (e.g. ClickHouse's ChReadError): its message says which and why.
    if (status === 503) {
      request.log.error({ err: error }, 'store unavailable');
      return send(reply, 503, envelope('unavailable', error.message));
    }
  }
  request.log.error({ err: error }, 'request failed');
  return send(
    reply,
    500,
    envelope('internal', `the server failed to answer this request; its request id is ${request.id}`),
  );
}

/** Installs the error handler that answers every failure with the envelope. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** The 404 envelope for a method and path no route serves. */
export function sendNotFoundRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  return send(reply, 404, envelope('not_found', `no route ${request.method} ${path}`));
}
