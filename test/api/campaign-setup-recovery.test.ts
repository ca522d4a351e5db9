// Issue 25 item 4, fault injection: a campaign delete touches both stores. When the RankStore write fails
// after the MetaStore stamp (a crash between the two writes), the campaign is already gone from every read,
// and the next start finishes the delete: the membership and rollups go, the market's SERPs stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, closeStores, openStores } from '@server/app';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-05T10:00:00.000Z';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
});
afterAll(async () => t.close());

describe('a delete interrupted between the two stores', () => {
  it('is hidden at once and finished by the next start', async () => {
    const org = await seedOrganisation(t.stores, 'Acme');
    await seedUser(t.stores, org.id, 'admin@acme.test', ['ROLE_CV', 'ROLE_ADMIN']);
    const admin = await Client.signIn(t.app, 'admin@acme.test');
    const project = (await admin.send('POST', '/api/v1/projects', { name: 'P' })).json();
    const ids: number[] = [];
    for (const name of ['one', 'two']) {
      const c = (
        await admin.send('POST', '/api/v1/campaigns', { projectId: project.id, name, market: 'gb-en' })
      ).json();
      const added = await admin.send('POST', `/api/v1/campaigns/${c.id}/keywords`, {
        keywords: [{ keyword: `${name} keyword`, searchVolume: 10, tags: ['t'] }],
      });
      expect(added.statusCode, added.body).toBe(200);
      ids.push(c.id);
    }
    const [kw] = await t.stores.rank.readKeywords('gb-en');
    await t.stores.rank.insertSerpResults([
      {
        market: 'gb-en',
        keywordId: kw!.id,
        date: '2025-03-03',
        position: 1,
        resultType: 'organic',
        url: 'https://a.com/',
      },
    ]);

    // The process "dies" in the RankStore step: the write throws before anything of it lands.
    const rank = t.stores.rank;
    const real = rank.setCampaignKeywords.bind(rank);
    rank.setCampaignKeywords = () => Promise.reject(new Error('injected: process killed'));
    expect((await admin.send('DELETE', `/api/v1/campaigns/${ids[0]}`)).statusCode).toBe(500);
    expect((await admin.send('DELETE', `/api/v1/projects/${project.id}`)).statusCode).toBe(500);
    rank.setCampaignKeywords = real;

    for (const id of ids) expect((await admin.get(`/api/v1/campaigns/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/v1/projects/${project.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/v1/campaigns')).json().items).toEqual([]);
    // Half-done: the RankStore still holds the membership.
    expect(await t.stores.rank.readCampaignKeywords(ids[0]!)).toHaveLength(1);
    expect((await t.stores.meta.pendingDeletes()).campaigns.map((c) => c.id)).toEqual(ids);

    // Next start on the same data folder.
    await t.app.close();
    await closeStores(t.stores);
    const stores = await openStores(t.config);
    const app = await buildApp({ stores, config: t.config, now: () => new Date(NOW) });
    await app.ready();
    t.app = app;
    t.stores = stores;

    expect(await stores.meta.pendingDeletes()).toEqual({ campaigns: [], projects: [] });
    for (const id of ids) expect(await stores.rank.readCampaignKeywords(id)).toEqual([]);
    expect((await stores.meta.counts()).campaigns).toBe(0);
    expect((await stores.meta.counts()).projects).toBe(0);
    expect(await stores.rank.readSnapshot('gb-en', '2025-03-03', [kw!.id])).toHaveLength(1);
    expect((await stores.rank.campaignKeywordSummary(ids[1]!)).keywords).toBe(0);
  });
});
