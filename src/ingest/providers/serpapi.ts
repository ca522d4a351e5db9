// SerpApi (serpapi.com), Google engine. GET /search.json with the key as `api_key`; `gl`/`hl` are the
// market's country and language, `device` desktop or mobile, `num` the depth. Responses are read by the
// SerpApi format parser (formats/serpapi.ts), the same that reads SerpApi files imported by hand.
import { RESULT_TYPES } from '@core/result-types';
import { endpoint, field, jsonOrNull, parseDocument, statusVerdict, utf8 } from './common';
import { marketParts } from './markets';
import type { ProviderDescriptor } from './types';

export const serpApi: ProviderDescriptor = {
  id: 'serpapi',
  label: 'SerpApi',
  keyHint: 'the API key of your SerpApi account (serpapi.com/manage-api-key)',
  baseUrl: 'https://serpapi.com',
  capabilities: {
    resultTypes: RESULT_TYPES.filter((t) => t !== 'brand' && t !== 'sitelink'),
    countries: 'any',
    devices: ['desktop', 'mobile'],
    maxDepth: 100,
    depth: 100,
    maxResultsPerRequest: 100,
  },
  // List price: the Developer plan, US$75 a month for 5,000 searches (serpapi.com/pricing), is US$0.015
  // per search; one request is one search whatever `num` is. Organisations on other plans override it.
  costPerRequestUsd: 0.015,
  // SerpApi limits throughput per hour by plan (Account API `account_rate_limit_per_hour`); the Developer
  // plan allows 1,000 searches an hour, 0.27 a second. Two in flight keep within it with room for retries.
  rateLimit: { requestsPerSecond: 1000 / 3600, burst: 5, concurrency: 2 },

  buildRequest(keyword, market, options) {
    const p = marketParts(market);
    const query = new URLSearchParams({
      engine: 'google',
      q: keyword,
      gl: p.country,
      hl: p.language,
      device: p.device,
      num: String(options.depth ?? this.capabilities.depth),
      api_key: options.apiKey,
    });
    return {
      url: endpoint(options.baseUrl ?? this.baseUrl, `/search.json?${query.toString()}`),
      method: 'GET',
      headers: { Accept: 'application/json' },
      body: null,
    };
  },

  importFormat: 'serpapi',

  importDocument(body, ctx) {
    return { format: this.importFormat, name: ctx.name, bytes: utf8(body) };
  },

  parse(body, ctx) {
    return parseDocument(this.importDocument(body, ctx), ctx);
  },

  verdict(status, body) {
    return statusVerdict(this.label, status, body, (b) => field(jsonOrNull(b), 'error'));
  },
};
