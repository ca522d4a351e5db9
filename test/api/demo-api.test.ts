// The public demo over HTTP on the explorer fixture (test/storage/ve-fixture.ts), on SQLite + DuckDB: the
// visitor cookie and allowance (SIGHTLINE_DEMO_* from the environment), the limited summary and nothing more,
// NO_DATA_FOUND, 402 LIMIT_REACHED per visitor and per address, the call request (validated, stored, listed
// for admins only), cross-site refusal, per-address rate limits, and that an anonymous visitor gets 401 from
// every /api route of the OpenAPI document except the public autocompletes and the set-up status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  ADMIN_CALL_REQUESTS,
  DEMO_CALL,
  DEMO_SEARCH,
  DEMO_TOP_KEYWORDS,
  type DemoSearchResponse,
} from '@contracts/demo';
import { SETUP_STATUS_PATH } from '@contracts/setup-status';
import { VE_BASE, VE_LEGACY_AUTOCOMPLETE, VE_PUBLIC_AUTOCOMPLETE } from '@contracts/visibility-explorer';
import { DEMO_CALLS_PER_HOUR } from '@server/routes/demo';
import { DEMO_COOKIE } from '@server/services/demo/visitor';
import { seed } from '../storage/ve-fixture';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let admin: Client;
let analyst: Client;
const SEARCH = { domain: 'www.acme.com/blog', market: 'gb-en' };
let nextAddress = 1;
/** Each test's visitors come from their own address, so the per-address backstop stays out of the way. */
const newAddress = () => `203.0.113.${nextAddress++}`;

interface Anonymous {
  address: string;
  cookie: string | null;
}

function visitor(): Anonymous {
  return { address: newAddress(), cookie: null };
}

async function call(v: Anonymous, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: v.address,
    headers: v.cookie === null ? {} : { cookie: `${DEMO_COOKIE}=${v.cookie}` },
    ...(payload === undefined ? {} : { payload }),
  });
  const set = res.cookies.find((c) => c.name === DEMO_COOKIE);
  if (set) v.cookie = set.value;
  return res;
}

const search = (v: Anonymous, body: object = SEARCH) => call(v, 'POST', DEMO_SEARCH, body);

beforeAll(async () => {
  process.env.SIGHTLINE_DEMO_SEARCHES = '2';
  process.env.SIGHTLINE_DEMO_SEARCHES_PER_ADDRESS = '3';
  t = await createTestApp({ now: () => new Date('2025-03-12T12:00:00Z') });
  delete process.env.SIGHTLINE_DEMO_SEARCHES;
  delete process.env.SIGHTLINE_DEMO_SEARCHES_PER_ADDRESS;
  await seed(t.stores.rank);
  const org = await seedOrganisation(t.stores, 'Acme');
  await t.stores.meta.upsertMarket(
    org.id,
    {
      code: 'gb-en',
      country: 'gb',
      language: 'en',
      device: 'desktop',
      engine: 'google',
      name: 'United Kingdom (English)',
    },
    'gb-en',
  );
  await seedUser(t.stores, org.id, 'admin@acme.test', ['ROLE_ADMIN']);
  await seedUser(t.stores, org.id, 'analyst@acme.test', ['ROLE_VE', 'ROLE_CV']);
  admin = await Client.signIn(t.app, 'admin@acme.test');
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
});
afterAll(async () => {
  await t.close();
});

describe('demo search', () => {
  it('gives a new visitor a signed cookie, the allowance from the environment and the markets', async () => {
    const v = visitor();
    const res = await call(v, 'GET', DEMO_SEARCH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      searchesUsed: 0,
      searchLimit: 2,
      limitReached: false,
      markets: [{ code: 'gb-en', name: 'United Kingdom (English)' }],
    });
    const cookie = res.cookies.find((c) => c.name === DEMO_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/demo' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/u);
    // A valid cookie is kept, not replaced.
    expect((await call(v, 'GET', DEMO_SEARCH)).cookies.find((c) => c.name === DEMO_COOKIE)).toBeUndefined();
  });

  it('answers the limited summary: headline numbers, series and top keywords, nothing more', async () => {
    const v = visitor();
    const res = await search(v);
    expect(res.statusCode).toBe(200);
    const body: DemoSearchResponse = res.json();
    expect(body).toMatchObject({ status: 'OK', searchesUsed: 1, searchLimit: 2, limitReached: false });
    const summary = body.summary!;
    expect(Object.keys(summary).sort()).toEqual(
      [
        'market',
        'host',
        'startDate',
        'endDate',
        'date',
        'rankingKeywords',
        'visibilityScore',
        'visibilityScoreDeltas',
        'visibility',
        'visibilityDeltas',
        'series',
        'topKeywords',
      ].sort(),
    );
    expect(summary.host).toEqual({ value: 'www.acme.com/blog', kind: 'path' });
    expect(summary.endDate).toBe('2025-03-12');
    expect(summary.visibilityScore).toBeCloseTo(2.85, 9);
    expect(summary.series.map((p) => p.date)).toEqual(['2025-03-03', '2025-03-10', '2025-03-12']);
    expect(summary.series.map((p) => Object.keys(p).sort())).toEqual(
      Array(3).fill(['date', 'visibility', 'visibilityScore']),
    );
    expect(summary.topKeywords).toEqual([
      { keyword: 'delta', searchVolume: 10, position: 1, visibilityScore: expect.closeTo(2.85, 9) },
    ]);
    expect(summary.topKeywords.length).toBeLessThanOrEqual(DEMO_TOP_KEYWORDS);
    // No URL of the host appears anywhere in the answer.
    expect(res.body).not.toContain('https://');
    expect(res.body).not.toMatch(/competitors|topUrls|rankRanges|resultTypes/u);
  });

  it('answers NO_DATA_FOUND for a host without rankings and does not count it', async () => {
    const v = visitor();
    const res = await search(v, { domain: 'nobody-ranks-here.example', market: 'gb-en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'NO_DATA_FOUND',
      summary: null,
      searchesUsed: 0,
      searchLimit: 2,
      limitReached: false,
    });
  });

  it('refuses bad input (400) and an unknown market (404)', async () => {
    const v = visitor();
    const bad = await search(v, { domain: 'not a host', market: 'gb-en' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('domains');
    expect((await search(v, { domain: 'acme.com', market: 'GB' })).statusCode).toBe(400);
    expect((await search(v, { domain: 'acme.com', market: 'de-de' })).statusCode).toBe(404);
  });

  it('answers 402 LIMIT_REACHED once the visitor has used the allowance', async () => {
    const v = visitor();
    expect((await search(v)).json()).toMatchObject({ searchesUsed: 1, limitReached: false });
    expect((await search(v)).json()).toMatchObject({ status: 'OK', searchesUsed: 2, limitReached: true });
    const over = await search(v);
    expect(over.statusCode).toBe(402);
    expect(errorOf(over)).toMatchObject({
      code: 'LIMIT_REACHED',
      details: { searchLimit: 2, searchesUsed: 2 },
    });
    expect((await call(v, 'GET', DEMO_SEARCH)).json()).toMatchObject({ searchesUsed: 2, limitReached: true });
  });

  it('keeps counting by address when the visitor drops or forges the cookie', async () => {
    const address = newAddress();
    const first: Anonymous = { address, cookie: null };
    await search(first);
    await search(first);
    // A forged cookie is replaced by a fresh one (a new visitor)…
    const forged: Anonymous = { address, cookie: `${'A'.repeat(22)}.${'B'.repeat(43)}` };
    const res = await search(forged);
    expect(res.statusCode).toBe(200);
    expect(forged.cookie).not.toBe(`${'A'.repeat(22)}.${'B'.repeat(43)}`);
    expect(res.json()).toMatchObject({ searchesUsed: 1, limitReached: true });
    // …but the address has now used its 3 searches, so any cookie from it is refused.
    expect((await search({ address, cookie: null })).statusCode).toBe(402);
    // Another address is not affected.
    expect((await search(visitor())).statusCode).toBe(200);
  });

  it('refuses a cross-site POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: DEMO_SEARCH,
      remoteAddress: newAddress(),
      headers: { origin: 'https://evil.example' },
      payload: SEARCH,
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('cross_site_request');
  });
});

describe('what an anonymous visitor can reach', () => {
  it('gets 401 from every /api route except the public ones, with or without the demo cookie', async () => {
    const v = visitor();
    await search(v);
    expect(v.cookie).not.toBeNull();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const publicPaths = new Set([VE_PUBLIC_AUTOCOMPLETE, VE_LEGACY_AUTOCOMPLETE, SETUP_STATUS_PATH]);
    const checked: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (!template.startsWith('/api/') || publicPaths.has(template)) continue;
      // Query strings a route needs before it looks at who asks (the explorer's domains; a shared
      // dashboard's read names its address, and then its forged token gets the 401).
      const query = template.includes('visibility-explorer')
        ? '?domains=www.acme.com/blog'
        : template.startsWith('/api/v1/shared-dashboards/') && template.endsWith('/read')
          ? '?address=/api/v1/workspace'
          : '';
      const url = template
        .replace('{market}', 'gb-en')
        .replace(/\{[^}]+\}/gu, '1')
        .concat(query);
      for (const method of Object.keys(methods)) {
        const res: LightMyRequestResponse = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          remoteAddress: v.address,
          headers: { cookie: `${DEMO_COOKIE}=${v.cookie!}` },
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method.toUpperCase()} ${url}`).toBe(401);
        checked.push(`${method.toUpperCase()} ${template}`);
      }
    }
    // The explorer's full summary, its tables and both CSVs are among them, and so is the call list.
    for (const path of ['domains', 'ranking/keywords', 'ranking/urls', 'csv/keywords', 'csv/urls']) {
      expect(checked).toContain(`GET ${VE_BASE}/{market}/${path}`);
    }
    expect(checked).toContain(`GET ${ADMIN_CALL_REQUESTS}`);
    expect(checked.length).toBeGreaterThan(40);
  });

  it('the public autocompletes answer names only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${VE_PUBLIC_AUTOCOMPLETE}?market=gb-en&q=acme`,
      remoteAddress: newAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('visibilityScore');
  });
});

describe('set up a call', () => {
  const request = {
    name: 'Ann Analyst',
    email: ' Ann@Example.com ',
    company: 'Acme <b>Ltd</b>',
    preferredTime: 'morning',
  };

  it('validates the request and names the bad field', async () => {
    const v = visitor();
    for (const [body, field] of [
      [{ ...request, email: 'not-an-email' }, 'email'],
      [{ ...request, name: '  ' }, 'name'],
      [{ ...request, preferredTime: 'midnight' }, 'preferredTime'],
      [{ ...request, company: undefined }, 'company'],
      [{ ...request, message: 'x'.repeat(2001) }, 'message'],
    ] as const) {
      const res = await call(v, 'POST', DEMO_CALL, body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).message, field).toContain(field);
    }
  });

  it('stores the request and lists it for administrators only, newest first', async () => {
    const v = visitor();
    const res = await call(v, 'POST', DEMO_CALL, request);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const second = await call(v, 'POST', DEMO_CALL, { ...request, name: 'Bo', message: 'Tuesdays' });
    expect(second.statusCode).toBe(201);

    const list = await admin.get(ADMIN_CALL_REQUESTS);
    expect(list.statusCode).toBe(200);
    const items = list.json().items;
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({ id: second.json().id, name: 'Bo', message: 'Tuesdays' }),
      {
        id,
        name: 'Ann Analyst',
        email: 'ann@example.com',
        company: 'Acme <b>Ltd</b>',
        preferredTime: 'morning',
        message: null,
        createdAt: '2025-03-12T12:00:00.000Z',
      },
    ]);
    expect((await analyst.get(ADMIN_CALL_REQUESTS)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: ADMIN_CALL_REQUESTS, remoteAddress: v.address })).statusCode,
    ).toBe(401);
  });

  it('is rate limited per address', async () => {
    const v = visitor();
    for (let i = 0; i < DEMO_CALLS_PER_HOUR; i++) {
      expect((await call(v, 'POST', DEMO_CALL, request)).statusCode).toBe(201);
    }
    const over = await call(v, 'POST', DEMO_CALL, request);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('rate_limited');
    expect((await call(visitor(), 'POST', DEMO_CALL, request)).statusCode).toBe(201);
  });
});
