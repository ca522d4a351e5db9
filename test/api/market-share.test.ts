// Market share over HTTP (issue 6 item 1) on a small fixture worked out by hand with the default CTR curve of
// DESIGN §3 (ctr 1 .285, 2 .157, 3 .110): ROLE_MS_ALL, 404 for a market that is not the organisation's, 400
// naming the bad parameter, shares over the whole market with ranks and deltas, the competitive matrix by
// tags and by groups, and both CSVs (BOM, header, rows).
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARKET_SHARE_BASE,
  type MarketShareMatrixResponse,
  type MarketShareResponse,
} from '@contracts/market-share';
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
const Q = 'market=gb-en&time=month&limit=2';

const ROWS: OrganicRow[] = [
  ['cheap flights', '2025-03-03', 1, 'https://other.org/a'],
  ['cheap flights', '2025-03-03', 2, 'https://www.acme.com/a'],
  ['cheap flights', '2025-03-03', 3, 'https://rival.net/a'],
  ['hotel deals', '2025-03-03', 1, 'https://acme.com/h'],
  ['cheap flights', '2025-03-10', 1, 'https://www.acme.com/a'],
  ['cheap flights', '2025-03-10', 2, 'https://other.org/a'],
  ['hotel deals', '2025-03-10', 1, 'https://rival.net/h'],
  ['hotel deals', '2025-03-10', 2, 'https://blog.acme.com/h'],
  ['no volume', '2025-03-10', 1, 'https://rival.net/n'],
];

const now = '2025-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2025-03-12T12:00:00Z') });
  const { meta, rank } = t.stores;
  const ids = await seedOrganicRows(
    t.stores,
    'gb-en',
    [
      { text: 'cheap flights', sv: 1000 },
      { text: 'hotel deals', sv: 100 },
      { text: 'no volume', sv: null },
    ],
    ROWS,
  );
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedMarkets(t.stores, acme.id, ['gb-en', 'us-en']);
  const project = await meta.createProject(acme.id, 'Acme UK', now);
  const campaign = await meta.createCampaign(
    { organisationId: acme.id, projectId: project.id, name: 'UK', market: 'gb-en' },
    now,
  );
  await meta.addTrackedDomain(campaign.id, {
    value: 'www.acme.com',
    label: 'Acme',
    color: '#111111',
    isOwn: true,
  });
  await meta.addTrackedDomain(campaign.id, {
    value: 'rival.net',
    label: 'Rival',
    color: '#222222',
    isOwn: false,
  });
  await rank.setCampaignKeywords(campaign.id, 'gb-en', [
    { keywordId: ids.get('cheap flights')!, tags: ['travel'], groups: ['flights'] },
    { keywordId: ids.get('hotel deals')!, tags: ['travel', 'hotels'], groups: ['hotels'] },
  ]);
  const globex = await seedOrganisation(t.stores, 'Globex');
  const gp = await meta.createProject(globex.id, 'Globex US', now);
  await meta.createCampaign(
    { organisationId: globex.id, projectId: gp.id, name: 'US', market: 'us-en' },
    now,
  );
  await seedUser(t.stores, acme.id, 'ms@acme.test', ['ROLE_MS_ALL']);
  await seedUser(t.stores, acme.id, 've@acme.test', ['ROLE_VE']);
  analyst = await Client.signIn(t.app, 'ms@acme.test');
  veOnly = await Client.signIn(t.app, 've@acme.test');
});
afterAll(async () => {
  await t.close();
});

describe('market share API', () => {
  it('needs a session and ROLE_MS_ALL, and a market of the organisation', async () => {
    const url = `${MARKET_SHARE_BASE}/overview?${Q}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const forbidden = await veOnly.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toContain('ROLE_MS_ALL');
    for (const path of ['overview', 'competitive-matrix', 'csv']) {
      // us-en is Globex's market; de-de no one's.
      expect((await analyst.get(`${MARKET_SHARE_BASE}/${path}?market=us-en`)).statusCode, path).toBe(404);
      expect((await analyst.get(`${MARKET_SHARE_BASE}/${path}?market=de-de`)).statusCode, path).toBe(404);
    }
  });

  it('documents the three routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of ['overview', 'competitive-matrix', 'csv']) {
      expect(doc.paths[`${MARKET_SHARE_BASE}/${path}`], path).toBeDefined();
    }
  });

  it('answers 400 naming the bad parameter', async () => {
    for (const [url, param] of [
      [`${MARKET_SHARE_BASE}/overview?market=gb-en&time=decade`, 'time'],
      [`${MARKET_SHARE_BASE}/overview?market=GB`, 'market'],
      [`${MARKET_SHARE_BASE}/overview?market=gb-en&limit=0`, 'limit'],
      [`${MARKET_SHARE_BASE}/overview?market=gb-en&host=not%20a%20host`, 'host'],
      [`${MARKET_SHARE_BASE}/competitive-matrix?market=gb-en&by=colour`, 'by'],
      [`${MARKET_SHARE_BASE}/csv?market=gb-en&kind=pdf`, 'kind'],
    ] as const) {
      const res = await analyst.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(errorOf(res)), url).toContain(param);
    }
  });

  it('shares every host of the market per snapshot date, with ranks and deltas (hand-computed)', async () => {
    const res = await analyst.get(`${MARKET_SHARE_BASE}/overview?${Q}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as MarketShareResponse;
    expect([body.startDate, body.endDate]).toEqual(['2025-02-12', '2025-03-12']);
    expect(body.dates).toEqual(['2025-03-03', '2025-03-10']);
    // 03-03: other.org 285, acme.com 157 + 28.5 = 185.5, rival.net 110 → 580.5.
    // 03-10: acme.com 285 + 15.7 = 300.7, other.org 157, rival.net 28.5 (no volume scores 0) → 486.2.
    expect(body.marketVisibilityScores[0]).toBeCloseTo(580.5, 9);
    expect(body.marketVisibilityScores[1]).toBeCloseTo(486.2, 9);
    expect(body.hosts.map((h) => [h.host, h.leader, h.tracked, h.own, h.rank, h.rankChange])).toEqual([
      ['acme.com', true, true, true, 1, 1],
      ['other.org', true, false, false, 2, -1],
      ['rival.net', false, true, false, 3, 0],
    ]);
    const [acme, other, rival] = body.hosts;
    expect(acme!.visibilityScore).toBeCloseTo(300.7, 9);
    expect(acme!.share).toBeCloseTo((300.7 / 486.2) * 100, 9);
    expect(acme!.shares[0]).toBeCloseTo((185.5 / 580.5) * 100, 9);
    expect(acme!.shareDeltas.delta).toBeCloseTo((300.7 / 486.2 - 185.5 / 580.5) * 100, 9);
    expect(other!.shares[1]).toBeCloseTo((157 / 486.2) * 100, 9);
    expect(rival!.visibilityScores[0]).toBeCloseTo(110, 9);
    const sum = body.hosts.reduce((s, h) => s + h.share, 0);
    expect(sum).toBeCloseTo(100, 9);
  });

  it('adds and highlights the host of the address, as its registrable domain', async () => {
    const body = (
      await analyst.get(`${MARKET_SHARE_BASE}/overview?market=gb-en&time=week&limit=2&host=shop.newco.io`)
    ).json() as MarketShareResponse;
    expect(body.host).toBe('newco.io');
    expect(body.dates).toEqual(['2025-03-10']);
    const newco = body.hosts.find((h) => h.host === 'newco.io')!;
    expect(newco).toMatchObject({ selected: true, leader: false, rank: null, share: 0, rankChange: null });
  });

  it('builds the competitive matrix by tags and by groups at the last snapshot date', async () => {
    const tags = (
      await analyst.get(`${MARKET_SHARE_BASE}/competitive-matrix?${Q}`)
    ).json() as MarketShareMatrixResponse;
    expect([tags.date, tags.by, tags.campaigns]).toEqual(['2025-03-10', 'tags', 1]);
    expect(tags.labels.map((l) => [l.label, l.keywords])).toEqual([
      ['hotels', 1],
      ['travel', 2],
    ]);
    // hotels (hotel deals, 100): rival.net 28.5, acme.com 15.7 of 44.2; travel: the whole market.
    expect(tags.labels[0]!.visibilityScore).toBeCloseTo(44.2, 9);
    expect(tags.rows.map((r) => r.host)).toEqual(['acme.com', 'other.org', 'rival.net']);
    const cell = (host: string, i: number) => tags.rows.find((r) => r.host === host)!.cells[i]!;
    expect(cell('rival.net', 0).share).toBeCloseTo((28.5 / 44.2) * 100, 9);
    expect(cell('acme.com', 0).visibilityScore).toBeCloseTo(15.7, 9);
    expect(cell('other.org', 0)).toEqual({ visibilityScore: 0, share: 0 });
    expect(cell('acme.com', 1).share).toBeCloseTo((300.7 / 486.2) * 100, 9);
    const groups = (
      await analyst.get(`${MARKET_SHARE_BASE}/competitive-matrix?${Q}&by=groups`)
    ).json() as MarketShareMatrixResponse;
    expect(groups.labels.map((l) => l.label)).toEqual(['flights', 'hotels']);
    // flights (cheap flights, 1000): acme.com 285, other.org 157 of 442.
    expect(groups.rows[0]!.cells[0]!.share).toBeCloseTo((285 / 442) * 100, 9);
  });

  it('exports the overview and the matrix as CSV with a BOM, a header and one row per host', async () => {
    const res = await analyst.get(`${MARKET_SHARE_BASE}/csv?${Q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('market-share-gb-en-month.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1)) as string[][];
    expect(rows[0]!.slice(0, 5)).toEqual(['Host', 'Role', 'Rank', 'Visibility score', 'Share %']);
    expect(rows[0]).toContain('Share % 2025-03-10');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['acme.com', 'other.org', 'rival.net', 'Whole market']);
    expect(rows[1]![1]).toBe('leader; own');
    // CSV numbers have four decimals (core csv.ts).
    expect(Number(rows[1]![4])).toBeCloseTo((300.7 / 486.2) * 100, 4);
    const m = await analyst.get(`${MARKET_SHARE_BASE}/csv?${Q}&kind=matrix&by=groups`);
    expect(m.headers['content-disposition']).toContain('market-share-matrix-groups-gb-en-month.csv');
    const mrows = parse(m.body.slice(1)) as string[][];
    expect(m.body.startsWith('\uFEFF')).toBe(true);
    expect(mrows[0]).toEqual([
      'Host',
      'Role',
      'flights share %',
      'flights visibility score',
      'hotels share %',
      'hotels visibility score',
    ]);
    expect(mrows.map((r) => r[0])).toEqual(['Host', 'acme.com', 'other.org', 'rival.net', 'Every host']);
  });
});
