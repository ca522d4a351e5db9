// Workspace routes: markets, projects, campaigns with their tracked domains and keyword counts, and the
// dashboard; objects of another organisation are 404, bad ids and query values 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let acme: Client;
let globex: Client;
let projectId: number;
let campaignId: number;
let foreignProjectId: number;
let foreignCampaignId: number;
const NOW = '2025-03-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  const { meta, rank } = t.stores;
  const acmeOrg = await seedOrganisation(t.stores, 'Acme');
  await t.stores.meta.upsertMarket(
    acmeOrg.id,
    {
      code: 'gb-en',
      country: 'gb',
      language: 'en',
      device: 'desktop',
      engine: 'google',
      name: 'United Kingdom (English)',
    },
    'gb-en',
  );
  const globexOrg = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acmeOrg.id, 'analyst@acme.test', []);
  await seedUser(t.stores, globexOrg.id, 'analyst@globex.test', []);

  const project = await meta.createProject(acmeOrg.id, 'Shoes', NOW);
  projectId = project.id;
  await meta.addSite(project.id, 'www.acme-shoes.test');
  const campaign = await meta.createCampaign(
    {
      organisationId: acmeOrg.id,
      projectId: project.id,
      name: 'Running shoes',
      market: 'gb-en',
      schedule: 'weekly',
    },
    NOW,
  );
  campaignId = campaign.id;
  await meta.addTrackedDomain(campaign.id, {
    value: 'acme-shoes.test',
    label: 'Acme',
    color: '#1f77b4',
    isOwn: true,
  });
  await meta.addTrackedDomain(campaign.id, {
    value: 'rival.test',
    label: 'Rival',
    color: '#ff7f0e',
    isOwn: false,
  });
  await meta.createDomainGroup(campaign.id, {
    label: 'Retailers',
    color: '#2ca02c',
    members: ['rival.test'],
  });

  const ids = await rank.upsertKeywords('gb-en', [
    { text: 'running shoes', sv: 1000 },
    { text: 'trail running shoes', sv: 200 },
    { text: 'shoe shop', sv: null },
  ]);
  const id = (k: string) => ids.get(k) ?? 0;
  await rank.setCampaignKeywords(campaign.id, 'gb-en', [
    { keywordId: id('running shoes'), tags: ['core'], groups: ['Running'] },
    { keywordId: id('trail running shoes'), tags: ['core', 'trail'], groups: ['Running'] },
    { keywordId: id('shoe shop'), tags: [], groups: [] },
  ]);
  await rank.insertSerpResults([
    {
      market: 'gb-en',
      keywordId: id('running shoes'),
      date: '2025-02-01',
      position: 1,
      resultType: 'organic',
      url: 'https://www.acme-shoes.test/running',
    },
    {
      market: 'gb-en',
      keywordId: id('running shoes'),
      date: '2025-02-01',
      position: 2,
      resultType: 'organic',
      url: 'https://rival.test/',
    },
    {
      market: 'gb-en',
      keywordId: id('running shoes'),
      date: '2025-02-08',
      position: 1,
      resultType: 'organic',
      url: 'https://rival.test/',
    },
  ]);

  const foreignProject = await meta.createProject(globexOrg.id, 'Secret', NOW);
  foreignProjectId = foreignProject.id;
  foreignCampaignId = (
    await meta.createCampaign(
      { organisationId: globexOrg.id, projectId: foreignProject.id, name: 'Secret', market: 'gb-en' },
      NOW,
    )
  ).id;

  acme = await Client.signIn(t.app, 'analyst@acme.test');
  globex = await Client.signIn(t.app, 'analyst@globex.test');
});
afterAll(async () => t.close());

describe('workspace routes', () => {
  it('are 401 when signed out', async () => {
    for (const url of [
      '/api/v1/markets',
      '/api/v1/projects',
      `/api/v1/projects/${projectId}`,
      '/api/v1/campaigns',
      `/api/v1/campaigns/${campaignId}`,
      '/api/v1/dashboard',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).code).toBe('unauthenticated');
    }
  });

  it('list markets and the own projects', async () => {
    expect((await acme.get('/api/v1/markets')).json().items).toEqual([
      {
        code: 'gb-en',
        country: 'gb',
        language: 'en',
        device: 'desktop',
        engine: 'google',
        name: 'United Kingdom (English)',
      },
    ]);
    expect((await acme.get('/api/v1/projects')).json().items).toEqual([
      { id: projectId, name: 'Shoes', createdAt: NOW },
    ]);
    expect((await globex.get('/api/v1/projects')).json().items.map((p: { id: number }) => p.id)).toEqual([
      foreignProjectId,
    ]);
  });

  it('return a project with its sites and campaigns', async () => {
    const res = await acme.get(`/api/v1/projects/${projectId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sites.map((s: { host: string }) => s.host)).toEqual(['www.acme-shoes.test']);
    expect(body.campaigns).toHaveLength(1);
    expect(body.campaigns[0]).toMatchObject({ id: campaignId, projectName: 'Shoes', trackedDomains: 2 });
  });

  it('list campaigns, optionally of one project', async () => {
    const all = (await acme.get('/api/v1/campaigns')).json().items;
    expect(all).toEqual([
      {
        id: campaignId,
        projectId,
        projectName: 'Shoes',
        name: 'Running shoes',
        market: 'gb-en',
        ctrModel: 'default',
        schedule: 'weekly',
        trackedDomains: 2,
        createdAt: NOW,
      },
    ]);
    expect((await acme.get(`/api/v1/campaigns?projectId=${projectId}`)).json().items).toHaveLength(1);
  });

  it('return a campaign with domains, groups and keyword, tag and group counts', async () => {
    const res = await acme.get(`/api/v1/campaigns/${campaignId}`);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.domains.map((d: { value: string; isOwn: boolean }) => [d.value, d.isOwn])).toEqual([
      ['acme-shoes.test', true],
      ['rival.test', false],
    ]);
    expect(c.domainGroups).toEqual([
      expect.objectContaining({ label: 'Retailers', members: ['rival.test'] }),
    ]);
    expect(c.keywords).toBe(3);
    expect([...c.tags].sort((a: { tag: string }, b: { tag: string }) => a.tag.localeCompare(b.tag))).toEqual([
      { tag: 'core', keywords: 2 },
      { tag: 'trail', keywords: 1 },
    ]);
    expect(c.groups).toEqual([{ group: 'Running', keywords: 2 }]);
  });

  it('give the dashboard overview per market', async () => {
    const res = await acme.get('/api/v1/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ organisationName: 'Acme', projects: 1, campaigns: 1, users: 1 });
    expect(d.markets).toEqual([
      {
        market: 'gb-en',
        name: 'United Kingdom (English)',
        keywords: 3,
        keywordsWithVolume: 2,
        totalSearchVolume: 1200,
        snapshots: 2,
        firstSnapshot: '2025-02-01',
        lastSnapshot: '2025-02-08',
        serpResults: 3,
        hosts: 2,
      },
    ]);
  });

  it('answer 404 (never 403) for a project or campaign of another organisation', async () => {
    for (const url of [
      `/api/v1/projects/${projectId}`,
      `/api/v1/campaigns/${campaignId}`,
      `/api/v1/campaigns?projectId=${projectId}`,
    ]) {
      const res = await globex.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    expect((await acme.get(`/api/v1/campaigns/${foreignCampaignId}`)).statusCode).toBe(404);
    expect(errorOf(await acme.get(`/api/v1/projects/${foreignProjectId}`)).message).toBe(
      `project ${foreignProjectId} does not exist`,
    );
  });

  it('answer 400 naming the bad id or query value', async () => {
    const id = await acme.get('/api/v1/campaigns/first');
    expect(id.statusCode).toBe(400);
    expect(errorOf(id).details.issues[0]).toMatchObject({ location: 'params', field: 'id' });
    const q = await acme.get('/api/v1/campaigns?projectId=-3');
    expect(q.statusCode).toBe(400);
    expect(errorOf(q).details.issues[0]).toMatchObject({ location: 'querystring', field: 'projectId' });
  });
});
