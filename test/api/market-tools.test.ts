// Market explorer and recommendation over HTTP (issue 6 items 2 and 4) on a small fixture worked out by hand
// with the default CTR curve of DESIGN §3: ROLE_MS_ALL, 404 for an unknown market, 400 naming the bad
// parameter, the keyword table over `time`, URLs by opportunity with the keywords behind each, and both CSVs.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_EXPLORER_BASE } from '@contracts/market-explorer';
import { RECOMMENDATION_BASE, type RecommendationResponse } from '@contracts/recommendation';
import type { VeKeywordRankingResponse } from '@contracts/visibility-explorer';
import {
  Client,
  createTestApp,
  errorOf,
  seedMarkets,
  seedOrganicRows,
  seedOrganisation,
  seedUser,
  type OrganicRow,
  type TestApp,
} from './helpers';

let t: TestApp;
let analyst: Client;
let veOnly: Client;
const HOST = 'host=www.acme.com&market=gb-en';

const ROWS: OrganicRow[] = [
  ['cheap flights', '2025-03-03', 5, 'https://www.acme.com/a'],
  ['cheap flights', '2025-03-10', 1, 'https://other.org/a'],
  ['cheap flights', '2025-03-10', 4, 'https://www.acme.com/a'],
  ['cheap flights', '2025-03-10', 6, 'https://www.acme.com/b'],
  ['flight deals', '2025-03-10', 12, 'https://www.acme.com/a'],
  ['flight deals', '2025-03-10', 25, 'https://www.acme.com/c'],
  ['unknown volume', '2025-03-10', 5, 'https://www.acme.com/b'],
];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2025-03-12T12:00:00Z') });
  await seedOrganicRows(
    t.stores,
    'gb-en',
    [
      { text: 'cheap flights', sv: 1000 },
      { text: 'flight deals', sv: 100 },
      { text: 'unknown volume', sv: null },
    ],
    ROWS,
  );
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedMarkets(t.stores, acme.id, ['gb-en']);
  await seedUser(t.stores, acme.id, 'ms@acme.test', ['ROLE_MS_ALL']);
  await seedUser(t.stores, acme.id, 've@acme.test', ['ROLE_VE']);
  analyst = await Client.signIn(t.app, 'ms@acme.test');
  veOnly = await Client.signIn(t.app, 've@acme.test');
});
afterAll(async () => {
  await t.close();
});

describe('market explorer and recommendation API', () => {
  it('needs a session and ROLE_MS_ALL, and a market of the workspace', async () => {
    const url = `${RECOMMENDATION_BASE}/data/urls?${HOST}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const forbidden = await veOnly.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toContain('ROLE_MS_ALL');
    expect((await analyst.get(`${MARKET_EXPLORER_BASE}/data?host=acme.com&market=de-de`)).statusCode).toBe(
      404,
    );
  });

  it('answers 400 naming the bad parameter', async () => {
    for (const [url, param] of [
      [`${MARKET_EXPLORER_BASE}/data?${HOST}&time=decade`, 'time'],
      [`${MARKET_EXPLORER_BASE}/data?market=gb-en`, 'host'],
      [`${RECOMMENDATION_BASE}/data/urls?${HOST}&sortField=position`, 'sortField'],
      [`${RECOMMENDATION_BASE}/data/urls?host=www.acme.com&market=GB`, 'market'],
    ] as const) {
      const res = await analyst.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(errorOf(res)), url).toContain(param);
    }
  });

  it('lists the keywords of a host over the span with position, URL, volume, score and change', async () => {
    const res = await analyst.get(`${MARKET_EXPLORER_BASE}/data?${HOST}&time=month&sortField=keyword`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as VeKeywordRankingResponse;
    expect([body.start, body.end, body.total]).toEqual(['2025-03-03', '2025-03-10', 3]);
    const [cheap, deals, unknown] = body.items;
    // cheap flights: best 4 (was 5); VS 1000 × (ctr 4 .080 + ctr 6 .051) = 131, was 1000 × .072 = 72.
    expect(cheap).toMatchObject({ keyword: 'cheap flights', position: 4, url: 'https://www.acme.com/a' });
    expect(cheap!.positionDeltas!.delta).toBe(-1);
    expect(cheap!.visibilityScore).toBeCloseTo(131, 9);
    expect(cheap!.visibilityScoreDeltas.delta).toBeCloseTo(59, 9);
    // flight deals: 100 × (ctr 12 .0118 + ctr 25 .0053 × (20/25)²) = 1.18 + 0.3392.
    expect(deals).toMatchObject({ keyword: 'flight deals', position: 12 });
    expect(deals!.visibilityScore).toBeCloseTo(1.5192, 9);
    expect(unknown).toMatchObject({ keyword: 'unknown volume', searchVolume: null, visibilityScore: 0 });
    // A week back reaches only the 03-10 snapshot: the range has one point.
    const week = (await analyst.get(`${MARKET_EXPLORER_BASE}/data?${HOST}&time=week`)).json();
    expect([week.start, week.end]).toEqual(['2025-03-10', '2025-03-10']);
  });

  it('ranks the host’s URLs by opportunity with the keywords behind each (hand-computed)', async () => {
    const res = await analyst.get(`${RECOMMENDATION_BASE}/data/urls?${HOST}&time=month`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as RecommendationResponse;
    expect([body.date, body.start, body.total]).toEqual(['2025-03-10', '2025-03-03', 2]);
    const [a, b] = body.items;
    // /a: 1000 × (ctr 1 .285 − ctr 4 .080) = 205 on cheap flights; 100 × (ctr 9 .028 − ctr 12 .0118) = 1.62.
    expect(a!.url).toBe('https://www.acme.com/a');
    expect(a!.opportunity).toBeCloseTo(206.62, 9);
    expect([a!.keywords, a!.bestPosition]).toEqual([2, 4]);
    expect(a!.behind.map((k) => [k.keyword, k.searchVolume, k.position])).toEqual([
      ['cheap flights', 1000, 4],
      ['flight deals', 100, 12],
    ]);
    // VS of /a: 1000 × .080 + 100 × .0118 = 81.18 at 03-10; 1000 × .072 = 72 at 03-03.
    expect(a!.visibilityScore).toBeCloseTo(81.18, 9);
    expect(a!.visibilityScoreDeltas.delta).toBeCloseTo(9.18, 9);
    // /b: 1000 × (ctr 3 .110 − ctr 6 .051) = 59; its unknown-volume keyword adds no opportunity.
    expect(b!.url).toBe('https://www.acme.com/b');
    expect(b!.opportunity).toBeCloseTo(59, 9);
    expect(b!.behind.map((k) => k.keyword)).toEqual(['cheap flights']);
    expect(b!.visibilityScoreDeltas.percentageDelta).toBeNull();
    expect(body.opportunity).toBeCloseTo(265.62, 9);
    const byUrl = (
      await analyst.get(`${RECOMMENDATION_BASE}/data/urls?${HOST}&sortField=url&pageSize=1&page=2`)
    ).json();
    expect([byUrl.total, byUrl.items.map((r: { url: string }) => r.url)]).toEqual([
      2,
      ['https://www.acme.com/b'],
    ]);
  });

  it('exports both tables as CSV with a BOM, every row, named for the tool', async () => {
    const rec = await analyst.get(`${RECOMMENDATION_BASE}/urls/csv?${HOST}&time=month`);
    expect(rec.statusCode).toBe(200);
    expect(rec.headers['content-disposition']).toContain('recommendation-gb-en-www.acme.com-2025-03-10.csv');
    expect(rec.body.startsWith('\uFEFF')).toBe(true);
    const lines = parse(rec.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(lines.map((l) => [l.URL, l.Keyword, l.Position])).toEqual([
      ['https://www.acme.com/a', 'cheap flights', '4'],
      ['https://www.acme.com/a', 'flight deals', '12'],
      ['https://www.acme.com/b', 'cheap flights', '6'],
    ]);
    const me = await analyst.get(`${MARKET_EXPLORER_BASE}/csv?${HOST}`);
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-disposition']).toContain('market-explorer-gb-en-www.acme.com-keywords');
    expect(parse(me.body.slice(1), { columns: true })).toHaveLength(3);
  });
});
