// Set-up of a user's own work (issue 25) through the API: projects, campaigns, keywords with tags and keyword
// groups, tracked domains, domain groups, competitor suggestions and the audit trail. Every route answers
// 401 signed out, 403 without its role, 404 for another organisation's ids, 400 naming the bad field, 402
// over a limit and refuses a change without the CSRF token; a campaign's numbers follow its edits.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SerpResultInput } from '@storage/rank-store';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-05T10:00:00.000Z';
let t: TestApp;
let analyst: Client;
let admin: Client;
let viewer: Client;
let outsider: Client;
let foreignCampaign: number;
let foreignProject: number;

beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(NOW),
    env: { SIGHTLINE_MAX_CAMPAIGN_KEYWORDS: '30', SIGHTLINE_MAX_TRACKED_DOMAINS: '4' },
  });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'admin@acme.test', ['ROLE_CV', 'ROLE_ADMIN']);
  await seedUser(t.stores, acme.id, 'viewer@acme.test', ['ROLE_VE']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV', 'ROLE_ADMIN']);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  admin = await Client.signIn(t.app, 'admin@acme.test');
  viewer = await Client.signIn(t.app, 'viewer@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
  foreignProject = (await outsider.send('POST', '/api/v1/projects', { name: 'Globex' })).json().id;
  const c = await outsider.send('POST', '/api/v1/campaigns', {
    projectId: foreignProject,
    name: 'G',
    market: 'gb-en',
  });
  foreignCampaign = c.json().id;
  const d = await outsider.send('POST', `/api/v1/campaigns/${foreignCampaign}/domains`, {
    value: 'globex.com',
  });
  expect(d.statusCode, d.body).toBe(201);
});
afterAll(async () => t.close());

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body).toBe(status);
  return status === 204 ? undefined : res.json();
}

async function newCampaign(name = 'Travel') {
  const project = await ok(await analyst.send('POST', '/api/v1/projects', { name: `${name} project` }), 201);
  const campaign = await ok(
    await analyst.send('POST', '/api/v1/campaigns', { projectId: project.id, name, market: 'gb-en' }),
    201,
  );
  return { projectId: project.id as number, campaignId: campaign.id as number };
}

describe('projects and campaigns', () => {
  it('creates, lists, renames and deletes; a create answers 201 with the object and its id', async () => {
    const project = await ok(await analyst.send('POST', '/api/v1/projects', { name: '  Travel  ' }), 201);
    expect(project).toMatchObject({ id: expect.any(Number), name: 'Travel' });
    const campaign = await ok(
      await analyst.send('POST', '/api/v1/campaigns', {
        projectId: project.id,
        name: 'UK flights',
        market: 'gb-en',
      }),
      201,
    );
    expect(campaign).toMatchObject({
      id: expect.any(Number),
      projectId: project.id,
      projectName: 'Travel',
      name: 'UK flights',
      market: 'gb-en',
      ctrModel: 'default',
      keywords: 0,
      domains: [],
    });
    expect(
      (await ok(await analyst.get('/api/v1/markets'))).items.map((m: { code: string }) => m.code),
    ).toContain('gb-en');
    const renamed = await ok(
      await analyst.send('PATCH', `/api/v1/campaigns/${campaign.id}`, { name: 'UK travel' }),
    );
    expect(renamed.name).toBe('UK travel');
    expect(
      (await ok(await analyst.send('PATCH', `/api/v1/projects/${project.id}`, { name: 'Trips' }))).name,
    ).toBe('Trips');
    await ok(await analyst.send('DELETE', `/api/v1/campaigns/${campaign.id}`), 204);
    expect((await analyst.get(`/api/v1/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await ok(await analyst.get(`/api/v1/projects/${project.id}`))).campaigns).toEqual([]);
  });

  it('refuses a market change while the campaign holds keywords, naming what to do', async () => {
    const { campaignId } = await newCampaign('Movers');
    await ok(
      await analyst.send('POST', `/api/v1/campaigns/${campaignId}/keywords`, {
        keywords: [{ keyword: 'a b' }],
      }),
    );
    const res = await analyst.send('PATCH', `/api/v1/campaigns/${campaignId}`, { market: 'us-en' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toMatch(/holds 1 keywords of gb-en: remove them/u);
    await ok(
      await analyst.send('DELETE', `/api/v1/campaigns/${campaignId}/keywords`, { keywords: ['A  B'] }),
    );
    const moved = await ok(
      await analyst.send('PATCH', `/api/v1/campaigns/${campaignId}`, { market: 'us-en' }),
    );
    expect(moved.market).toBe('us-en');
  });

  it('deleting a project needs ROLE_ADMIN and removes its campaigns, never the market rankings', async () => {
    const { projectId, campaignId } = await newCampaign('Gone');
    await ok(
      await analyst.send('POST', `/api/v1/campaigns/${campaignId}/keywords`, {
        keywords: [{ keyword: 'kept keyword', searchVolume: 100 }],
      }),
    );
    const [k] = await t.stores.rank.readKeywords('gb-en');
    await t.stores.rank.insertSerpResults([
      {
        market: 'gb-en',
        keywordId: k!.id,
        date: '2025-03-03',
        position: 1,
        resultType: 'organic',
        url: 'https://kept.example.com/',
      },
    ]);
    const refused = await analyst.send('DELETE', `/api/v1/projects/${projectId}`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toContain('ROLE_ADMIN');
    await ok(await admin.send('DELETE', `/api/v1/projects/${projectId}`), 204);
    expect((await analyst.get(`/api/v1/projects/${projectId}`)).statusCode).toBe(404);
    expect(await t.stores.rank.readCampaignKeywords(campaignId)).toEqual([]);
    expect(await t.stores.rank.readSnapshot('gb-en', '2025-03-03', [k!.id])).toHaveLength(1);
  });
});

describe('keywords', () => {
  it('adds in bulk with volumes, tags and a group; a repeat merges its tags; removes by text', async () => {
    const { campaignId } = await newCampaign('Keywords');
    const url = `/api/v1/campaigns/${campaignId}/keywords`;
    const first = await ok(
      await analyst.send('POST', url, {
        keywords: [
          { keyword: 'Cheap  Flights', searchVolume: 90500, tags: ['flights'], group: 'Deals' },
          { keyword: 'hotels in rome', searchVolume: 12100, tags: ['hotels', 'italy'] },
          { keyword: 'cheap flights', tags: ['brand'] },
        ],
      }),
    );
    expect(first).toEqual({ added: 2, merged: 0, total: 2 });
    const again = await ok(
      await analyst.send('POST', url, {
        keywords: [{ keyword: 'hotels in rome', tags: ['city'], group: 'Cities' }],
      }),
    );
    expect(again).toEqual({ added: 0, merged: 1, total: 2 });
    const list = await ok(await analyst.get(url));
    expect(list).toEqual({
      total: 2,
      items: [
        { keyword: 'cheap flights', searchVolume: 90500, tags: ['brand', 'flights'], group: 'Deals' },
        {
          keyword: 'hotels in rome',
          searchVolume: 12100,
          tags: ['city', 'hotels', 'italy'],
          group: 'Cities',
        },
      ],
    });
    expect((await ok(await analyst.get(`${url}?tag=italy`))).total).toBe(1);
    expect((await ok(await analyst.get(`${url}?search=flight`))).items[0].keyword).toBe('cheap flights');
    const detail = await ok(await analyst.get(`/api/v1/campaigns/${campaignId}`));
    expect(detail.tags).toEqual([
      { tag: 'brand', keywords: 1 },
      { tag: 'city', keywords: 1 },
      { tag: 'flights', keywords: 1 },
      { tag: 'hotels', keywords: 1 },
      { tag: 'italy', keywords: 1 },
    ]);
    const removed = await ok(
      await analyst.send('DELETE', url, { keywords: ['CHEAP flights', 'never added'] }),
    );
    expect(removed).toEqual({ removed: 1, notFound: ['never added'], total: 1 });
  });

  it('renames and deletes tags and keyword groups', async () => {
    const { campaignId } = await newCampaign('Labels');
    const base = `/api/v1/campaigns/${campaignId}`;
    await ok(
      await analyst.send('POST', `${base}/keywords`, {
        keywords: [
          { keyword: 'a', tags: ['x', 'y'], group: 'G' },
          { keyword: 'b', tags: ['x'] },
        ],
      }),
    );
    expect(await ok(await analyst.send('PATCH', `${base}/tags/x`, { name: 'z' }))).toEqual({ keywords: 2 });
    const clash = await analyst.send('PATCH', `${base}/tags/z`, { name: 'y' });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).message).toContain('"y"');
    expect((await analyst.send('PATCH', `${base}/tags/nope`, { name: 'q' })).statusCode).toBe(404);
    expect(await ok(await analyst.send('DELETE', `${base}/tags/y`))).toEqual({ keywords: 1 });
    expect(await ok(await analyst.send('PATCH', `${base}/keyword-groups/G`, { name: 'Group 1' }))).toEqual({
      keywords: 1,
    });
    const detail = await ok(await analyst.get(base));
    expect(detail.tags).toEqual([{ tag: 'z', keywords: 2 }]);
    expect(detail.groups).toEqual([{ group: 'Group 1', keywords: 1 }]);
    expect(await ok(await analyst.send('DELETE', `${base}/keyword-groups/Group%201`))).toEqual({
      keywords: 1,
    });
    expect((await ok(await analyst.get(base))).groups).toEqual([]);
  });

  it('answers 402 with the limit when a campaign would hold too many keywords, writing nothing', async () => {
    const { campaignId } = await newCampaign('Limits');
    const url = `/api/v1/campaigns/${campaignId}/keywords`;
    await ok(
      await analyst.send('POST', url, {
        keywords: Array.from({ length: 25 }, (_, i) => ({ keyword: `kw ${i}` })),
      }),
    );
    const res = await analyst.send('POST', url, {
      keywords: Array.from({ length: 10 }, (_, i) => ({ keyword: `more ${i}` })),
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toMatchObject({ code: 'limit_reached', details: { limit: 30 } });
    expect(errorOf(res).message).toContain('SIGHTLINE_MAX_CAMPAIGN_KEYWORDS');
    expect((await ok(await analyst.get(url))).total).toBe(25);
    expect((await t.stores.rank.readKeywords('gb-en')).some((k) => k.text === 'more 0')).toBe(false);
  });

  it('picks from the market with volumes, leaving out what the campaign holds', async () => {
    const { campaignId } = await newCampaign('Picker');
    await t.stores.rank.upsertKeywords('gb-en', [
      { text: 'picker big', sv: 5000 },
      { text: 'picker small', sv: 10 },
    ]);
    await ok(
      await analyst.send('POST', `/api/v1/campaigns/${campaignId}/keywords`, {
        keywords: [{ keyword: 'picker small' }],
      }),
    );
    const body = await ok(
      await analyst.get(`/api/v1/markets/gb-en/keywords?search=picker&excludeCampaign=${campaignId}`),
    );
    expect(body).toEqual({ total: 1, items: [{ keyword: 'picker big', searchVolume: 5000 }] });
    // The volume of an existing keyword is kept when none is given.
    expect(
      (await ok(await analyst.get(`/api/v1/campaigns/${campaignId}/keywords`))).items[0].searchVolume,
    ).toBe(10);
  });
});

describe('tracked domains and domain groups', () => {
  it('adds in canonical form with palette colours, refuses repeats and bad values naming them', async () => {
    const { campaignId } = await newCampaign('Domains');
    const url = `/api/v1/campaigns/${campaignId}/domains`;
    const own = await ok(
      await analyst.send('POST', url, { value: 'https://www.Wanderlane.co.uk/', own: true }),
      201,
    );
    expect(own).toMatchObject({
      value: 'www.wanderlane.co.uk',
      label: 'www.wanderlane.co.uk',
      color: '#1f77b4',
      isOwn: true,
    });
    const rival = await ok(await analyst.send('POST', url, { value: 'rival.com', label: 'Rival' }), 201);
    expect(rival).toMatchObject({ value: 'rival.com', color: '#ff7f0e', isOwn: false });
    const repeat = await analyst.send('POST', url, { value: 'http://www.wanderlane.co.uk' });
    expect(repeat.statusCode).toBe(409);
    expect(errorOf(repeat).message).toContain('www.wanderlane.co.uk');
    for (const bad of ['../../etc/passwd', '"rival.com"', '=evil.example', 'a.com/x\u202e']) {
      const res = await analyst.send('POST', url, { value: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).message).toContain(JSON.stringify(bad));
      expect(errorOf(res).details).toMatchObject({ field: 'value' });
    }
    const edited = await ok(
      await analyst.send('PATCH', `${url}/${rival.id}`, { label: 'Rival Ltd', value: 'rival.com/blog' }),
    );
    expect(edited).toMatchObject({ label: 'Rival Ltd', value: 'rival.com/blog' });
    await ok(await analyst.send('DELETE', `${url}/${rival.id}`), 204);
    expect((await analyst.send('DELETE', `${url}/${rival.id}`)).statusCode).toBe(404);
  });

  it('answers 402 past the tracked-domain limit', async () => {
    const { campaignId } = await newCampaign('Many');
    const url = `/api/v1/campaigns/${campaignId}/domains`;
    for (const v of ['a.com', 'b.com', 'c.com', 'd.com'])
      await ok(await analyst.send('POST', url, { value: v }), 201);
    const res = await analyst.send('POST', url, { value: 'e.com' });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toMatchObject({ code: 'limit_reached', details: { limit: 4 } });
  });

  it('creates, renames, re-members and deletes a domain group; labels are unique', async () => {
    const { campaignId } = await newCampaign('Groups');
    const url = `/api/v1/campaigns/${campaignId}/domain-groups`;
    const g = await ok(
      await analyst.send('POST', url, { label: 'Sellers', members: ['a.com', 'https://b.com/', 'a.com'] }),
      201,
    );
    expect(g).toMatchObject({ label: 'Sellers', members: ['a.com', 'b.com'], color: '#1f77b4' });
    expect((await analyst.send('POST', url, { label: 'sellers', members: ['c.com'] })).statusCode).toBe(409);
    const renamed = await ok(
      await analyst.send('PATCH', `${url}/${g.id}`, { label: 'Holiday sellers', members: ['c.com'] }),
    );
    expect(renamed).toMatchObject({ label: 'Holiday sellers', members: ['c.com'] });
    const bad = await analyst.send('PATCH', `${url}/${g.id}`, { members: ['not a domain'] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('members.0');
    await ok(await analyst.send('DELETE', `${url}/${g.id}`), 204);
    expect((await ok(await analyst.get(`/api/v1/campaigns/${campaignId}`))).domainGroups).toEqual([]);
  });
});

describe('competitor suggestions and the numbers after edits', () => {
  it('suggests the domains most visible on the keywords, not yet tracked, and the campaign view follows', async () => {
    const { campaignId } = await newCampaign('Suggest');
    const base = `/api/v1/campaigns/${campaignId}`;
    await ok(
      await analyst.send('POST', `${base}/keywords`, {
        keywords: [
          { keyword: 'suggest one', searchVolume: 1000 },
          { keyword: 'suggest two', searchVolume: 100 },
        ],
      }),
    );
    const ids = new Map((await t.stores.rank.readKeywords('gb-en')).map((k) => [k.text, k.id]));
    const rows: SerpResultInput[] = [
      ['suggest one', 1, 'https://www.big.com/a'],
      ['suggest one', 2, 'https://mine.com/'],
      ['suggest two', 1, 'https://small.org/'],
      ['suggest two', 3, 'https://www.big.com/b'],
    ].map(([kw, position, url]) => ({
      market: 'gb-en',
      keywordId: ids.get(kw as string)!,
      date: '2025-03-03',
      position: position as number,
      resultType: 'organic',
      url: url as string,
    }));
    await t.stores.rank.insertSerpResults(rows);
    await ok(await analyst.send('POST', `${base}/domains`, { value: 'mine.com', own: true }), 201);
    const s = await ok(await analyst.get(`${base}/competitor-suggestions`));
    expect(s.date).toBe('2025-03-03');
    expect(s.items.map((i: { domain: string }) => i.domain)).toEqual(['big.com', 'small.org']);
    const max = (1000 + 100) * 0.285;
    expect(s.items[0].keywords).toBe(2);
    expect(s.items[0].visibilityScore).toBeCloseTo(1000 * 0.285 + 100 * 0.11, 9);
    expect(s.items[0].visibility).toBeCloseTo(((1000 * 0.285 + 100 * 0.11) / max) * 100, 9);
    await ok(await analyst.send('POST', `${base}/domains`, { value: s.items[0].domain }), 201);
    const summary = await ok(
      await analyst.get(
        `/api/v3/campaign-visibility/${campaignId}/domains?startDate=2025-03-01&endDate=2025-03-05`,
      ),
    );
    const vs = Object.fromEntries(
      summary.items.map((i: { key: string; visibilityScore: number }) => [i.key, i.visibilityScore]),
    );
    expect(vs['mine.com']).toBeCloseTo(1000 * 0.157, 9);
    expect(vs['big.com']).toBeCloseTo(1000 * 0.285 + 100 * 0.11, 9);
    // Removing a keyword changes the campaign's numbers at once.
    await ok(await analyst.send('DELETE', `${base}/keywords`, { keywords: ['suggest two'] }));
    const after = await ok(
      await analyst.get(
        `/api/v3/campaign-visibility/${campaignId}/domains?startDate=2025-03-01&endDate=2025-03-05&domains=big.com`,
      ),
    );
    expect(after.items[0].visibilityScore).toBeCloseTo(1000 * 0.285, 9);
  });
});

describe('the audit trail', () => {
  it('records who changed what, for administrators only', async () => {
    const { campaignId } = await newCampaign('Audited');
    await ok(
      await analyst.send('POST', `/api/v1/campaigns/${campaignId}/domains`, { value: 'audited.com' }),
      201,
    );
    const body = await ok(await admin.get('/api/v1/admin/audit?limit=5'));
    expect(body.items[0]).toMatchObject({
      userEmail: 'analyst@acme.test',
      action: 'create',
      objectType: 'domain',
      summary: `campaign ${campaignId}: tracks audited.com`,
    });
    expect(
      body.items.some((e: { summary: string }) => e.summary.includes('created campaign "Audited"')),
    ).toBe(true);
    expect((await analyst.get('/api/v1/admin/audit')).statusCode).toBe(403);
    const theirs = await ok(await outsider.get('/api/v1/admin/audit?limit=500'));
    expect(theirs.items.every((e: { userEmail: string }) => e.userEmail === 'analyst@globex.test')).toBe(
      true,
    );
  });
});

describe('guards on every route', () => {
  let campaignId: number;
  let projectId: number;
  let domainId: number;
  let groupId: number;
  beforeAll(async () => {
    ({ campaignId, projectId } = await newCampaign('Guarded'));
    domainId = (
      await ok(await analyst.send('POST', `/api/v1/campaigns/${campaignId}/domains`, { value: 'g.com' }), 201)
    ).id;
    groupId = (
      await ok(
        await analyst.send('POST', `/api/v1/campaigns/${campaignId}/domain-groups`, {
          label: 'G',
          members: ['g.com'],
        }),
        201,
      )
    ).id;
    await ok(
      await analyst.send('POST', `/api/v1/campaigns/${campaignId}/keywords`, {
        keywords: [{ keyword: 'k', tags: ['t'], group: 'kg' }],
      }),
    );
  });

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Each route with a valid body; `{c}` etc. are replaced by own or foreign ids. */
  const routes: [Method, string, unknown, string][] = [
    ['POST', '/api/v1/projects', { name: 'P' }, 'ROLE_CV'],
    ['PATCH', '/api/v1/projects/{p}', { name: 'P2' }, 'ROLE_CV'],
    ['DELETE', '/api/v1/projects/{p}', undefined, 'ROLE_ADMIN'],
    ['POST', '/api/v1/campaigns', { projectId: '{p}', name: 'C', market: 'gb-en' }, 'ROLE_CV'],
    ['PATCH', '/api/v1/campaigns/{c}', { name: 'C2' }, 'ROLE_CV'],
    ['DELETE', '/api/v1/campaigns/{c}', undefined, 'ROLE_CV'],
    ['POST', '/api/v1/campaigns/{c}/keywords', { keywords: [{ keyword: 'x' }] }, 'ROLE_CV'],
    ['DELETE', '/api/v1/campaigns/{c}/keywords', { keywords: ['x'] }, 'ROLE_CV'],
    ['POST', '/api/v1/campaigns/{c}/domains', { value: 'x.com' }, 'ROLE_CV'],
    ['PATCH', '/api/v1/campaigns/{c}/domains/{d}', { label: 'L' }, 'ROLE_CV'],
    ['DELETE', '/api/v1/campaigns/{c}/domains/{d}', undefined, 'ROLE_CV'],
    ['POST', '/api/v1/campaigns/{c}/domain-groups', { label: 'N', members: ['x.com'] }, 'ROLE_CV'],
    ['PATCH', '/api/v1/campaigns/{c}/domain-groups/{g}', { label: 'N2' }, 'ROLE_CV'],
    ['DELETE', '/api/v1/campaigns/{c}/domain-groups/{g}', undefined, 'ROLE_CV'],
    ['PATCH', '/api/v1/campaigns/{c}/tags/t', { name: 't2' }, 'ROLE_CV'],
    ['DELETE', '/api/v1/campaigns/{c}/tags/t', undefined, 'ROLE_CV'],
    ['PATCH', '/api/v1/campaigns/{c}/keyword-groups/kg', { name: 'kg2' }, 'ROLE_CV'],
    ['DELETE', '/api/v1/campaigns/{c}/keyword-groups/kg', undefined, 'ROLE_CV'],
    ['GET', '/api/v1/campaigns/{c}/competitor-suggestions', undefined, 'ROLE_CV'],
    ['GET', '/api/v1/markets/gb-en/keywords', undefined, 'ROLE_CV'],
  ];
  const fill = (s: string, ids: { p: number; c: number; d: number; g: number }) =>
    s
      .replace('{p}', String(ids.p))
      .replace('{c}', String(ids.c))
      .replace('{d}', String(ids.d))
      .replace('{g}', String(ids.g));
  const body = (b: unknown, ids: { p: number; c: number; d: number; g: number }) =>
    b === undefined
      ? undefined
      : JSON.parse(fill(JSON.stringify(b), ids).replace('"' + ids.p + '"', String(ids.p)));
  const own = () => ({ p: projectId, c: campaignId, d: domainId, g: groupId });

  function call(client: Client | null, method: Method, url: string, payload: unknown, csrf?: null) {
    if (client === null)
      return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (method === 'GET') return client.get(url);
    return client.send(method, url, payload, csrf);
  }

  it('401 signed out, 403 without the role (naming it), CSRF refused', async () => {
    for (const [method, path, payload, role] of routes) {
      const url = fill(path, own());
      expect((await call(null, method, url, body(payload, own()))).statusCode, `${method} ${path}`).toBe(401);
      const forbidden = await call(
        role === 'ROLE_ADMIN' ? analyst : viewer,
        method,
        url,
        body(payload, own()),
      );
      expect(forbidden.statusCode, `${method} ${path}`).toBe(403);
      expect(errorOf(forbidden).message).toContain(role);
      if (method !== 'GET') {
        const noCsrf = await call(
          role === 'ROLE_ADMIN' ? admin : analyst,
          method,
          url,
          body(payload, own()),
          null,
        );
        expect(noCsrf.statusCode, `${method} ${path} without CSRF`).toBe(403);
      }
    }
  });

  it("404 for another organisation's ids", async () => {
    const g = await ok(await outsider.get(`/api/v1/campaigns/${foreignCampaign}`));
    const foreign = { p: foreignProject, c: foreignCampaign, d: g.domains[0].id, g: 999_999 };
    for (const [method, path, payload] of routes) {
      if (!/\{[pcdg]\}/u.test(path)) continue;
      const res = await call(
        path.includes('/projects/') ? admin : analyst,
        method,
        fill(path, foreign),
        body(payload, foreign),
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const stillThere = await ok(await outsider.get(`/api/v1/campaigns/${foreignCampaign}`));
    expect(stillThere.domains).toHaveLength(1);
  });

  it('400 naming the bad field', async () => {
    const cases: [Method, string, unknown, RegExp][] = [
      ['POST', '/api/v1/projects', { name: '' }, /name/u],
      ['POST', '/api/v1/campaigns', { projectId: projectId, name: 'C', market: 'england' }, /market/u],
      [
        'POST',
        `/api/v1/campaigns/${campaignId}/keywords`,
        { keywords: [{ keyword: 'x', searchVolume: -5 }] },
        /keywords\.0\.searchVolume/u,
      ],
      ['POST', `/api/v1/campaigns/${campaignId}/keywords`, { keywords: [] }, /keywords/u],
      ['POST', `/api/v1/campaigns/${campaignId}/domains`, { value: 'http://' }, /value/u],
      ['PATCH', `/api/v1/campaigns/${campaignId}`, { colour: 'red' }, /colour/u],
      ['POST', `/api/v1/campaigns/${campaignId}/domain-groups`, { label: 'E', members: [] }, /members/u],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await analyst.send(method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(errorOf(res).message).toMatch(field);
    }
  });
});
