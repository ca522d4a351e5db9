// Ranking data has an owner (issue 27 item 1), through the API with two organisations: the instance
// operator (the first organisation) makes organisation B through POST /api/v1/operator/organisations; B
// imports one row for "travel insurance" into its gb-en. The operator's campaign keeps its positions,
// volumes and competitors league, and B's hosts appear nowhere the operator or the public can read
// (explorer, autocomplete, market share, CSV exports, the public demo) — nor do the operator's in B's.
// On SQLite + DuckDB, and on PostgreSQL + ClickHouse (the cluster when SIGHTLINE_TEST_CLICKHOUSE_CLUSTER is
// set) when SIGHTLINE_TEST_POSTGRES_URL and SIGHTLINE_TEST_CLICKHOUSE_URL are.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobView } from '@contracts/imports';
import { MARKET_SHARE_BASE } from '@contracts/market-share';
import { VE_BASE, VE_PUBLIC_AUTOCOMPLETE } from '@contracts/visibility-explorer';
import { ROLES } from '@core/roles';
import { openPath } from '@ingest/formats/index';
import { ImportService } from '@server/services/import-service';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2026-03-10T12:00:00.000Z';
const OPERATOR_CSV = [
  'date,market,keyword,position,url,result_type,search_volume',
  '2026-03-02,gb-en,travel insurance,1,https://www.covered.test/,organic,5000',
  '2026-03-02,gb-en,travel insurance,2,https://www.safetrip.test/travel,organic,5000',
  '2026-03-02,gb-en,travel insurance,3,https://www.holidayguard.test/,organic,5000',
  '2026-03-02,gb-en,cheap flights,1,https://www.skyhop.test/,organic,9000',
  '2026-03-02,gb-en,cheap flights,2,https://www.covered.test/flights,organic,9000',
  '2026-03-02,us-en,travel insurance,1,https://www.covered.test/us,organic,7000',
].join('\n');
/** Organisation B's whole import: one row, a newer date than the operator's. */
const B_CSV = [
  'date,market,keyword,position,url,result_type,search_volume',
  '2026-03-09,gb-en,travel insurance,1,https://www.intruder.test/,organic,100',
].join('\n');
const RANGE = 'startDate=2026-02-01&endDate=2026-03-10';
/** A Search Console web export (folder) from the shared field data. */
const GSC_EXPORT = join(process.cwd(), '../shared/data/search-console/gsc_export_chobble_tickets');

const PG_URL = process.env.SIGHTLINE_TEST_POSTGRES_URL ?? '';
const CH_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
const CH_CLUSTER = process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ?? '';
const servers = PG_URL !== '' && CH_URL !== '';
if (!servers) {
  console.warn(
    'Ranking ownership on PostgreSQL + ClickHouse skipped: set SIGHTLINE_TEST_POSTGRES_URL and SIGHTLINE_TEST_CLICKHOUSE_URL',
  );
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

async function importCsv(client: Client, csv: string): Promise<ImportJobView> {
  const res = await client.app.inject({
    method: 'POST',
    url: '/api/v1/imports?market=gb-en&name=ranks.csv',
    headers: { cookie: client.cookie, 'x-csrf-token': client.csrfToken, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = (res.json() as ImportJobView).id;
  for (let i = 0; i < 400; i++) {
    const job = (await client.get(`/api/v1/imports/${id}`)).json() as ImportJobView;
    if (job.status === 'succeeded') return job;
    if (job.status === 'failed') throw new Error(`import ${id} failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

const codes = async (client: Client) =>
  ((await client.get('/api/v1/markets')).json().items as { code: string }[]).map((m) => m.code);

interface Backend {
  name: string;
  /** The app's environment: where its stores are. */
  env: () => Promise<Record<string, string>>;
  cleanup: (t: TestApp) => Promise<void>;
}

function ownershipSuite(backend: Backend): void {
  let t: TestApp;
  let operator: Client;
  let orgB: Client;
  let campaignId: number;

  /** Everything the operator's organisation reads that B's import could have changed. */
  async function operatorView() {
    const cv = `/api/v3/campaign-visibility/${campaignId}`;
    const read = async (url: string) => {
      const res = await operator.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return String(res.headers['content-type']).includes('text/csv') ? res.body : res.json();
    };
    return {
      positions: await read(`${cv}/ranking/keywords?${RANGE}`),
      competitors: await read(`${cv}/competitors?${RANGE}`),
      keywordsCsv: await read(`${cv}/csv/keywords?${RANGE}`),
      keywords: await read(`/api/v1/campaigns/${campaignId}/keywords`),
      explorer: await read(`${VE_BASE}/gb-en/domains?domains=covered.test&${RANGE}`),
      explorerCsv: await read(`${VE_BASE}/gb-en/csv/keywords?domains=covered.test&${RANGE}`),
      marketShare: await read(`${MARKET_SHARE_BASE}/overview?market=gb-en&time=month`),
      marketShareCsv: await read(`${MARKET_SHARE_BASE}/csv?market=gb-en&time=month`),
      marketKeywords: await read('/api/v1/markets/gb-en/keywords'),
    };
  }

  let before: Awaited<ReturnType<typeof operatorView>>;

  beforeAll(async () => {
    t = await createTestApp({ env: await backend.env(), now: () => new Date(NOW) });
    const first = await seedOrganisation(t.stores, 'Sightline');
    await seedUser(t.stores, first.id, 'admin@operator.test', [...ROLES]);
    operator = await Client.signIn(t.app, 'admin@operator.test');
    await importCsv(operator, OPERATOR_CSV);
    const project = await operator.send('POST', '/api/v1/projects', { name: 'Travel' });
    const campaign = await operator.send('POST', '/api/v1/campaigns', {
      projectId: project.json().id,
      name: 'UK insurance',
      market: 'gb-en',
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    campaignId = campaign.json().id;
    await operator.send('POST', `/api/v1/campaigns/${campaignId}/keywords`, {
      keywords: [{ keyword: 'travel insurance' }, { keyword: 'cheap flights' }],
    });
    await operator.send('POST', `/api/v1/campaigns/${campaignId}/domains`, {
      value: 'covered.test',
      own: true,
    });
    await operator.send('POST', `/api/v1/campaigns/${campaignId}/domains`, { value: 'safetrip.test' });
    before = await operatorView();

    const created = await operator.send('POST', '/api/v1/operator/organisations', {
      name: 'Globex',
      adminEmail: 'admin@globex.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    orgB = await Client.signIn(t.app, 'admin@globex.test', created.json().admin.oneTimePassword);
    const job = await importCsv(orgB, B_CSV);
    expect(job.written).toMatchObject({ serpResults: 1, snapshots: 1 });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    if (t) await backend.cleanup(t);
  });

  describe(`ranking data has an owner (${backend.name})`, () => {
    it('lets the operator create an organisation with its first administrator, and no one else', async () => {
      const list = await operator.get('/api/v1/operator/organisations');
      expect(list.json().items.map((o: { name: string; operator: boolean }) => [o.name, o.operator])).toEqual(
        [
          ['Sightline', true],
          ['Globex', false],
        ],
      );
      const again = await operator.send('POST', '/api/v1/operator/organisations', {
        name: 'Globex 2',
        adminEmail: 'admin@globex.test',
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toContain('admin@globex.test');
      const bad = await operator.send('POST', '/api/v1/operator/organisations', {
        name: '',
        adminEmail: 'x',
      });
      expect(bad.statusCode).toBe(400);
      for (const res of [
        await orgB.get('/api/v1/operator/organisations'),
        await orgB.send('POST', '/api/v1/operator/organisations', {
          name: 'Mine',
          adminEmail: 'b2@globex.test',
        }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe('operator_only');
      }
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(doc.paths['/api/v1/operator/organisations'].post).toBeDefined();
    });

    it("leaves the operator's campaign positions, volumes, competitors, explorer, market share and CSVs unchanged", async () => {
      const after = await operatorView();
      expect(after).toEqual(before);
      expect(JSON.stringify(after)).not.toContain('intruder');
      expect(
        after.keywords.items.find((k: { keyword: string }) => k.keyword === 'travel insurance'),
      ).toMatchObject({
        searchVolume: 5000,
      });
    });

    it("keeps B's hosts out of the operator's explorer, the public autocomplete and the public demo", async () => {
      const ve = await operator.get(`${VE_BASE}/gb-en/domains?domains=intruder.test&${RANGE}`);
      expect(ve.json()).toMatchObject({ rankingKeywords: 0, visibilityScore: 0 });
      const auto = await t.app.inject({
        method: 'GET',
        url: `${VE_PUBLIC_AUTOCOMPLETE}?market=gb-en&q=intruder`,
      });
      expect(auto.statusCode).toBe(200);
      expect(auto.json().items).toEqual([]);
      const own = await t.app.inject({
        method: 'GET',
        url: `${VE_PUBLIC_AUTOCOMPLETE}?market=gb-en&q=covered`,
      });
      expect(own.json().items.length).toBeGreaterThan(0);
      const demo = await t.app.inject({
        method: 'POST',
        url: '/demo/search',
        payload: { domain: 'intruder.test', market: 'gb-en' },
      });
      expect(demo.statusCode, demo.body).toBe(200);
      expect(demo.json().status).toBe('NO_DATA_FOUND');
    });

    it("gives B its own markets: its rankings only, never the operator's by the same code", async () => {
      expect(await codes(operator)).toEqual(['gb-en', 'us-en']);
      expect(await codes(orgB)).toEqual(['gb-en']);
      const mine = await orgB.get(`${VE_BASE}/gb-en/domains?domains=intruder.test&${RANGE}`);
      expect(mine.json()).toMatchObject({ rankingKeywords: 1 });
      const theirs = await orgB.get(`${VE_BASE}/gb-en/domains?domains=covered.test&${RANGE}`);
      expect(theirs.json()).toMatchObject({ rankingKeywords: 0, visibilityScore: 0 });
      // Only B's own snapshot date; no competitor, keyword or URL of the operator's.
      expect(theirs.json()).toMatchObject({
        dates: ['2026-03-09'],
        competitors: [],
        topKeywords: [],
        topUrls: [],
      });
      const csv = await orgB.get(`${VE_BASE}/gb-en/csv/keywords?domains=covered.test&${RANGE}`);
      expect(csv.body).not.toContain('travel insurance');
      expect((await orgB.get(`${VE_BASE}/us-en/domains?domains=covered.test&${RANGE}`)).statusCode).toBe(404);
      const keywords = (await orgB.get('/api/v1/markets/gb-en/keywords')).json();
      expect(keywords.items).toEqual([{ keyword: 'travel insurance', searchVolume: 100 }]);
      const dashboard = (await orgB.get('/api/v1/dashboard')).json();
      expect(
        dashboard.markets.map((m: { market: string; serpResults: number }) => [m.market, m.serpResults]),
      ).toEqual([['gb-en', 1]]);
    });

    it("keeps one organisation's Search Console rows of a property apart from another's", async () => {
      // The import service as the upload route runs it, for each organisation's job.
      const imports = new ImportService(t.stores.meta, t.stores.rank, () => new Date(NOW));
      const run = (organisationId: number) =>
        imports.run({
          organisationId,
          userId: null,
          files: ['gsc'],
          bytesTotal: null,
          open: async () => [await openPath(GSC_EXPORT)],
          dryRun: false,
        });
      const [first, second] = (await t.stores.meta.listOrganisations()).map((o) => o.id);
      expect((await run(first!)).status).toBe('succeeded');
      const operatorRows = await t.stores.rank.readSearchConsoleRows('tickets.chobble.com');
      expect(operatorRows.length).toBeGreaterThan(400);
      // B's export of the same property: the operator's rows stay as they were.
      expect((await run(second!)).status).toBe('succeeded');
      expect(await t.stores.rank.readSearchConsoleRows('tickets.chobble.com')).toEqual(operatorRows);
      expect(await t.stores.rank.readSearchConsoleRows(`tickets.chobble.com~o${second}`)).toHaveLength(
        operatorRows.length,
      );
    });

    it("shows the public demo's call requests to the operator's administrators only", async () => {
      // The session says which organisation is the operator's, so the web app shows the item to it only.
      expect((await operator.get('/api/v1/me')).json().user.operator).toBe(true);
      expect((await orgB.get('/api/v1/me')).json().user.operator).toBe(false);
      expect((await operator.get('/api/v1/admin/call-requests')).statusCode).toBe(200);
      const res = await orgB.get('/api/v1/admin/call-requests');
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('operator_only');
    });
  });
}

ownershipSuite({ name: 'SQLite + DuckDB', env: async () => ({}), cleanup: async () => {} });

if (servers) {
  const pgDatabase = `sightline_owner_${randomBytes(5).toString('hex')}`;
  ownershipSuite({
    name: CH_CLUSTER === '' ? 'PostgreSQL + ClickHouse' : `PostgreSQL + ClickHouse cluster ${CH_CLUSTER}`,
    env: async () => {
      await pgAdmin(`CREATE DATABASE ${pgDatabase}`);
      const url = new URL(PG_URL);
      url.pathname = `/${pgDatabase}`;
      return {
        DATABASE_URL: url.toString(),
        CLICKHOUSE_URL: CH_URL,
        CLICKHOUSE_CLUSTER: CH_CLUSTER,
        CLICKHOUSE_DATABASE: `sightline_owner_${randomBytes(5).toString('hex')}`,
      };
    },
    cleanup: async (t) => {
      await dropClickHouseDatabase(t.config);
      await pgAdmin(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
    },
  });
}
