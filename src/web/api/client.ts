// The one HTTP client of the web app: with its early-request registry (early-registry.ts), the only place that
// calls fetch. Same-origin cookies, a 16-hex `X-Request-Id` per request (spec §7), the CSRF token from
// /api/v1/me on state-changing requests, a time-out, the error messages of spec §8 plus the server's own
// message, and every response parsed with its contract.
import type { z } from 'zod';
import { errorBody } from '@contracts/common';
import { earlySettled, newRequestId, sendGet, takeEarly } from './early-registry';
import { sharedAddress } from './share-transport';
import { recordAnswer, replayed } from './snapshot-transport';

export {
  dropEarlyRequests,
  EARLY_TTL_MS,
  newRequestId,
  peekEarly,
  sendEarlyRequests,
  sendEarlyRequestsLater,
} from './early-registry';

/** Milliseconds before a request is abandoned; the spec leaves time-outs open, so one generous value. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'timeout' | 'invalid-response';

/** A failed request. `message` is the spec §8 text; `serverMessage` is what the server said, if anything. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly requestId: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
    readonly serverMessage: string | null = null,
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

let csrfToken: string | null = null;

/** Called with the token of every /api/v1/me (and sign-in) response; null after sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The CSRF token of the session, for requests sent outside apiRequest (uploads with progress). */
export function currentCsrfToken(): string | null {
  return csrfToken;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `response`, or a rejection as soon as `signal` aborts. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    response.then(resolve, reject);
  });
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query-string values; undefined and null are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** The contract of the response body; omit for responses without one (204). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one request and returns the parsed body; throws ApiError for every kind of failure. */
export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  // A dashboard share link's page reads through its token (share-transport.ts).
  const url = sharedAddress(buildUrl(path, options.query), method);
  const mayBeEarly = method === 'GET' && options.body === undefined;
  // A generated report's print page drawing from its snapshot reads nothing from the server.
  const fromSnapshot = mayBeEarly ? replayed(url) : null;
  if (fromSnapshot !== null) return answerFromSnapshot(url, fromSnapshot, options.schema);
  const pending = mayBeEarly ? earlySettled(url) : null;
  if (pending !== null) await pending;
  const sentEarly = mayBeEarly ? takeEarly(url) : null;
  const requestId = sentEarly?.requestId ?? newRequestId();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': requestId };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (STATE_CHANGING.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken;

  let response: Response;
  let payload: unknown;
  try {
    response = await (sentEarly === null
      ? fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          credentials: 'same-origin',
          signal: controller.signal,
        })
      : untilAborted(
          sentEarly.response.catch(() => sendGet(url, requestId, controller.signal)),
          controller.signal,
        ));
    payload = await readJson(response);
  } catch {
    if (timedOut) throw new ApiError(`timeout of ${timeoutMs} ms exceeded`, 'timeout', requestId);
    if (controller.signal.aborted) throw new ApiError('Request aborted', 'aborted', requestId);
    throw new ApiError('Network Error', 'network', requestId);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  if (!response.ok) {
    const envelope = errorBody.safeParse(payload);
    const server = envelope.success ? envelope.data.error : null;
    throw new ApiError(
      `Request failed with status code ${response.status}`,
      'http',
      requestId,
      response.status,
      server?.code ?? null,
      server?.message ?? null,
      server?.details,
    );
  }
  if (mayBeEarly) recordAnswer(url, payload);
  if (!options.schema) return undefined as T;
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'unreadable body';
    throw new ApiError(
      `The server's answer to ${method} ${path} did not match its contract (${where})`,
      'invalid-response',
      requestId,
      response.status,
    );
  }
  return parsed.data;
}

function answerFromSnapshot<T>(
  url: string,
  found: { body: unknown } | { missing: true },
  schema: z.ZodType<T> | undefined,
): T {
  if ('missing' in found) {
    throw new ApiError(
      `The report's data snapshot has no answer for ${url}`,
      'http',
      newRequestId(),
      404,
      'not_in_snapshot',
    );
  }
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(found.body);
  if (!parsed.success) {
    throw new ApiError(
      `The snapshot's answer for ${url} did not match its contract`,
      'invalid-response',
      newRequestId(),
    );
  }
  return parsed.data;
}

/** `text` as a sentence: first letter capitalised, ending with a full stop unless it has its own mark. */
export function asSentence(text: string): string {
  const t = text.trim();
  if (t === '') return t;
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** A sentence for people: the server's explanation when there is one, else the client message. */
export function describeError(error: unknown): string {
  if (isApiError(error)) return asSentence(error.serverMessage ?? error.message);
  return asSentence(error instanceof Error ? error.message : String(error));
}
