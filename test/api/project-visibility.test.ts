// Project visibility (issue 5 item 2) on a hand-made project, on the embedded stores and, when
// SIGHTLINE_TEST_CLICKHOUSE_URL is set, with the rankings in ClickHouse. Two campaigns of market gb-en share
// the keyword "beta"; every expected number below is worked out by hand with the default CTR curve
// (1: .285, 2: .157, 3: .110, 4: .080).
//
// Keywords: alpha sv 1000 (campaign A), beta sv 200 (A and B), gamma sv 100 (B). Domains: acme.com and
// rival.com (tracked by A), acme.com and other.org (tracked by B) → the project's domains acme, rival, other.
// SERPs, 2025-01-06 (D1): alpha 1 acme 2 rival · beta 1 rival 3 acme · gamma 2 other
//        2025-01-13 (D2): alpha 1 rival 2 acme · beta 1 acme          · gamma 1 other 4 acme
// Campaign A (alpha, beta), max VS 1200 × .285 = 342:
//   D1 acme 285 + 22 = 307, rival 157 + 57 = 214, other 0 · D2 acme 157 + 57 = 214, rival 285, other 0
// Campaign B (beta, gamma), max 300 × .285 = 85.5:
//   D1 acme 22, rival 57, other 15.7 · D2 acme 57 + 8 = 65, rival 0, other 28.5
// Total, beta counted once (alpha, beta, gamma), max 1300 × .285 = 370.5:
//   D1 acme 307, rival 214, other 15.7 · D2 acme 214 + 8 = 222, rival 285, other 28.5
//   (adding the campaigns would give acme 279 at D2: beta's 57 twice).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PV_BASE } from '@contracts/project-visibility';
import type { Stores } from '@server/context';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const D1 = '2025-01-06';
const D2 = '2025-01-13';
const RANGE = 'startDate=2025-01-01&endDate=2025-01-31';
const CH_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
if (CH_URL === '')
  console.warn('Project visibility on ClickHouse skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL');

type Serp = [keyword: string, date: string, results: [number, string][]];
const SERPS: Serp[] = [
  [
    'alpha',
    D1,
    [
      [1, 'https://www.acme.com/a'],
      [2, 'https://rival.com/a'],
    ],
  ],
  [
    'beta',
    D1,
    [
      [1, 'https://rival.com/b'],
      [3, 'https://www.acme.com/b'],
    ],
  ],
  ['gamma', D1, [[2, 'https://other.org/c']]],
  [
    'alpha',
    D2,
    [
      [1, 'https://rival.com/a'],
      [2, 'https://www.acme.com/a'],
    ],
  ],
  ['beta', D2, [[1, 'https://www.acme.com/b']]],
  [
    'gamma',
    D2,
    [
      [1, 'https://other.org/c'],
      [4, 'https://shop.acme.com/c'],
    ],
  ],
];

async function seedProject(stores: Stores, organisationId: number) {
  const now = '2025-02-01T00:00:00.000Z';
  const { meta, rank } = stores;
  const project = await meta.createProject(organisationId, 'Acme', now);
  const a = await meta.createCampaign(
    { organisationId, projectId: project.id, name: 'Shoes', market: 'gb-en' },
    now,
  );
  const b = await meta.createCampaign(
    { organisationId, projectId: project.id, name: 'Socks', market: 'gb-en' },
    now,
  );
  await meta.addTrackedDomain(a.id, { value: 'acme.com', label: 'Acme', color: '#1f77b4', isOwn: true });
  await meta.addTrackedDomain(a.id, { value: 'rival.com', label: 'Rival', color: '#ff7f0e', isOwn: false });
  await meta.addTrackedDomain(b.id, {
    value: 'acme.com',
    label: 'Acme again',
    color: '#000000',
    isOwn: true,
  });
  // A label a spreadsheet would run as a formula: the CSV must escape it.
  await meta.addTrackedDomain(b.id, { value: 'other.org', label: '=1+2', color: '#2ca02c', isOwn: false });
  const ids = await rank.upsertKeywords('gb-en', [
    { text: 'alpha', sv: 1000 },
    { text: 'beta', sv: 200 },
    { text: 'gamma', sv: 100 },
  ]);
  const entry = (text: string) => ({ keywordId: ids.get(text)!, tags: [], groups: [] });
  await rank.setCampaignKeywords(a.id, 'gb-en', [entry('alpha'), entry('beta')]);
  await rank.setCampaignKeywords(b.id, 'gb-en', [entry('beta'), entry('gamma')]);
  await rank.insertSerpResults(
    SERPS.flatMap(([kw, date, results]) =>
      results.map(([position, url]) => ({
        market: 'gb-en',
        keywordId: ids.get(kw)!,
        date,
        position,
        resultType: 'organic' as const,
        url,
      })),
    ),
  );
  return { projectId: project.id, a: a.id, b: b.id };
}

const pct = (part: number, whole: number) => (part / whole) * 100;

function closeTo(got: number[], want: number[]) {
  expect(got).toHaveLength(want.length);
  got.forEach((v, i) => expect(v, `index ${i}`).toBeCloseTo(want[i]!, 9));
}

const BACKENDS: { name: string; env: () => Record<string, string>; skip: boolean }[] = [
  { name: 'SQLite + DuckDB', env: () => ({}), skip: false },
  {
    name: 'SQLite + ClickHouse',
    env: () => ({
      CLICKHOUSE_URL: CH_URL,
      CLICKHOUSE_DATABASE: `sightline_pv_${randomBytes(5).toString('hex')}`,
    }),
    skip: CH_URL === '',
  },
];

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip)(`project visibility on ${backend.name}`, () => {
    let t: TestApp;
    let analyst: Client;
    let fx: Awaited<ReturnType<typeof seedProject>>;
    let theirs: number;

    beforeAll(async () => {
      t = await createTestApp({ env: backend.env(), now: () => new Date('2025-02-01T12:00:00Z') });
      const org = await seedOrganisation(t.stores, 'Acme');
      await seedUser(t.stores, org.id, 'analyst@acme.test', ['ROLE_CV']);
      await seedUser(t.stores, org.id, 'reporter@acme.test', ['ROLE_REPORTS']);
      fx = await seedProject(t.stores, org.id);
      const other = await seedOrganisation(t.stores, 'Other');
      theirs = (await t.stores.meta.createProject(other.id, 'Theirs', '2025-01-01T00:00:00.000Z')).id;
      analyst = await Client.signIn(t.app, 'analyst@acme.test');
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      if (t) await dropClickHouseDatabase(t.config);
    });

    async function summary(query = RANGE) {
      const res = await analyst.get(`${PV_BASE}/ldx-${fx.projectId}/domains?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }

    it('counts a keyword of two campaigns once in the total', async () => {
      const body = await summary();
      expect(body.project).toEqual({ id: fx.projectId, name: 'Acme' });
      expect(body.domains).toEqual([
        { key: 'acme.com', label: 'Acme', color: '#1f77b4', isOwn: true },
        { key: 'rival.com', label: 'Rival', color: '#ff7f0e', isOwn: false },
        { key: 'other.org', label: '=1+2', color: '#2ca02c', isOwn: false },
      ]);
      const { total } = body;
      expect(total).toMatchObject({
        key: 'total',
        campaignId: null,
        market: null,
        keywords: 3,
        unknownVolume: 0,
      });
      expect(total.dates).toEqual([D1, D2]);
      const [acme, rival, other] = total.domains;
      closeTo(
        acme.series.map((p: { visibilityScore: number }) => p.visibilityScore),
        [307, 222],
      );
      closeTo(
        rival.series.map((p: { visibilityScore: number }) => p.visibilityScore),
        [214, 285],
      );
      closeTo(
        other.series.map((p: { visibilityScore: number }) => p.visibilityScore),
        [15.7, 28.5],
      );
      expect(acme.visibilityScore).toBeCloseTo(222, 9);
      expect(acme.visibilityScoreDeltas.delta).toBeCloseTo(-85, 9);
      expect(acme.visibilityScoreDeltas.percentageDelta).toBeCloseTo(pct(-85, 307), 9);
      expect(acme.visibility).toBeCloseTo(pct(222, 370.5), 9);
      expect(acme.visibilityDeltas.delta).toBeCloseTo(pct(222, 370.5) - pct(307, 370.5), 9);
      expect(acme.share).toBeCloseTo(pct(222, 222 + 285 + 28.5), 9);
      expect(acme.shareDeltas.delta).toBeCloseTo(pct(222, 535.5) - pct(307, 307 + 214 + 15.7), 9);
      expect(other.shareDeltas.percentageDelta).toBeCloseTo(
        ((pct(28.5, 535.5) - pct(15.7, 536.7)) / pct(15.7, 536.7)) * 100,
        9,
      );
    });

    it('gives each campaign its own series over its own keywords', async () => {
      const body = await summary();
      expect(
        body.campaigns.map((c: { key: string; name: string; market: string; keywords: number }) => [
          c.key,
          c.name,
          c.market,
          c.keywords,
        ]),
      ).toEqual([
        [String(fx.a), 'Shoes', 'gb-en', 2],
        [String(fx.b), 'Socks', 'gb-en', 2],
      ]);
      const [a, b] = body.campaigns;
      const vs = (scope: { domains: { series: { visibilityScore: number }[] }[] }, i: number) =>
        scope.domains[i]!.series.map((p) => p.visibilityScore);
      closeTo(vs(a, 0), [307, 214]);
      closeTo(vs(a, 1), [214, 285]);
      closeTo(vs(a, 2), [0, 0]);
      closeTo(vs(b, 0), [22, 65]);
      closeTo(vs(b, 1), [57, 0]);
      closeTo(vs(b, 2), [15.7, 28.5]);
      expect(a.domains[0].visibility).toBeCloseTo(pct(214, 342), 9);
      expect(b.domains[0].visibility).toBeCloseTo(pct(65, 85.5), 9);
      expect(b.domains[0].share).toBeCloseTo(pct(65, 93.5), 9);
      expect(b.domains[1].visibilityScoreDeltas.delta).toBeCloseTo(-57, 9);
      expect(b.domains[1].visibilityScoreDeltas.percentageDelta).toBeCloseTo(-100, 9);
    });

    it('measures only the domains asked for, and shares among them', async () => {
      const body = await summary(`${RANGE}&domains=acme.com&domains=www.rival.co.uk/blog`);
      expect(body.domains.map((d: { key: string }) => d.key)).toEqual(['acme.com', 'www.rival.co.uk/blog']);
      expect(body.total.domains[0].share).toBe(100);
      expect(body.total.domains[1].visibilityScore).toBe(0);
    });

    it('answers an empty range with no dates and zero figures', async () => {
      const body = await summary('startDate=2024-01-01&endDate=2024-01-31');
      expect(body.total.dates).toEqual([]);
      expect(body.total.domains[0].visibilityScore).toBe(0);
    });

    it('accepts the bare project id as well as ldx-{id}', async () => {
      const res = await analyst.get(`${PV_BASE}/${fx.projectId}/domains?${RANGE}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total.keywords).toBe(3);
    });

    it('exports the summary as CSV with a BOM and escaped formula-like cells', async () => {
      const res = await analyst.get(`${PV_BASE}/ldx-${fx.projectId}/csv?${RANGE}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="project-visibility-ldx-${fx.projectId}-2025-01-01-2025-01-31.csv"`,
      );
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.rawPayload
        .subarray(3)
        .toString('utf8')
        .split('\r\n')
        .filter((l) => l !== '');
      expect(lines[0]).toBe(
        'Scope,Campaign id,Market,Keywords,Domain,Label,Visibility score,Visibility score change,' +
          'Visibility score change %,Visibility %,Visibility change,Share %,Share change,Start date,End date',
      );
      expect(lines).toHaveLength(1 + 3 * 3);
      expect(lines[1]).toMatch(/^All campaigns,,,3,acme\.com,Acme,222,-85,/u);
      expect(lines[3]).toMatch(/^All campaigns,,,3,other\.org,'=1\+2,28\.5,/u);
      expect(lines[4]).toMatch(new RegExp(`^Shoes,${fx.a},gb-en,2,acme\\.com,Acme,214,-93,`, 'u'));
    });

    it('refuses other organisations, missing roles and bad parameters', async () => {
      const foreign = await analyst.get(`${PV_BASE}/ldx-${theirs}/domains`);
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign).code).toBe('not_found');
      expect((await analyst.get(`${PV_BASE}/ldx-99999/csv`)).statusCode).toBe(404);
      const reporter = await Client.signIn(t.app, 'reporter@acme.test');
      const denied = await reporter.get(`${PV_BASE}/ldx-${fx.projectId}/domains`);
      expect(denied.statusCode).toBe(403);
      expect(errorOf(denied).message).toContain('ROLE_CV');
      expect(
        (await t.app.inject({ method: 'GET', url: `${PV_BASE}/ldx-${fx.projectId}/domains` })).statusCode,
      ).toBe(401);
      expect((await analyst.get(`${PV_BASE}/project-1/domains`)).statusCode).toBe(400);
      const badDomain = await analyst.get(`${PV_BASE}/ldx-${fx.projectId}/domains?domains=not%20a%20host`);
      expect(badDomain.statusCode).toBe(400);
      expect(errorOf(badDomain).message).toMatch(/^domains:/u);
      const backwards = await analyst.get(
        `${PV_BASE}/ldx-${fx.projectId}/domains?startDate=2025-02-01&endDate=2025-01-01`,
      );
      expect(backwards.statusCode).toBe(400);
    });

    it('is in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([`${PV_BASE}/{project}/domains`, `${PV_BASE}/{project}/csv`]),
      );
    });
  });
}
