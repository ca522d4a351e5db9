// Issue 29: a store upgraded from before the rank-tracking copy holds campaigns with tracked domains but no
// copy (no domains declared to the RankStore). The next start builds it in the background (CopyBackfill),
// while the rank table answers the same rows from the raw results before, during and after; reads write
// nothing (the copy is still missing after a read).
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, closeStores, DUCKDB_FILE, openStores } from '@server/app';
import type { AppContext } from '@server/context';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-12T10:00:00.000Z';
let t: TestApp;
let ctx: AppContext | undefined;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
});
afterAll(async () => t.close());

/** The campaign's rows in the copy, read from the file while no store holds it. */
async function copiedRows(campaignId: number): Promise<number> {
  const instance = await DuckDBInstance.create(join(t.config.dataDir, DUCKDB_FILE));
  try {
    const conn = await instance.connect();
    const rows = (
      await conn.runAndReadAll(`SELECT count(*) AS n FROM rt_hits WHERE campaign_id = ${campaignId}`)
    ).getRowObjectsJS();
    conn.closeSync();
    return Number(rows[0]!.n);
  } finally {
    instance.closeSync();
  }
}

/** Stops the server and its stores, runs `between` on the files, then starts again on the same folder. */
async function restart(between: () => Promise<void>): Promise<void> {
  await t.app.close();
  await closeStores(t.stores);
  await between();
  t.stores = await openStores(t.config);
  t.app = await buildApp({
    stores: t.stores,
    config: t.config,
    now: () => new Date(NOW),
    onContext: (c) => (ctx = c),
  });
  await t.app.ready();
}

it('builds the missing rank-tracking copy at start, in the background, with the same table', async () => {
  const org = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, org.id, 'analyst@acme.test', ['ROLE_CV']);
  let analyst = await Client.signIn(t.app, 'analyst@acme.test');
  const project = (await analyst.send('POST', '/api/v1/projects', { name: 'P' })).json();
  const campaign = (
    await analyst.send('POST', '/api/v1/campaigns', { projectId: project.id, name: 'C', market: 'gb-en' })
  ).json();
  const added = await analyst.send('POST', `/api/v1/campaigns/${campaign.id}/keywords`, {
    keywords: ['flights', 'hotels'].map((keyword) => ({ keyword, searchVolume: 100 })),
  });
  expect(added.statusCode, added.body).toBe(200);
  for (const [value, own] of [
    ['a.com', true],
    ['b.com', false],
  ] as const) {
    const res = await analyst.send('POST', `/api/v1/campaigns/${campaign.id}/domains`, { value, own });
    expect(res.statusCode, res.body).toBe(201);
  }
  const ids = (await t.stores.rank.readKeywords('gb-en')).map((k) => k.id);
  await t.stores.rank.insertSerpResults(
    ids.flatMap((keywordId, i) =>
      ['2025-03-03', '2025-03-10'].flatMap((date, d) =>
        ['https://a.com/x', 'https://b.com/y'].map((url, u) => ({
          market: 'gb-en',
          keywordId,
          date,
          position: 1 + ((u + d + i) % 2),
          resultType: 'organic' as const,
          url,
        })),
      ),
    ),
  );
  const table = `/api/v1/rank-tracking/${campaign.id}/keywords`;
  const want = (await analyst.get(table)).json();
  expect(want.total).toBe(2);

  // The store as a version before the copy left it: no domains declared, no copy. A read answers the same
  // from the raw results and writes nothing.
  await t.stores.rank.prepareCampaignReads(campaign.id, []);
  expect((await analyst.get(table)).json()).toEqual(want);
  await restart(async () => {
    expect(await copiedRows(campaign.id)).toBe(0);
  });
  // The next start's pass declares the campaign's domains, building its copy: 2 keywords × 2 dates × 2 domains.
  expect(await ctx!.services.copyBackfill.done()).toBe(1);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  expect((await analyst.get(table)).json()).toEqual(want);
  await restart(async () => {
    expect(await copiedRows(campaign.id)).toBe(8);
  });
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  expect((await analyst.get(table)).json()).toEqual(want);
});
