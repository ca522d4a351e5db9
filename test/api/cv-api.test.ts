// Campaign visibility over HTTP: ROLE_CV (401/403), another organisation's campaign (404), 400 naming the
// bad parameter, the OpenAPI document, CSV exports (BOM, same rows/filters/sort as the table, formula-like
// text escaped, streamed past one store page).
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_BASE } from '@contracts/paths';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';
import { D3, seedCvFixture, type CvFixture } from './cv-fixture';

const ENDPOINTS = [
  'domains',
  'tags',
  'whole-market',
  'result-type-prominence',
  'competitors',
  'filters',
  'rank-ranges',
  'search-volume-ranges',
  'visibility-share',
  'visibility-score-lost',
  'ranking/urls',
  'ranking/keywords',
  'autocomplete',
  'csv/urls',
  'csv/keywords',
];

let t: TestApp;
let analyst: Client;
let noRole: Client;
let outsider: Client;
let fx: CvFixture;
let hostile: number;
let empty: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2025-02-01T12:00:00Z') });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS', 'ROLE_VE']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
  fx = await seedCvFixture(t.stores, acme.id);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  noRole = await Client.signIn(t.app, 'reporter@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');

  // A campaign whose texts look like spreadsheet formulas, and 5,504 keywords to stream past one store chunk.
  const { meta, rank } = t.stores;
  const now = '2025-02-01T00:00:00.000Z';
  const project = await meta.createProject(acme.id, 'Hostile', now);
  hostile = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'H', market: 'us-en' },
      now,
    )
  ).id;
  await meta.addTrackedDomain(hostile, {
    value: 'evil.com',
    label: '=HYPERLINK("http://x")',
    color: '#000000',
    isOwn: false,
  });
  const texts = [
    '=cmd|calc',
    '-10 tips',
    '@home, garden',
    '+plus',
    ...Array.from({ length: 5500 }, (_, i) => `kw ${String(i).padStart(4, '0')}`),
  ];
  const ids = await rank.upsertKeywords(
    'us-en',
    texts.map((text, i) => ({ text, sv: 10_000 - i })),
  );
  await rank.setCampaignKeywords(
    hostile,
    'us-en',
    texts.map((text) => ({ keywordId: ids.get(text)!, tags: ['=tag'], groups: [] })),
  );
  await rank.insertSerpResults(
    texts.map((text, i) => ({
      market: 'us-en',
      keywordId: ids.get(text)!,
      date: D3,
      position: 1 + (i % 10),
      resultType: 'organic' as const,
      url: `https://evil.com/p/${i}`,
    })),
  );
  empty = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Empty', market: 'us-en' },
      now,
    )
  ).id;
});
afterAll(async () => t.close());

const url = (campaign: number, endpoint: string, query = '') =>
  `${CV_BASE}/${campaign}/${endpoint}${query ? `?${query}` : ''}`;

describe('access', () => {
  it('is 401 signed out and 403 without ROLE_CV on every endpoint', async () => {
    for (const e of ENDPOINTS) {
      const out = await t.app.inject({ method: 'GET', url: url(fx.campaignId, e) });
      expect(out.statusCode, e).toBe(401);
      const res = await noRole.get(url(fx.campaignId, e));
      expect(res.statusCode, e).toBe(403);
      expect(errorOf(res).message).toContain('ROLE_CV');
    }
  });

  it('is 404 for another organisation’s campaign and for unknown ones', async () => {
    for (const e of ENDPOINTS) {
      const res = await outsider.get(url(fx.campaignId, e));
      expect(res.statusCode, e).toBe(404);
      expect(errorOf(res).message).toBe(`campaign ${fx.campaignId} does not exist`);
    }
    expect((await analyst.get(url(999_999, 'domains'))).statusCode).toBe(404);
  });
});

describe('bad parameters', () => {
  const cases: [string, string, string][] = [
    ['domains', 'startDate=2025-02-30', 'startDate'],
    ['domains', 'startDate=2025-01-31&endDate=2025-01-01', 'startDate'],
    ['domains', 'domains=not%20a%20domain', 'domains'],
    ['domains', 'domainGroups=12345', 'domainGroups'],
    ['domains', 'useWholeMarket=maybe', 'useWholeMarket'],
    ['domains', 'kwResultTypes=banner', 'kwResultTypes'],
    ['domains', 'market=us-en', 'market'],
    ['domains', 'campaign=7', 'campaign'],
    ['competitors', 'limit=0', 'limit'],
    ['ranking/keywords', 'sortField=nonsense', 'sortField'],
    ['ranking/keywords', 'sortField=position|9', 'sortField'],
    ['ranking/keywords', 'sortField=keyword|1', 'sortField'],
    ['ranking/keywords', 'sortDirection=up', 'sortDirection'],
    ['ranking/keywords', 'page=0', 'page'],
    ['ranking/keywords', 'bogus=1', 'bogus'],
    ['ranking/keywords', 'position|0=a:b', 'position|0'],
    ['ranking/keywords', 'url=%20', 'url'],
    ['ranking/urls', 'sortField=position', 'sortField'],
    ['csv/keywords', 'sortField=visibilityScore.percentageDelta', 'sortField'],
  ];
  it.each(cases)('%s?%s is 400 naming %s', async (endpoint, query, param) => {
    const res = await analyst.get(url(fx.campaignId, endpoint, query));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toContain(param);
  });

  it('a path campaign that is not an id is 400', async () => {
    const res = await analyst.get(`${CV_BASE}/-/domains`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('campaign');
  });

  it('a summary needs domains: a campaign tracking none, asked for none, is 400 naming domains', async () => {
    const res = await analyst.get(url(empty, 'domains'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'bad_request', details: { parameter: 'domains' } });
    expect((await analyst.get(url(empty, 'domains', 'domains=example.com'))).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents all fifteen endpoints with their parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const e of ENDPOINTS) {
      const op = doc.paths[`${CV_BASE}/{campaign}/${e}`]?.get;
      expect(op, e).toBeDefined();
      const names = op.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['campaign', 'domains', 'tags', 'startDate']));
    }
    const ranking = doc.paths[`${CV_BASE}/{campaign}/ranking/keywords`].get;
    expect(ranking.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'sortField',
        'sortDirection',
        'sortKey',
        'page',
        'pageSize',
        'weekly_data',
        'url',
      ]),
    );
  });
});

function csvOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { relaxColumnCount: false }) as string[][];
}

describe('CSV exports', () => {
  it('stream the keyword table with the same filters and sort, with a BOM', async () => {
    const q = `startDate=2025-01-01&date=${D3}&sortField=visibilityScoreDeltas|2&sortDirection=asc`;
    const table = (await analyst.get(url(fx.campaignId, 'ranking/keywords', q))).json();
    const res = await analyst.get(url(fx.campaignId, 'csv/keywords', q));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${fx.campaignId}-keywords-${D3}.csv"`,
    );
    const rows = csvOf(res.body);
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Keyword',
      'Search volume',
      'Tags',
      'Groups',
      'Acme (acme.com) position',
      'Acme (acme.com) position change',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(table.items.map((i: { keyword: string }) => i.keyword));
    expect(rows[1]).toEqual(
      expect.arrayContaining([
        'alpha shoes',
        '1000',
        'brand; shoes',
        'G1',
        'https://www.rival.co.uk/blog/shoes',
      ]),
    );
    const urls = csvOf(
      (await analyst.get(url(fx.campaignId, 'csv/urls', `startDate=2025-01-01&date=${D3}&url=shop.acme.com`)))
        .body,
    );
    expect(urls.slice(1).map((r) => r[0])).toEqual([
      'https://shop.acme.com/p/1',
      'https://shop.acme.com/boots',
    ]);
  });

  it('escape formula-like text and quote separators; numbers stay numbers; every row is streamed', async () => {
    const res = await analyst.get(url(hostile, 'csv/keywords', `date=${D3}&sortField=searchVolume`));
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toContain(`"'=HYPERLINK(""http://x"") (evil.com) position"`);
    const first = lines[1]!.split(',');
    expect(first.slice(0, 7)).toEqual(["'=cmd|calc", '10000', "'=tag", '', '1', '0', 'https://evil.com/p/0']);
    expect(Number(first[7])).toBeCloseTo(2850, 9); // 10,000 × .285, written as a number
    expect(first.slice(8)).toEqual(['0', '0']);
    expect(lines[2]!.startsWith("'-10 tips,9999,")).toBe(true);
    expect(lines[3]!.startsWith(`"'@home, garden",9998,`)).toBe(true);
    expect(lines[4]!.startsWith("'+plus,9997,")).toBe(true);
    const rows = csvOf(res.body);
    expect(rows).toHaveLength(1 + 5504); // more than one store chunk (5,000 rows)
    expect(rows[5504]![0]).toBe('kw 5499');
  });
});
