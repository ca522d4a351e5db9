// Issue 25 item 4: every set-up edit keeps every derived table and memo exact. On DuckDB and (when
// SIGHTLINE_TEST_CLICKHOUSE_URL is set) ClickHouse, a small demo workspace is edited through the API by a
// ROLE_CV user — keywords added (new to the market, and market keywords with SERPs, with and without a new
// volume, with tags and a group), keywords removed, a tag renamed and keyword groups deleted and renamed,
// volumes changed market-wide (one to unknown), tracked domains added, edited and deleted, domain groups
// created and edited — and after each edit every campaign-visibility endpoint of the campaign (and, after a
// volume change, of the other campaign of the market sharing those keywords) equals the src/core reference
// read back through the store ports (cv-reference.ts). Deleting the campaign removes its membership and its
// rollups, never the market's SERPs, and leaves the other campaign's numbers exact.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_BASE } from '@contracts/paths';
import { DUCKDB_FILE, closeStores } from '@server/app';
import { FIRST_ROWS } from '@server/services/campaign-visibility/csv';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import { openClickHouseContext } from '@storage/rank/clickhouse/store';
import { DuckDb } from '@storage/rank/duckdb/db';
import { dropClickHouseDatabase } from './clickhouse-drop';
import { CV_CLOCK, CV_REFERENCE_CHECKS, cvApi, loadCvReference, type CvReference } from './cv-reference';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

const CH_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
const CH_CLUSTER = process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ?? '';
if (CH_URL === '') {
  console.warn(
    'Set-up conformance on ClickHouse skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL (and ' +
      'SIGHTLINE_TEST_CLICKHOUSE_CLUSTER=sightline for the two-shard cluster; bash .ci/start-clickhouse.sh)',
  );
} else if (CH_CLUSTER === '') {
  console.warn(
    'Set-up conformance: SIGHTLINE_TEST_CLICKHOUSE_CLUSTER is not set, so one ClickHouse server is used',
  );
}

/** Small enough for ClickHouse 18.16 to seed and answer every check after every edit in about a minute. */
const PLAN = { seed: 20250630, keywordsPerMarket: 800, weeks: 6, now: CV_CLOCK.now };

const engines = [
  { name: 'DuckDB', clickhouse: false, env: {} as Record<string, string> },
  ...(CH_URL === ''
    ? []
    : [
        {
          name: 'ClickHouse',
          clickhouse: true,
          env: {
            CLICKHOUSE_URL: CH_URL,
            ...(CH_CLUSTER === '' ? {} : { CLICKHOUSE_CLUSTER: CH_CLUSTER }),
            CLICKHOUSE_DATABASE: `sightline_setup_${randomBytes(4).toString('hex')}`,
          },
        },
      ]),
];

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
  return status === 204 ? undefined : res.json();
}

/** label → keywords carrying it. */
function labelCounts(ref: CvReference, kind: 'tags' | 'groups'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const k of ref.members) for (const l of k[kind] ?? []) counts.set(l, (counts.get(l) ?? 0) + 1);
  return counts;
}

describe.each(engines)('set-up edits keep campaign visibility exact on $name', ({ clickhouse, env }) => {
  let t: TestApp;
  let storesClosed = false;
  let analyst: Client;
  let market: string;
  /** The edited campaign, and another campaign of the same market (its keywords are picked into the first). */
  let edited: number;
  let other: number;
  let ref: CvReference;
  const texts = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp({ env, now: () => new Date(CV_CLOCK.now) });
    const org = await seedOrganisation(t.stores, 'Demo');
    await seedUser(t.stores, org.id, 'analyst@demo.test', ['ROLE_CV']);
    const summary = await seedDemoWorkspace(t.stores, { organisationId: org.id, ...PLAN });
    const first = summary.projects[0]!;
    market = first.market;
    edited = first.campaignId;
    other = summary.projects.find((p) => p.market === market && p.campaignId !== edited)!.campaignId;
    analyst = await Client.signIn(t.app, 'analyst@demo.test');
    for (const k of await t.stores.rank.readKeywords(market)) texts.set(k.id, k.text);
  }, 120_000);
  afterAll(async () => {
    if (t === undefined) return;
    if (storesClosed) rmSync(t.dir, { recursive: true, force: true });
    else {
      await dropClickHouseDatabase(t.config);
      await t.close();
    }
  });

  /**
   * Reloads the campaign's reference from the stores (members, volumes, results, tracked domains and groups
   * as they are now) and runs every check; a failure names every check that failed, not only the first. The
   * edited campaign's reference is kept first, so that a failure does not cascade into the next steps.
   */
  async function expectExact(campaignId: number, step: string): Promise<void> {
    const reference = await loadCvReference(t.stores, campaignId, market);
    if (campaignId === edited) ref = reference;
    const api = cvApi(analyst, campaignId);
    const failures: string[] = [];
    for (const check of CV_REFERENCE_CHECKS) {
      try {
        await check.run(api, reference);
      } catch (e) {
        failures.push(`- ${check.name}: ${(e as Error).message.slice(0, 800)}`);
      }
    }
    if (failures.length > 0) {
      expect.fail(
        `campaign ${campaignId} after ${step}: ${failures.length} of ${CV_REFERENCE_CHECKS.length} checks differ from the reference\n${failures.join('\n')}`,
      );
    }
  }

  const keywordsUrl = (id: number) => `/api/v1/campaigns/${id}/keywords`;
  const svOf = async () => new Map((await t.stores.rank.readKeywords(market)).map((k) => [k.text, k.sv]));
  /** Keyword ids with a result at the last snapshot date (the market's SERPs). */
  const ranked = async () =>
    new Set((await t.stores.rank.readSnapshot(market, CV_CLOCK.end)).map((r) => r.keywordId));

  it('the seeded campaigns match the reference (more keywords than the CSV’s first part)', async () => {
    await expectExact(edited, 'seeding');
    expect(ref.members.length).toBeGreaterThan(FIRST_ROWS);
    await expectExact(other, 'seeding');
  });

  it('(a) adding keywords: new to the market, and market keywords with SERPs, with and without a volume', async () => {
    const before = ref;
    const inOther = new Set((await t.stores.rank.readCampaignKeywords(other)).map((m) => m.keywordId));
    const hasSerps = await ranked();
    const idByText = new Map([...texts].map(([id, text]) => [text, id]));
    // What the picker offers: the market's keywords the campaign does not hold yet.
    const offered = await ok(
      await analyst.get(`/api/v1/markets/${market}/keywords?excludeCampaign=${edited}&limit=1000`),
    );
    const pick = (shared: boolean, n: number) =>
      (offered.items as { keyword: string; searchVolume: number | null }[])
        .filter(
          (i) => hasSerps.has(idByText.get(i.keyword)!) && inOther.has(idByText.get(i.keyword)!) === shared,
        )
        .filter((i) => i.searchVolume !== null)
        .slice(0, n);
    const sharedPicks = pick(true, 4);
    const marketPicks = pick(false, 6);
    expect(sharedPicks).toHaveLength(4);
    expect(marketPicks).toHaveLength(6);
    const [memberA, memberB] = before.members;
    const tags = ['setup added', 'setup batch'];
    const group = 'Setup group';
    const body = {
      keywords: [
        // Market keywords ranked in the other campaign too: a new volume changes both campaigns' numbers.
        { keyword: sharedPicks[0]!.keyword, searchVolume: sharedPicks[0]!.searchVolume! + 1234, tags, group },
        {
          keyword: sharedPicks[1]!.keyword,
          searchVolume: sharedPicks[1]!.searchVolume! * 3,
          tags: [tags[0]!],
        },
        { keyword: sharedPicks[2]!.keyword, tags, group },
        { keyword: sharedPicks[3]!.keyword, tags: [tags[1]!] },
        // Market keywords of no campaign: new volume, the same volume again (no change), none given.
        { keyword: marketPicks[0]!.keyword, searchVolume: marketPicks[0]!.searchVolume! + 77, tags, group },
        { keyword: marketPicks[1]!.keyword, searchVolume: 0, tags },
        { keyword: marketPicks[2]!.keyword, searchVolume: marketPicks[2]!.searchVolume, tags, group },
        { keyword: marketPicks[3]!.keyword, searchVolume: marketPicks[3]!.searchVolume, group },
        { keyword: ` ${marketPicks[4]!.keyword.toUpperCase()} `, tags },
        { keyword: marketPicks[5]!.keyword, group },
        // New to the market: no SERPs, with a volume, unknown volume, or none given.
        { keyword: 'setup conformance alpha', searchVolume: 5400, tags, group },
        { keyword: 'setup conformance beta', searchVolume: 90, tags: [tags[0]!] },
        { keyword: 'setup conformance gamma', searchVolume: null, tags, group },
        { keyword: 'setup conformance delta', group },
        // Members already: tags merge, the group is replaced.
        { keyword: texts.get(memberA!.id)!, tags },
        { keyword: texts.get(memberB!.id)!, tags: [tags[1]!], group },
      ],
    };
    const res = await ok(await analyst.send('POST', keywordsUrl(edited), body));
    expect(res).toEqual({ added: 14, merged: 2, total: before.members.length + 14 });
    const sv = await svOf();
    expect(sv.get(sharedPicks[0]!.keyword)).toBe(sharedPicks[0]!.searchVolume! + 1234);
    expect(sv.get(sharedPicks[2]!.keyword)).toBe(sharedPicks[2]!.searchVolume);
    expect(sv.get(marketPicks[1]!.keyword)).toBe(0);
    expect(sv.get(marketPicks[4]!.keyword)).toBe(marketPicks[4]!.searchVolume);
    expect(sv.get('setup conformance alpha')).toBe(5400);
    expect(sv.get('setup conformance gamma')).toBeNull();
    expect(sv.get('setup conformance delta')).toBeNull();
    await expectExact(edited, 'adding keywords');
    // The numbers moved: the added keywords with SERPs are ranked members now.
    const rankedMembers = (r: CvReference) => r.members.filter((k) => hasSerps.has(k.id)).length;
    expect(rankedMembers(ref)).toBe(rankedMembers(before) + 10);
    expect(labelCounts(ref, 'tags').get(tags[0]!)).toBe(11);
    expect(labelCounts(ref, 'groups').get(group)).toBe(10);
  });

  it('(b) removing keywords by text', async () => {
    const before = ref;
    const hasSerps = await ranked();
    const inOther = new Set((await t.stores.rank.readCampaignKeywords(other)).map((m) => m.keywordId));
    const seeded = before.members.filter((k) => hasSerps.has(k.id) && !inOther.has(k.id));
    const shared = before.members.filter((k) => inOther.has(k.id));
    const gone = [
      ...seeded.slice(0, 3).map((k) => texts.get(k.id)!),
      texts.get(shared[0]!.id)!,
      'setup conformance beta',
      'never added keyword',
    ];
    const res = await ok(await analyst.send('DELETE', keywordsUrl(edited), { keywords: gone }));
    expect(res).toEqual({ removed: 5, notFound: ['never added keyword'], total: before.members.length - 5 });
    await expectExact(edited, 'removing keywords');
    // The other campaign keeps the keyword it shared.
    expect((await t.stores.rank.readCampaignKeywords(other)).length).toBe(inOther.size);
  });

  it('(c) renaming a tag, deleting a keyword group and renaming another', async () => {
    const before = ref;
    const tags = [...labelCounts(before, 'tags')].sort((a, b) => b[1] - a[1]);
    const groups = [...labelCounts(before, 'groups')].sort((a, b) => b[1] - a[1]);
    const [tag, tagCount] = tags[0]!;
    const [dropped, droppedCount] = groups[0]!;
    const [renamed, renamedCount] = groups[1]!;
    const base = `/api/v1/campaigns/${edited}`;
    const enc = encodeURIComponent;
    expect(
      await ok(await analyst.send('PATCH', `${base}/tags/${enc(tag)}`, { name: 'renamed tag' })),
    ).toEqual({
      keywords: tagCount,
    });
    expect(await ok(await analyst.send('DELETE', `${base}/keyword-groups/${enc(dropped)}`))).toEqual({
      keywords: droppedCount,
    });
    expect(
      await ok(
        await analyst.send('PATCH', `${base}/keyword-groups/${enc(renamed)}`, { name: 'Renamed group' }),
      ),
    ).toEqual({ keywords: renamedCount });
    await expectExact(edited, 'label changes');
    expect(labelCounts(ref, 'tags').get('renamed tag')).toBe(tagCount);
    expect(labelCounts(ref, 'tags').has(tag)).toBe(false);
    expect(labelCounts(ref, 'groups').has(dropped)).toBe(false);
    expect(labelCounts(ref, 'groups').get('Renamed group')).toBe(renamedCount);
    expect(ref.members).toHaveLength(before.members.length);
  });

  it('(d) changing volumes market-wide through the keywords of a campaign', async () => {
    const hasSerps = await ranked();
    const inOther = new Set((await t.stores.rank.readCampaignKeywords(other)).map((m) => m.keywordId));
    const own = ref.members.filter((k) => hasSerps.has(k.id) && !inOther.has(k.id) && k.sv !== null);
    const shared = ref.members.find((k) => inOther.has(k.id) && k.sv !== null)!;
    const changes = [
      { keyword: texts.get(own[0]!.id)!, searchVolume: own[0]!.sv! * 10 + 1 },
      { keyword: texts.get(own[1]!.id)!, searchVolume: null },
      { keyword: texts.get(shared.id)!, searchVolume: shared.sv! + 999 },
      // A keyword new to the campaign without SERPs, given a volume now.
      { keyword: 'setup conformance delta', searchVolume: 1600 },
    ];
    const res = await ok(await analyst.send('POST', keywordsUrl(edited), { keywords: changes }));
    expect(res).toEqual({ added: 0, merged: 4, total: ref.members.length });
    const sv = await svOf();
    for (const c of changes) expect(sv.get(c.keyword), c.keyword).toBe(c.searchVolume);
    await expectExact(edited, 'volume changes');
    await expectExact(other, 'volume changes of a keyword it shares');
  });

  it('(e) tracked domains added, edited and deleted; domain groups created and edited', async () => {
    const base = `/api/v1/campaigns/${edited}`;
    const tracked = await t.stores.meta.listTrackedDomains(edited);
    const suggestion = (await ok(await analyst.get(`${base}/competitor-suggestions?limit=1`))).items[0];
    const added = await ok(await analyst.send('POST', `${base}/domains`, { value: suggestion.domain }), 201);
    // The first domain is the one ranking/urls lists by default: narrow it to one of its hosts and a path.
    const first = tracked[0]!;
    const url = new URL(
      (await t.stores.rank.readSnapshot(market, CV_CLOCK.end)).find(
        (r) => r.domain === first.value && new URL(r.url).pathname.length > 1,
      )!.url,
    );
    const narrowed = `${url.host}/${url.pathname.split('/')[1]}`;
    const firstAfter = await ok(
      await analyst.send('PATCH', `${base}/domains/${first.id}`, { value: narrowed, label: 'Own section' }),
    );
    const secondAfter = await ok(
      await analyst.send('PATCH', `${base}/domains/${tracked[1]!.id}`, { value: `www.${tracked[1]!.value}` }),
    );
    await ok(await analyst.send('DELETE', `${base}/domains/${tracked[3]!.id}`), 204);
    await ok(
      await analyst.send('POST', `${base}/domain-groups`, {
        label: 'Setup sellers',
        members: [added.value, tracked[2]!.value, tracked[4]!.value],
      }),
      201,
    );
    const [g0] = await t.stores.meta.listDomainGroups(edited);
    await ok(
      await analyst.send('PATCH', `${base}/domain-groups/${g0!.id}`, {
        label: 'Edited group',
        members: [tracked[5]!.value, suggestion.domain],
      }),
    );
    await expectExact(edited, 'domain edits');
    expect(ref.tracked.map((d) => d.value)).toEqual([
      firstAfter.value,
      secondAfter.value,
      ...tracked
        .slice(2)
        .filter((d) => d.id !== tracked[3]!.id)
        .map((d) => d.value),
      suggestion.domain,
    ]);
    expect(ref.domainGroups.map((g) => g.label)).toEqual([
      'Edited group',
      expect.any(String),
      'Setup sellers',
    ]);
  });

  it('(f) deleting the campaign removes its membership and rollups, never the market’s SERPs', async () => {
    const { rank } = t.stores;
    const serpsBefore = (await rank.marketSummary(market)).serpResults;
    const rollupsBefore = clickhouse ? await clickHouseRollupRows(edited) : null;
    if (rollupsBefore !== null) expect(rollupsBefore).toBeGreaterThan(0);
    await ok(await analyst.send('DELETE', `/api/v1/campaigns/${edited}`), 204);
    expect(await rank.readCampaignKeywords(edited)).toEqual([]);
    expect((await rank.campaignKeywordSummary(edited)).keywords).toBe(0);
    for (const path of ['filters', 'domains', 'ranking/keywords', 'csv/keywords', 'competitors']) {
      expect((await analyst.get(`${CV_BASE}/${edited}/${path}`)).statusCode, path).toBe(404);
    }
    expect((await rank.marketSummary(market)).serpResults).toBe(serpsBefore);
    await expectExact(other, 'another campaign of its market was deleted');
    if (clickhouse) expect(await clickHouseRollupRows(edited)).toBe(0);
    else {
      // The DuckDB file is read directly, so the app's stores are closed first (this is the last step).
      await t.app.close();
      await closeStores(t.stores);
      storesClosed = true;
      const rows = await duckDbCampaignRows(join(t.config.dataDir, DUCKDB_FILE), [edited, other]);
      expect(rows.get(edited)).toEqual({});
      // The query sees rollups where they should be: the other campaign's.
      expect(rows.get(other)).toMatchObject({
        campaign_keywords: expect.any(Number),
        cv_roll: expect.any(Number),
      });
    }
  });

  /** cv_roll rows of a campaign over every shard. */
  async function clickHouseRollupRows(campaignId: number): Promise<number> {
    const ctx = await openClickHouseContext({
      url: t.config.clickhouseUrl!,
      cluster: t.config.clickhouseCluster,
      database: t.config.clickhouseDatabase,
    });
    try {
      const row = await ctx.entry.one(
        `SELECT count() AS n FROM ${ctx.all('cv_roll')} WHERE campaign_id = ${campaignId}`,
      );
      return Number(row.n);
    } finally {
      await ctx.topology.close();
    }
  }
});

/** Per campaign: its rows in every DuckDB table keyed by campaign (membership, labels, rollups, copies). */
async function duckDbCampaignRows(
  file: string,
  campaignIds: readonly number[],
): Promise<Map<number, Record<string, number>>> {
  const db = await DuckDb.open(file, { access_mode: 'READ_ONLY' });
  try {
    return await db.exclusive(async (s) => {
      const tables = await s.all(
        `SELECT DISTINCT table_name FROM information_schema.columns WHERE column_name = 'campaign_id' ORDER BY 1`,
      );
      expect(tables.length, 'tables keyed by campaign').toBeGreaterThan(5);
      const out = new Map<number, Record<string, number>>();
      for (const id of campaignIds) {
        const held: Record<string, number> = {};
        for (const { table_name: table } of tables) {
          const n = await s.number(`SELECT count(*) FROM "${String(table)}" WHERE campaign_id = ${id}`);
          if (n > 0) held[String(table)] = n;
        }
        out.set(id, held);
      }
      return out;
    });
  } finally {
    await db.close();
  }
}
