// Content clusters over HTTP on the real embedded stores (SQLite + DuckDB) with a small fixture worked out by
// hand: at the latest snapshot (2025-03-10) me.com ranks 5 in the "cheap flights" cluster and nowhere in the
// "ferries" cluster, where its competitor rival.com is 1st; it ranks 1st on "hotels" (not existing content:
// best position 2 or better) and "trains" has no competitor. Checks ROLE_MS_ALL, 404 for a market outside the
// workspace, 400 naming `host`, 202 with progress then 200, both lists' figures, paging and both CSVs.
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLUSTER_BASE,
  type ClusterRunning,
  type ExistingClustersResponse,
  type NewClustersResponse,
} from '@contracts/clusters';
import { clusterMarket, clusterMarketInSlices } from '@server/services/clusters/cluster-market';
import type { SerpResultInput } from '@storage/rank-store';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let analyst: Client;
let noRole: Client;
const M = 'gb-en';
const LATEST = '2025-03-10';
const EARLIER = '2025-02-10';

const KEYWORDS = [
  { text: 'cheap flights', sv: 1000 },
  { text: 'flights cheap', sv: 200 },
  { text: 'ferries', sv: 500 },
  { text: 'ferry', sv: 300 },
  { text: 'hotels', sv: 5000 },
  { text: 'trains', sv: 50 },
];
const PAGES: Record<string, Record<string, string[]>> = {
  [EARLIER]: {
    'cheap flights': ['https://me.com/flights'],
    'flights cheap': ['https://hub.org/1'],
  },
  [LATEST]: {
    'cheap flights': [
      'https://rival.com/f',
      'https://hub.org/1',
      'https://hub.org/2',
      'https://hub.org/3',
      'https://me.com/flights',
    ],
    'flights cheap': [
      'https://hub.org/1',
      'https://hub.org/2',
      'https://hub.org/3',
      'https://rival.com/f',
      'https://filler.net/a',
      'https://me.com/flights',
    ],
    ferries: ['https://rival.com/ferry', 'https://sea.org/1', 'https://sea.org/2', 'https://sea.org/3'],
    ferry: ['https://sea.org/1', 'https://sea.org/2', 'https://rival.com/ferry', 'https://sea.org/3'],
    hotels: ['https://me.com/hotels', 'https://inn.org/1', 'https://inn.org/2'],
    trains: ['https://rail.org/1', 'https://rail.org/2', 'https://far.org/'],
  },
};

/** Polls a cluster endpoint through its 202s (the job runs in the background) and returns the final reply. */
async function settle(url: string): Promise<{ first: LightMyRequestResponse; last: LightMyRequestResponse }> {
  const first = await analyst.get(url);
  let last = first;
  while (last.statusCode === 202) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = await analyst.get(url);
  }
  return { first, last };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2025-03-12T12:00:00Z') });
  const { rank } = t.stores;
  const ids = await rank.upsertKeywords(M, KEYWORDS);
  const rows: SerpResultInput[] = Object.entries(PAGES).flatMap(([date, pages]) =>
    Object.entries(pages).flatMap(([kw, urls]) =>
      urls.map((url, i) => ({
        market: M,
        keywordId: ids.get(kw)!,
        date,
        position: i + 1,
        url,
        resultType: 'organic' as const,
      })),
    ),
  );
  await rank.insertSerpResults(rows);
  const acme = await seedOrganisation(t.stores, 'Acme');
  await t.stores.meta.upsertMarket(
    acme.id,
    {
      code: M,
      country: 'gb',
      language: 'en',
      device: 'desktop',
      engine: 'google',
      name: 'United Kingdom (English)',
    },
    M,
  );
  await seedUser(t.stores, acme.id, 'ms@acme.test', ['ROLE_MS_ALL']);
  await seedUser(t.stores, acme.id, 've@acme.test', ['ROLE_VE']);
  analyst = await Client.signIn(t.app, 'ms@acme.test');
  noRole = await Client.signIn(t.app, 've@acme.test');
});
afterAll(async () => {
  await t.close();
});

const existingUrl = (q: string) => `${CLUSTER_BASE}/existing/cluster/data?market=${M}&${q}`;
const newUrl = (q: string) => `${CLUSTER_BASE}/new/cluster/data?market=${M}&${q}`;

describe('content clusters API', () => {
  it('needs a session, ROLE_MS_ALL, a market of the workspace and a valid host', async () => {
    const url = existingUrl('host=me.com');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const forbidden = await noRole.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).message).toContain('ROLE_MS_ALL');
    expect((await analyst.get(`${CLUSTER_BASE}/new/cluster/data?market=de-de&host=me.com`)).statusCode).toBe(
      404,
    );
    for (const [query, param] of [
      ['host=not a host', 'host'],
      ['time=decade&host=me.com', 'time'],
      ['minShared=0&host=me.com', 'minShared'],
    ] as const) {
      const res = await analyst.get(existingUrl(query));
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(errorOf(res)), query).toContain(param);
    }
  });

  it('answers 202 with progress while clustering, then the existing-content clusters (hand-checked)', async () => {
    const { first, last } = await settle(existingUrl('host=me.com&time=month'));
    expect(first.statusCode).toBe(202);
    const running: ClusterRunning = first.json();
    expect(running).toMatchObject({ status: 'running', market: M, date: LATEST });
    expect(running.progress).toBeGreaterThanOrEqual(0);
    expect(last.statusCode).toBe(200);
    const body: ExistingClustersResponse = last.json();
    expect(body).toMatchObject({
      status: 'done',
      host: { value: 'me.com', kind: 'domain' },
      date: LATEST,
      comparedWith: EARLIER,
      comparisonClamped: false,
      time: 'month',
      minShared: 3,
      clusteredKeywords: 6,
      clusters: 4,
      total: 1,
      page: 1,
      limit: 50,
    });
    const [flights] = body.items;
    expect(flights).toMatchObject({
      hub: 'cheap flights',
      searchVolume: 1200,
      bestPosition: 5,
      url: 'https://me.com/flights',
    });
    // 1000 × ctr(5) + 200 × ctr(6) now; 1000 × ctr(1) a month earlier.
    expect(flights!.visibilityScore).toBeCloseTo(1000 * 0.072 + 200 * 0.051, 9);
    expect(flights!.visibilityScoreDeltas.delta).toBeCloseTo(82.2 - 285, 9);
    expect(flights!.visibilityScoreDeltas.percentageDelta).toBeCloseTo(((82.2 - 285) / 285) * 100, 9);
    expect(flights!.keywords).toEqual([
      { keyword: 'cheap flights', searchVolume: 1000, position: 5, url: 'https://me.com/flights' },
      { keyword: 'flights cheap', searchVolume: 200, position: 6, url: 'https://me.com/flights' },
    ]);
  });

  it('clamps a comparison before the first snapshot to it, says so, and serves the cached clusters at once', async () => {
    // Issue 26 item 6: a year before the latest snapshot is before the data; comparing there would make
    // every change equal to its score. The comparison is the first snapshot instead.
    const res = await analyst.get(existingUrl('host=me.com'));
    expect(res.statusCode).toBe(200);
    const body: ExistingClustersResponse = res.json();
    expect(body).toMatchObject({ time: 'year', comparedWith: EARLIER, comparisonClamped: true });
    expect(body.items[0]!.visibilityScoreDeltas.delta).toBeCloseTo(82.2 - 285, 9);
  });

  it('lists new-content clusters: the host absent, a competitor in the top 10', async () => {
    const res = await analyst.get(newUrl('host=me.com'));
    expect(res.statusCode).toBe(200);
    const body: NewClustersResponse = res.json();
    expect(body.competitors).toContain('rival.com');
    expect(body.total).toBe(1);
    expect(body.items).toEqual([
      {
        hub: 'ferries',
        keywords: [
          { keyword: 'ferries', searchVolume: 500 },
          { keyword: 'ferry', searchVolume: 300 },
        ],
        searchVolume: 800,
        competitors: [{ domain: 'rival.com', bestPosition: 1 }],
      },
    ]);
    // Issue 26 item 7: each league domain is weighed by the share of its keywords that are the host's
    // (core topicalCompetitors, whose unit test has the off-topic case); the user can choose others, such as
    // sea.org, which ranks only on ferry keywords and is not in the host's league.
    expect(body.candidates.find((c) => c.domain === 'rival.com')).toMatchObject({
      topicalShare: 0.5,
      leftOut: null,
    });
    const chosen: NewClustersResponse = (await analyst.get(newUrl('host=me.com&competitors=sea.org'))).json();
    expect(chosen.competitors).toEqual(['sea.org']);
    expect(chosen.items[0]!.competitors).toEqual([{ domain: 'sea.org', bestPosition: 1 }]);
    const excluded: NewClustersResponse = (await analyst.get(newUrl('host=me.com&exclude=rival.com'))).json();
    expect(excluded.competitors).not.toContain('rival.com');
    expect(excluded.total).toBe(0);
    // A host that ranks nowhere has no competitors, so nothing to suggest; paging past the end is empty.
    const none: NewClustersResponse = (await analyst.get(newUrl('host=nobody.org'))).json();
    expect(none).toMatchObject({ total: 0, items: [], competitors: [] });
    const past: NewClustersResponse = (await analyst.get(newUrl('host=me.com&page=2&limit=1'))).json();
    expect(past).toMatchObject({ total: 1, page: 2, limit: 1, items: [] });
  });

  it('clusters again, as a new job, for another minShared', async () => {
    const { first, last } = await settle(newUrl('host=me.com&minShared=1'));
    expect(first.statusCode).toBe(202);
    const body: NewClustersResponse = last.json();
    expect(body.minShared).toBe(1);
    // With one shared URL hotels (the top-volume hub) links nothing, flights still one cluster, ferries one.
    expect(body.clusters).toBe(4);
  });

  it('exports both lists as CSV, one row per cluster keyword, with a byte-order mark', async () => {
    const existing = await analyst.get(
      `${CLUSTER_BASE}/existing/cluster/csv?market=${M}&host=me.com&time=month`,
    );
    expect(existing.statusCode).toBe(200);
    expect(existing.headers['content-type']).toContain('text/csv');
    expect(existing.headers['content-disposition']).toContain(
      `existing-content-clusters-${M}-me.com-${LATEST}.csv`,
    );
    expect(existing.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(existing.body.slice(1));
    expect(rows[0]).toEqual([
      'Cluster',
      'Keyword',
      'Search volume',
      'Position',
      'URL',
      'Cluster search volume',
      'Cluster best position',
      'Cluster best URL',
      'Cluster visibility score',
      'Cluster visibility score change',
      'Cluster visibility score change %',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ['cheap flights', 'cheap flights', '1000', '5', 'https://me.com/flights', '1200', '5'],
      ['cheap flights', 'flights cheap', '200', '6', 'https://me.com/flights', '1200', '5'],
    ]);
    const fresh = await analyst.get(`${CLUSTER_BASE}/new/cluster/csv?market=${M}&host=me.com`);
    const newRows: string[][] = parse(fresh.body.slice(1));
    expect(newRows).toEqual([
      ['Cluster', 'Keyword', 'Search volume', 'Cluster search volume', 'Competitors (best position)'],
      ['ferries', 'ferries', '500', '800', 'rival.com (1)'],
      ['ferries', 'ferry', '300', '800', 'rival.com (1)'],
    ]);
  });

  it('clusters in slices to the same result as in one go, reporting progress up to 1', async () => {
    const reports: [string, number][] = [];
    const sliced = await clusterMarketInSlices(t.stores.rank, M, LATEST, 3, (phase, p) =>
      reports.push([phase, p]),
    );
    expect(sliced).toEqual(await clusterMarket(t.stores.rank, M, LATEST));
    expect(sliced.clusters.map((c) => c.members.map((k) => k.text))).toEqual([
      ['hotels'],
      ['cheap flights', 'flights cheap'],
      ['ferries', 'ferry'],
      ['trains'],
    ]);
    expect(reports[0]).toEqual(['reading', 0]);
    expect(reports[reports.length - 1]).toEqual(['clustering', 1]);
  });

  it('publishes the four endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const kind of ['existing', 'new']) {
      for (const v of ['data', 'csv'])
        expect(doc.paths).toHaveProperty([`${CLUSTER_BASE}/${kind}/cluster/${v}`]);
    }
  });
});
