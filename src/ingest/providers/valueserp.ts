// ValueSERP (valueserp.com, Traject Data), Google search. GET /search with the key as `api_key`; `gl`/`hl`
// from the market, `device`, and `num` for the depth. Responses (bare, or wrapped as `{status, data}` as in
// ScaleSERP's samples) are read by the ValueSERP format parser (formats/valueserp.ts).
import { RESULT_TYPES } from '@core/result-types';
import { endpoint, field, jsonOrNull, parseDocument, statusVerdict, utf8 } from './common';
import { marketParts } from './markets';
import type { ProviderDescriptor } from './types';

export const valueSerp: ProviderDescriptor = {
  id: 'valueserp',
  label: 'ValueSERP',
  keyHint: 'the API key of your ValueSERP account (app.valueserp.com, API Playground)',
  baseUrl: 'https://api.valueserp.com',
  capabilities: {
    resultTypes: RESULT_TYPES.filter((t) => t !== 'brand' && t !== 'sitelink'),
    countries: 'any',
    devices: ['desktop', 'mobile'],
    maxDepth: 100,
    depth: 100,
    maxResultsPerRequest: 100,
  },
  // List price: pay as you go, US$2.50 per 1,000 searches (trajectdata.com/serp/value-serp-api/pricing/),
  // US$0.0025 per successful search; failed requests are not charged.
  costPerRequestUsd: 0.0025,
  // The same pricing page gives 250 requests a minute for pay as you go and the smaller plans.
  rateLimit: { requestsPerSecond: 250 / 60, burst: 10, concurrency: 10 },

  buildRequest(keyword, market, options) {
    const p = marketParts(market);
    const query = new URLSearchParams({
      api_key: options.apiKey,
      q: keyword,
      gl: p.country,
      hl: p.language,
      device: p.device,
      num: String(options.depth ?? this.capabilities.depth),
      output: 'json',
    });
    return {
      url: endpoint(options.baseUrl ?? this.baseUrl, `/search?${query.toString()}`),
      method: 'GET',
      headers: { Accept: 'application/json' },
      body: null,
    };
  },

  importFormat: 'valueserp',

  importDocument(body, ctx) {
    return { format: this.importFormat, name: ctx.name, bytes: utf8(body) };
  },

  parse(body, ctx) {
    return parseDocument(this.importDocument(body, ctx), ctx);
  },

  verdict(status, body) {
    const verdict = statusVerdict(this.label, status, body, (b) => {
      const doc = jsonOrNull(b);
      const info =
        typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['request_info'] : null;
      return field(info, 'message') ?? field(doc, 'message');
    });
    if (!verdict.ok) return verdict;
    // ValueSERP reports some refusals (no credits left) as 200 with request_info.success false.
    const doc = jsonOrNull(body);
    const info =
      typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['request_info'] : null;
    if (typeof info === 'object' && info !== null && (info as Record<string, unknown>)['success'] === false) {
      return {
        ok: false,
        retry: false,
        message: `${this.label} refused the search: ${field(info, 'message') ?? 'request_info.success is false'}`,
      };
    }
    return verdict;
  },
};
