// Issue 7 "Done when": the demo workspace seeded once on the embedded stores (SQLite + DuckDB) and once on the
// server stores (PostgreSQL + the ClickHouse cluster) gives the same answers on every one of the fifteen
// campaign-visibility endpoints. Both apps run in this process with the same fixed clock; for a campaign of
// each demo market (one per shard of the cluster) every endpoint is asked with many parameter sets — default
// and chosen domains, a domain group, tags (any and all), a keyword group, result types, the whole market,
// date ranges and a mid-week date, sorts, column filters, the URL filter, paging, weekly_data and both CSVs —
// and the JSON (CSV cells) must be equal, numbers within a relative 1e-9 (sums added in another order) and,
// below 1, within 1e-9 absolute (a delta of two nearly equal sums carries its operands' rounding).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CvFiltersResponse } from '@contracts/campaign-visibility';
import { CV_BASE } from '@contracts/paths';
import { seedDemoWorkspace, type SeedDemoSummary } from '@server/services/demo/seed-demo-workspace';
import { csvCells, differences } from '../storage/clickhouse-same-numbers';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

const PG_URL = process.env.SIGHTLINE_TEST_POSTGRES_URL ?? '';
const CH_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
const CH_CLUSTER = process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ?? '';
const servers = PG_URL !== '' && CH_URL !== '';
if (!servers) {
  console.warn(
    'Same numbers on PostgreSQL + ClickHouse skipped: set SIGHTLINE_TEST_POSTGRES_URL and ' +
      'SIGHTLINE_TEST_CLICKHOUSE_URL (and SIGHTLINE_TEST_CLICKHOUSE_CLUSTER for the cluster; bash ' +
      '.ci/start-postgres.sh, bash .ci/start-clickhouse.sh)',
  );
} else if (CH_CLUSTER === '') {
  console.warn(
    'Same numbers: SIGHTLINE_TEST_CLICKHOUSE_CLUSTER is not set, so one ClickHouse server is used',
  );
}

const NOW = '2025-07-02T09:30:00Z'; // history ends on Monday 2025-06-30
const PLAN = { seed: 20250630, keywordsPerMarket: 1600, weeks: 8, now: NOW };
const RANGE = 'startDate=2025-05-05&endDate=2025-06-30';
const SHORT_RANGE = 'startDate=2025-05-19&endDate=2025-06-09';
const MID_WEEK = '2025-06-18'; // a Wednesday: keywords use their 2025-06-16 snapshot
/** Requests asked of both apps at once. */
const IN_FLIGHT = 4;

interface Side {
  t: TestApp;
  analyst: Client;
  summary: SeedDemoSummary;
}

async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function seededSide(env: Record<string, string>): Promise<Side> {
  const t = await createTestApp({ env, now: () => new Date(NOW) });
  const org = await seedOrganisation(t.stores, 'Demo');
  await seedUser(t.stores, org.id, 'analyst@demo.test', ['ROLE_CV']);
  const summary = await seedDemoWorkspace(t.stores, { organisationId: org.id, ...PLAN });
  return { t, analyst: await Client.signIn(t.app, 'analyst@demo.test'), summary };
}

/** Query strings of every endpoint for one campaign, built from what its filters endpoint offers. */
function requestsFor(filters: CvFiltersResponse): string[] {
  const q = (...parts: string[]) => parts.filter((p) => p !== '').join('&');
  const enc = encodeURIComponent;
  const [tagA, tagB] = filters.tags.map((t) => t.value);
  const group = filters.groups[0]?.value;
  const [d0, d1, d2] = filters.domains.map((d) => d.value);
  const domainGroup = filters.domainGroups[0]?.value;
  const groupsQuery = filters.domainGroups.map((g) => `domainGroups=${enc(g.value)}`).join('&');
  const scopes = [
    '',
    q(RANGE, groupsQuery),
    q(SHORT_RANGE, `domains=${enc(d1!)}`, `domains=${enc(d2!)}`, `domainGroups=${enc(domainGroup!)}`),
    q(RANGE, `tags=${enc(tagA!)}`),
    q(RANGE, `tags=${enc(tagA!)}`, `tags=${enc(tagB!)}`, 'isAndFilter=false', groupsQuery),
    q(RANGE, `tags=${enc(tagA!)}`, `tags=${enc(tagB!)}`),
    q(RANGE, `groups=${enc(group!)}`, groupsQuery),
    q(RANGE, 'kwResultTypes=organic', 'kwResultTypes=video', groupsQuery),
    q(RANGE, 'useWholeMarket=true', groupsQuery),
    q(`date=${MID_WEEK}`, 'useWholeMarket=true', groupsQuery),
  ];
  const simple = [
    'domains',
    'whole-market',
    'result-type-prominence',
    'tags',
    'visibility-share',
    'rank-ranges',
    'search-volume-ranges',
    'competitors',
  ];
  const out = ['filters'];
  for (const scope of scopes) {
    for (const endpoint of simple) out.push(`${endpoint}?${scope}`);
    out.push(`visibility-score-lost?${q(scope, 'top=5')}`);
    out.push(`competitors?${q(scope, 'limit=7')}`);
    out.push(`autocomplete?${q(scope, 'q=co', 'limit=8')}`);
    out.push(`ranking/keywords?${q(scope, 'pageSize=40')}`);
    out.push(`ranking/urls?${q(scope, 'pageSize=40')}`);
  }
  const ranking = [
    q(RANGE, groupsQuery, 'sortField=visibilityScoreDeltas|0&sortDirection=desc', 'pageSize=25&page=2'),
    q(RANGE, groupsQuery, 'sortField=keyword&sortDirection=asc', 'weekly_data=true&pageSize=30'),
    q(RANGE, groupsQuery, 'sortField=position|1&sortDirection=asc', 'searchVolume=100:'),
    q(RANGE, groupsQuery, 'sortField=positionDeltas|0.percentageDelta&sortDirection=desc'),
    q(RANGE, groupsQuery, 'sortField=url|0&sortDirection=asc', `url=${enc(d0!)}`),
    q(`date=${MID_WEEK}`, `tags=${enc(tagA!)}`, 'sortField=searchVolume&sortDirection=desc'),
  ];
  for (const r of ranking) out.push(`ranking/keywords?${r}`, `csv/keywords?${r}`);
  const urls = [
    q(RANGE, 'sortField=keywordsDeltas&sortDirection=desc', 'weekly_data=true&pageSize=20&page=2'),
    q(RANGE, `domains=${enc(d1!)}`, 'sortField=bestPosition&sortDirection=asc', 'keywords=2:'),
    q(SHORT_RANGE, `domainGroups=${enc(domainGroup!)}`, 'sortField=url&sortDirection=desc'),
    q(`date=${MID_WEEK}`, 'kwResultTypes=organic', 'sortField=searchVolume&sortDirection=desc'),
  ];
  for (const r of urls) out.push(`ranking/urls?${r}`, `csv/urls?${r}`);
  out.push(`csv/keywords?${RANGE}`, `csv/urls?${RANGE}`, 'csv/keywords?', 'csv/urls?');
  return out;
}

describe.skipIf(!servers)('same numbers on SQLite + DuckDB and PostgreSQL + ClickHouse', () => {
  const pgDatabase = `sightline_same_${randomBytes(5).toString('hex')}`;
  const chDatabase = `sightline_same_${randomBytes(5).toString('hex')}`;
  let embedded: Side;
  let server: Side;

  beforeAll(async () => {
    await pgAdmin(`CREATE DATABASE ${pgDatabase}`);
    const url = new URL(PG_URL);
    url.pathname = `/${pgDatabase}`;
    // Both at once: the embedded side is busy in this process while the server side waits on its servers.
    [embedded, server] = await Promise.all([
      seededSide({}),
      seededSide({
        DATABASE_URL: url.toString(),
        CLICKHOUSE_URL: CH_URL,
        CLICKHOUSE_CLUSTER: CH_CLUSTER,
        CLICKHOUSE_DATABASE: chDatabase,
      }),
    ]);
  }, 300_000);
  afterAll(async () => {
    await embedded?.t.close();
    if (server) {
      await server.t.close();
      await dropClickHouseDatabase(server.t.config);
    }
    await pgAdmin(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
  });

  it('seeds the same workspace on both', () => {
    expect(server.summary).toEqual({ ...embedded.summary, timings: server.summary.timings });
    expect(new Set(embedded.summary.projects.map((p) => p.market)).size).toBe(2);
  });

  // One campaign per market: on the cluster each market lives on its own shard.
  for (const index of [0, 1]) {
    it(`answers every endpoint alike for demo campaign ${index + 1}`, async () => {
      const project = embedded.summary.projects[index]!;
      const base = `${CV_BASE}/${project.campaignId}`;
      const filters = (await embedded.analyst.get(`${base}/filters`)).json() as CvFiltersResponse;
      expect(filters.tags.length).toBeGreaterThanOrEqual(2);
      expect(filters.domainGroups.length).toBeGreaterThanOrEqual(1);
      const failures: string[] = [];
      let compared = 0;
      const paths = requestsFor(filters);
      const ask = (path: string) =>
        Promise.all([embedded.analyst.get(`${base}/${path}`), server.analyst.get(`${base}/${path}`)]);
      // A few requests in flight at once (as the screen's widgets do), compared in order.
      const answers: Awaited<ReturnType<typeof ask>>[] = [];
      for (let i = 0; i < paths.length; i += IN_FLIGHT) {
        answers.push(...(await Promise.all(paths.slice(i, i + IN_FLIGHT).map(ask))));
      }
      for (const [i, path] of paths.entries()) {
        const [a, b] = answers[i]!;
        expect(a.statusCode, `${path}: ${a.body.slice(0, 300)}`).toBe(200);
        expect(b.statusCode, `${path}: ${b.body.slice(0, 300)}`).toBe(200);
        const csv = path.startsWith('csv/');
        if (csv) expect(b.headers['content-type']).toBe(a.headers['content-type']);
        const diff = csv
          ? differences(csvCells(b.body), csvCells(a.body), '$', 10, 1)
          : differences(b.json(), a.json(), '$', 10, 1);
        if (diff.length > 0) failures.push(`${path}\n    ${diff.join('\n    ')}`);
        compared += 1;
      }
      expect(failures, failures.join('\n')).toEqual([]);
      expect(compared).toBeGreaterThan(150);
    }, 300_000);
  }
});
