// The four provider descriptors against the replay server: each builds its provider's request (key where the
// provider wants it, market as its parameters), and reads the real response it gets back into the same
// records, with the same counts, as the import of that response file (test/import-shared-data.test.ts).
// Verdicts: what is retried and what is reported at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_IDS as CONTRACT_IDS } from '@contracts/rank-checks';
import { parseFile, sourceFromBytes } from '@ingest/formats/index';
import type { FormatId } from '@ingest/formats/index';
import { PROVIDERS, PROVIDER_IDS, RateLimiter, sendWithRetry } from '@ingest/providers/index';
import type { ProviderDescriptor } from '@ingest/providers/index';
import type { SerpResultRecord } from '@ingest/records';
import { SERPER_FIXTURE, SERP_DATA, SerpReplayServer } from '../support/serp-replay-server';

const FETCHED_AT = new Date('2026-03-10T08:00:00.000Z');
const KEY = 'test-key-1234:secret';

let replay: SerpReplayServer;
beforeAll(async () => {
  replay = await SerpReplayServer.start();
});
afterAll(() => replay.close());
beforeEach(() => replay.reset());

async function importFile(path: string, format: FormatId, market: string): Promise<SerpResultRecord[]> {
  const out: SerpResultRecord[] = [];
  const source = sourceFromBytes('file.json', readFileSync(path));
  for (const file of source.files)
    for await (const batch of parseFile(file, { now: FETCHED_AT, market, format }))
      for (const r of batch.records) if (r.kind === 'serp') out.push(r);
  return out;
}

async function check(provider: ProviderDescriptor, keyword: string, market: string) {
  const request = provider.buildRequest(keyword, market, {
    apiKey: KEY,
    baseUrl: replay.baseUrl(provider.id),
  });
  const limiter = new RateLimiter(provider.rateLimit);
  const policy = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 5000 };
  const got = await sendWithRetry(request, { limiter, policy, verdict: (s, b) => provider.verdict(s, b) });
  const parsed = await provider.parse(got.body, { fetchedAt: FETCHED_AT, market, name: 'check.json' });
  return { got, parsed, hit: replay.hits.at(-1)! };
}

const strip = (rs: SerpResultRecord[]) => rs.map(({ line: _line, ...r }) => r);

describe('provider descriptors read real responses as the import does', () => {
  it('lists the same providers as the API contract', () => {
    expect([...PROVIDER_IDS]).toEqual([...CONTRACT_IDS]);
    expect(Object.keys(PROVIDERS).sort()).toEqual([...CONTRACT_IDS].sort());
  });

  it('SerpApi: the Vancouver matcha page, key and market in the query, 17 results', async () => {
    const { parsed, hit } = await check(PROVIDERS.serpapi, 'matcha', 'ca-en');
    const q = new URL(hit.url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      q: 'matcha',
      gl: 'ca',
      hl: 'en',
      api_key: KEY,
      num: '100',
    });
    expect(parsed.rejects).toEqual([]);
    expect(parsed.records).toHaveLength(17);
    const imported = await importFile(
      join(SERP_DATA, 'google_matcha_vancouver_full_serp.json'),
      'serpapi',
      'ca-en',
    );
    expect(strip(parsed.records)).toEqual(strip(imported));
  });

  it('SerpApi: each of the seven coffee pages gives 10 results on absolute ranks', async () => {
    for (const kw of ['coffee', 'latte', 'oatmilk latte']) {
      const { parsed } = await check(PROVIDERS.serpapi, kw, 'us-en');
      expect(parsed.records).toHaveLength(10);
      expect(parsed.records.map((r) => r.keyword)).toEqual(Array(10).fill(kw));
      const ranks = parsed.records.map((r) => r.position);
      expect(new Set(ranks).size).toBe(ranks.length);
      expect(ranks.every((r) => r >= 1 && r <= 100)).toBe(true);
    }
  });

  it('DataForSEO: POST with Basic auth and a location_code, 7 results', async () => {
    const { parsed, hit } = await check(
      PROVIDERS.dataforseo,
      'flight ticket new york san francisco',
      'us-en',
    );
    expect(hit.method).toBe('POST');
    expect(hit.headers.authorization).toBe(`Basic ${Buffer.from(KEY).toString('base64')}`);
    expect(JSON.parse(hit.body)).toEqual([
      {
        keyword: 'flight ticket new york san francisco',
        location_code: 2840,
        language_code: 'en',
        device: 'desktop',
        depth: 100,
      },
    ]);
    expect(parsed.records).toHaveLength(7);
    const imported = await importFile(
      join(SERP_DATA, 'dfs_serp_google_organic_live_regular.json'),
      'dataforseo',
      'us-en',
    );
    expect(strip(parsed.records)).toEqual(strip(imported));
  });

  it('ValueSERP: the wrapped ScaleSERP page, 13 results', async () => {
    const { parsed, hit } = await check(PROVIDERS.valueserp, 'apartamenty inwestycyjne', 'pl-pl');
    expect(new URL(hit.url, 'http://x').searchParams.get('api_key')).toBe(KEY);
    expect(parsed.records).toHaveLength(13);
    const imported = await importFile(
      join(SERP_DATA, 'scaleserp_google_pl_apartamenty_inwestycyjne_2020-06-06.json'),
      'valueserp',
      'pl-pl',
    );
    expect(strip(parsed.records)).toEqual(strip(imported));
  });

  it('Serper: key in X-API-KEY, the documented page read through the SerpApi layout', async () => {
    const { parsed, hit } = await check(PROVIDERS.serper, 'espresso machine', 'gb-en');
    expect(hit.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(hit.body)).toEqual({ q: 'espresso machine', gl: 'gb', hl: 'en', num: 100 });
    expect(parsed.rejects).toEqual([]);
    const types = parsed.records.map((r) => r.resultType);
    // 8 organic results, plus the answer box, top stories, places, people-also-ask and the knowledge panel.
    expect(types.filter((t) => t === 'organic')).toHaveLength(8);
    for (const t of ['featured_snippet', 'news', 'local_pack', 'people_also_ask', 'knowledge_panel'])
      expect(types).toContain(t);
    expect(parsed.records.every((r) => r.date === '2026-03-10' && r.market === 'gb-en')).toBe(true);
    const ranks = parsed.records.map((r) => r.position);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(JSON.parse(readFileSync(SERPER_FIXTURE, 'utf8'))._sightline_note).toMatch(/NOT a recorded/);
  });

  it('refuses markets a provider cannot search, saying why', () => {
    expect(() => PROVIDERS.serper.buildRequest('x', 'gb-en-mobile', { apiKey: KEY })).toThrow(/no mobile/);
    expect(() => PROVIDERS.dataforseo.buildRequest('x', 'is-is', { apiKey: KEY })).toThrow(/location_code/);
    expect(() => PROVIDERS.serpapi.buildRequest('x', 'nowhere', { apiKey: KEY })).toThrow(RangeError);
  });

  it('retries 429 and 5xx, reports other refusals at once with the provider’s words', () => {
    expect(PROVIDERS.serpapi.verdict(429, '{"error":"busy"}')).toMatchObject({ ok: false, retry: true });
    expect(PROVIDERS.serper.verdict(503, 'oops')).toMatchObject({ ok: false, retry: true });
    expect(PROVIDERS.serpapi.verdict(401, '{"error":"Invalid API key."}')).toEqual({
      ok: false,
      retry: false,
      message: 'SerpApi answered HTTP 401: Invalid API key.',
    });
    const dfsBusy = JSON.stringify({
      status_code: 20000,
      tasks: [{ status_code: 40202, status_message: 'limit' }],
    });
    expect(PROVIDERS.dataforseo.verdict(200, dfsBusy)).toMatchObject({ ok: false, retry: true });
    const dfsMoney = JSON.stringify({ status_code: 40200, status_message: 'Payment Required.' });
    expect(PROVIDERS.dataforseo.verdict(200, dfsMoney)).toMatchObject({ ok: false, retry: false });
    const vsNoCredit = JSON.stringify({ request_info: { success: false, message: 'no credits' } });
    expect(PROVIDERS.valueserp.verdict(200, vsNoCredit)).toMatchObject({ ok: false, retry: false });
  });
});
