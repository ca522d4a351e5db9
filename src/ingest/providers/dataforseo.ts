// DataForSEO SERP API (dataforseo.com), Google organic, live mode, advanced (every SERP feature with its
// rank). POST /v3/serp/google/organic/live/advanced with HTTP Basic auth (the API key is `login:password`)
// and one task: keyword, location_code (markets.ts table), language_code, device, depth. Responses are read
// by the DataForSEO format parser (formats/dataforseo.ts). DataForSEO answers most errors with HTTP 200 and
// a status_code in the body (20000 is success), so the verdict reads that too.
import { RESULT_TYPES } from '@core/result-types';
import { endpoint, field, jsonOrNull, parseDocument, statusVerdict, utf8 } from './common';
import { DATAFORSEO_COUNTRIES, dataForSeoLocation, marketParts } from './markets';
import type { ProviderDescriptor, Verdict } from './types';

/** Body status codes worth retrying besides 5xxxx: 40202 is DataForSEO's "rate limit per minute exceeded". */
const RETRY_CODES = new Set([40202]);
/** Task status 40102 is "No Search Results": an empty page is data, not a failure. */
const EMPTY_RESULT = 40102;

function bodyVerdict(label: string, body: string): Verdict {
  const doc = jsonOrNull(body);
  if (typeof doc !== 'object' || doc === null) {
    return { ok: false, retry: true, message: `${label} answered with something that is not JSON` };
  }
  const d = doc as Record<string, unknown>;
  const code = (v: unknown) => (typeof v === 'number' ? v : null);
  const judge = (status: number | null, message: string | null): Verdict | null => {
    if (status === null || status === 20000 || status === EMPTY_RESULT) return null;
    return {
      ok: false,
      retry: status >= 50000 || RETRY_CODES.has(status),
      message: `${label} status ${status}: ${message ?? 'no message'}`,
    };
  };
  const top = judge(code(d['status_code']), field(d, 'status_message'));
  if (top) return top;
  for (const t of Array.isArray(d['tasks']) ? d['tasks'] : []) {
    const task = judge(code((t as Record<string, unknown>)['status_code']), field(t, 'status_message'));
    if (task) return task;
  }
  return { ok: true };
}

export const dataForSeo: ProviderDescriptor = {
  id: 'dataforseo',
  label: 'DataForSEO',
  keyHint: 'your API login and password joined by a colon, login:password (app.dataforseo.com/api-access)',
  baseUrl: 'https://api.dataforseo.com',
  capabilities: {
    resultTypes: RESULT_TYPES.filter((t) => t !== 'brand' && t !== 'sitelink'),
    countries: DATAFORSEO_COUNTRIES,
    devices: ['desktop', 'mobile'],
    maxDepth: 700,
    depth: 100,
    maxResultsPerRequest: 700,
  },
  // List price of live mode: US$0.002 for the first page of 10 results
  // (dataforseo.com/help-center/serp-api-cost-explained), each further page of 10 at 75 % of that
  // (dataforseo.com/update/billing-fewer-more-results-per-page-in-organic-serp-api): depth 100 is
  // 0.002 + 9 × 0.0015 = US$0.0155 per request.
  costPerRequestUsd: 0.0155,
  // 2,000 API calls a minute per account (dataforseo.com/google-serp-api-data); live calls take up to
  // about 6 s each, so 30 in flight keep well under it.
  rateLimit: { requestsPerSecond: 2000 / 60, burst: 30, concurrency: 30 },

  buildRequest(keyword, market, options) {
    const { locationCode, languageCode } = dataForSeoLocation(market);
    const task = {
      keyword,
      location_code: locationCode,
      language_code: languageCode,
      device: marketParts(market).device,
      depth: options.depth ?? this.capabilities.depth,
    };
    return {
      url: endpoint(options.baseUrl ?? this.baseUrl, '/v3/serp/google/organic/live/advanced'),
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(options.apiKey, 'utf8').toString('base64')}`,
      },
      body: JSON.stringify([task]),
    };
  },

  importFormat: 'dataforseo',

  importDocument(body, ctx) {
    return { format: this.importFormat, name: ctx.name, bytes: utf8(body) };
  },

  parse(body, ctx) {
    return parseDocument(this.importDocument(body, ctx), ctx);
  },

  verdict(status, body) {
    const http = statusVerdict(this.label, status, body, (b) => field(jsonOrNull(b), 'status_message'));
    return http.ok ? bodyVerdict(this.label, body) : http;
  },
};
