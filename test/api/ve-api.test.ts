// The visibility explorer over HTTP on the shared fixture (test/storage/ve-fixture.ts): ROLE_VE (401/403),
// an unknown market (404), 400 naming the bad parameter, the domain summary of a host with a path (worked out
// by hand), result types, both ranking tables, the CSV exports (BOM, every row, campaign checked against the
// organisation), and the public autocompletes: no session, names only, rate limited per address.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VE_BASE,
  VE_LEGACY_AUTOCOMPLETE,
  VE_PUBLIC_AUTOCOMPLETE,
  type VeDomainsResponse,
} from '@contracts/visibility-explorer';
import { VE_PUBLIC_PER_MINUTE } from '@server/routes/visibility-explorer';
import { seed } from '../storage/ve-fixture';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let analyst: Client;
let noRole: Client;
let ownCampaign: number;
let otherCampaign: number;
const base = `${VE_BASE}/gb-en`;
const BLOG = 'domains=www.acme.com/blog&startDate=2025-03-01&endDate=2025-03-12';

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2025-03-12T12:00:00Z') });
  const { meta, rank } = t.stores;
  await seed(rank);
  const acme = await seedOrganisation(t.stores, 'Acme');
  for (const [code, name] of [
    ['gb-en', 'United Kingdom (English)'],
    ['us-en', 'United States (English)'],
  ] as const) {
    await t.stores.meta.upsertMarket(
      acme.id,
      {
        code,
        country: code.slice(0, 2),
        language: 'en',
        device: 'desktop',
        engine: 'google',
        name,
      },
      code,
    );
  }
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_VE']);
  await seedUser(t.stores, acme.id, 'cv@acme.test', ['ROLE_CV']);
  const now = '2025-03-01T00:00:00.000Z';
  const project = await meta.createProject(acme.id, 'P', now);
  ownCampaign = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'C', market: 'gb-en' },
      now,
    )
  ).id;
  const foreign = await meta.createProject(globex.id, 'G', now);
  otherCampaign = (
    await meta.createCampaign(
      { organisationId: globex.id, projectId: foreign.id, name: 'G', market: 'gb-en' },
      now,
    )
  ).id;
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  noRole = await Client.signIn(t.app, 'cv@acme.test');
});
afterAll(async () => {
  await t.close();
});

describe('visibility explorer API', () => {
  it('needs a session and ROLE_VE, and a market of the workspace', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${base}/domains?${BLOG}` })).statusCode).toBe(401);
    const forbidden = await noRole.get(`${base}/domains?${BLOG}`);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toContain('ROLE_VE');
    expect((await analyst.get(`${VE_BASE}/de-de/domains?${BLOG}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the bad parameter', async () => {
    for (const [query, param] of [
      ['startDate=2025-03-01', 'domains'],
      ['domains=not a host', 'domains'],
      // Issue 26 item 9 / 27 item 4: hosts a URL parser accepts but no web address has.
      ['domains=not_a_host!!', 'domains'],
      ['domains=%22acme.com%22', 'domains'],
      ['domains=..%2F..%2Fetc%2Fpasswd', 'domains'],
      ['domains=acme.com%2F..%2F..%2Fetc', 'domains'],
      ['domains=acme.com&startDate=2025-04-01&endDate=2025-03-01', 'startDate'],
      ['domains=acme.com&endDate=2025-02-30', 'endDate'],
    ] as const) {
      const res = await analyst.get(`${base}/domains?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(errorOf(res)), query).toContain(param);
    }
    const sort = await analyst.get(`${base}/ranking/keywords?${BLOG}&sortField=nope`);
    expect(sort.statusCode).toBe(400);
    expect((await analyst.get(`${VE_BASE}/GB/domains?${BLOG}`)).statusCode).toBe(400);
  });

  it('summarises a host with a path over every keyword of the market', async () => {
    const res = await analyst.get(`${base}/domains?${BLOG}&limit=5`);
    expect(res.statusCode).toBe(200);
    const body: VeDomainsResponse = res.json();
    expect(body.host).toEqual({ value: 'www.acme.com/blog', kind: 'path' });
    expect(body.dates).toEqual(['2025-03-03', '2025-03-10', '2025-03-12']);
    expect(body.series.map((p) => p.visibilityScore)).toEqual([
      expect.closeTo(300.7, 9),
      expect.closeTo(159.85, 9),
      expect.closeTo(2.85, 9),
    ]);
    expect(body.visibilityScore).toBeCloseTo(2.85, 9);
    expect(body.visibility).toBeCloseTo((2.85 / (1110 * 0.285)) * 100, 9);
    expect(body.visibilityScoreDeltas.delta).toBeCloseTo(2.85 - 300.7, 9);
    // At 03-12 the host ranks only on delta (03-10 page): delta's page is news-free, acme.com/blog/c alone.
    expect(body.rankingKeywords).toBe(1);
    expect(body.keywords).toBe(3);
    expect(body.share).toBeCloseTo(100, 9);
    expect(body.rankRanges).toEqual([
      { key: '1-3', keywords: 1 },
      { key: '4-10', keywords: 0 },
      { key: '11-20', keywords: 0 },
      { key: '21-50', keywords: 0 },
      { key: '51-100', keywords: 0 },
    ]);
    expect(body.topKeywords).toEqual([
      {
        keyword: 'delta',
        searchVolume: 10,
        position: 1,
        url: 'https://www.acme.com/blog/c',
        visibilityScore: expect.closeTo(2.85, 9),
      },
    ]);
    expect(body.topUrls.map((u) => u.url)).toEqual(['https://www.acme.com/blog/c']);
    expect(body.competitors).toEqual([]);
    expect(body.resultTypes.map((r) => r.resultType)).toEqual(['organic']);
  });

  it('lists the host’s competitors on its keywords at the point date', async () => {
    const res = await analyst.get(
      `${base}/domains?domains=www.acme.com/blog&endDate=2025-03-10&date=2025-03-10`,
    );
    const body: VeDomainsResponse = res.json();
    // 03-10: the host ranks on alpha (2nd, brand) and delta (1st); other.org is 1st on alpha.
    expect(body.rankingKeywords).toBe(2);
    expect(body.competitors).toEqual([
      {
        domain: 'other.org',
        keywords: 1,
        visibilityScore: expect.closeTo(285, 9),
        share: expect.any(Number),
      },
    ]);
    const total = 285 + 157 + 2.85;
    expect(body.competitors[0]!.share).toBeCloseTo((285 / total) * 100, 9);
    expect(body.share).toBeCloseTo((159.85 / total) * 100, 9);
    expect(body.topKeywords.map((k) => [k.keyword, k.position])).toEqual([
      ['alpha', 2],
      ['delta', 1],
    ]);
  });

  it('splits the host’s VS by result type', async () => {
    const res = await analyst.get(
      `${base}/result-type-prominence?domains=acme.com&startDate=2025-03-01&endDate=2025-03-10`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dates).toEqual(['2025-03-03', '2025-03-10']);
    // 03-03 acme.com: alpha 1st (285) and 3rd as featured snippet (110), beta 2nd (15.7), delta 2nd (1.57).
    expect(body.series[0].types).toEqual([
      {
        resultType: 'organic',
        visibilityScore: expect.closeTo(302.27, 9),
        share: expect.closeTo((302.27 / 412.27) * 100, 9),
      },
      {
        resultType: 'featured_snippet',
        visibilityScore: expect.closeTo(110, 9),
        share: expect.closeTo((110 / 412.27) * 100, 9),
      },
    ]);
  });

  it('lists keywords and URLs where the host ranks at the first or last point', async () => {
    const kw = await analyst.get(`${base}/ranking/keywords?${BLOG}&sortField=keyword`);
    expect(kw.statusCode).toBe(200);
    const body = kw.json();
    expect(body.start).toBe('2025-03-03');
    expect(body.end).toBe('2025-03-12');
    expect(body.total).toBe(4);
    expect(
      body.items.map((r: { keyword: string; position: number | null }) => [r.keyword, r.position]),
    ).toEqual([
      ['alpha', null],
      ['beta', null],
      ['delta', 1],
      ['gamma', null],
    ]);
    const paged = (await analyst.get(`${base}/ranking/keywords?${BLOG}&page=2&pageSize=3`)).json();
    expect(paged.total).toBe(4);
    expect(paged.items).toHaveLength(1);
    const urls = (await analyst.get(`${base}/ranking/urls?${BLOG}`)).json();
    expect(urls.items[0].url).toBe('https://www.acme.com/blog/c');
    expect(urls.total).toBe(4);
  });

  it('exports the keyword table as CSV, filed under a campaign of the organisation', async () => {
    const res = await analyst.get(`${base}/csv/keywords?${BLOG}&campaign=${ownCampaign}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      `campaign-${ownCampaign}-ve-gb-en-www.acme.com-blog-keywords`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(res.body.slice(1));
    expect(rows[0]![0]).toBe('Keyword');
    expect(rows).toHaveLength(5);
    expect((await analyst.get(`${base}/csv/urls?${BLOG}&campaign=-`)).statusCode).toBe(200);
    expect((await analyst.get(`${base}/csv/keywords?${BLOG}&campaign=${otherCampaign}`)).statusCode).toBe(
      404,
    );
    expect((await analyst.get(`${base}/csv/keywords?${BLOG}&campaign=x`)).statusCode).toBe(400);
  });

  it('suggests names publicly, names only, and limits each address', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${VE_PUBLIC_AUTOCOMPLETE}?market=gb-en&q=acme` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { value: 'acme.com', kind: 'domain' },
        { value: 'www.acme.com', kind: 'host' },
      ],
    });
    const legacy = await t.app.inject({
      method: 'GET',
      url: `${VE_LEGACY_AUTOCOMPLETE}?market=gb-en&domain=other`,
      remoteAddress: '10.0.0.2',
    });
    expect(legacy.json()).toEqual({ items: [{ value: 'other.org', kind: 'domain' }] });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${VE_PUBLIC_AUTOCOMPLETE}?market=xx-yy&q=a`,
          remoteAddress: '10.0.0.2',
        })
      ).statusCode,
    ).toBe(404);
    let last = 0;
    for (let i = 0; i <= VE_PUBLIC_PER_MINUTE; i += 1) {
      last = (
        await t.app.inject({
          method: 'GET',
          url: `${VE_PUBLIC_AUTOCOMPLETE}?market=gb-en&q=a`,
          remoteAddress: '10.0.0.3',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    const other = await t.app.inject({
      method: 'GET',
      url: `${VE_PUBLIC_AUTOCOMPLETE}?market=gb-en&q=a`,
      remoteAddress: '10.0.0.4',
    });
    expect(other.statusCode).toBe(200);
  });
});
