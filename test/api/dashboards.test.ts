// Dashboards (issue 31 item 2) through the API: the default made on first use (the workspace overview),
// create, read, rename, widgets and layout, duplicate, set default, delete; shared ones seen by colleagues
// but changed only by their maker or an administrator (403); private ones and another organisation's 404;
// 400 naming the bad field; 401 signed out and 403 without the CSRF token.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-05T10:00:00.000Z';
let t: TestApp;
let analyst: Client;
let colleague: Client;
let admin: Client;
let outsider: Client;
let campaignId: number;
let projectId: number;
let foreignCampaignId: number;

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body).toBe(status);
  return status === 204 ? undefined : res.json();
}

async function newCampaign(client: Client, name: string): Promise<{ projectId: number; id: number }> {
  const project = await ok(await client.send('POST', '/api/v1/projects', { name }), 201);
  const campaign = await ok(
    await client.send('POST', '/api/v1/campaigns', { projectId: project.id, name, market: 'gb-en' }),
    201,
  );
  return { projectId: project.id, id: campaign.id };
}

const widget = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  type: 'campaign-visibility',
  scope: { kind: 'campaign', campaignId },
  layout: { x: 0, y: 0, w: 6, h: 8 },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'colleague@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'admin@acme.test', ['ROLE_ADMIN', 'ROLE_CV']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  colleague = await Client.signIn(t.app, 'colleague@acme.test');
  admin = await Client.signIn(t.app, 'admin@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
  const c = await newCampaign(analyst, 'Travel');
  campaignId = c.id;
  projectId = c.projectId;
  foreignCampaignId = (await newCampaign(outsider, 'Globex')).id;
});
afterAll(async () => t.close());

describe('dashboards', () => {
  it('makes a first dashboard with the workspace overview, once, and sets it as the default', async () => {
    const first = await ok(await colleague.get('/api/v1/dashboards/default'));
    expect(first).toMatchObject({
      name: 'My dashboard',
      visibility: 'private',
      isDefault: true,
      editable: true,
      widgets: [{ id: 'overview', type: 'workspace-overview', scope: { kind: 'workspace' } }],
    });
    expect((await ok(await colleague.get('/api/v1/dashboards/default'))).id).toBe(first.id);
    const listed = await ok(await colleague.get('/api/v1/dashboards'));
    expect(listed).toEqual({
      defaultId: first.id,
      items: [expect.objectContaining({ id: first.id, widgetCount: 1, isDefault: true })],
    });
  });

  it('creates, renames, lays out, duplicates, sets default and deletes', async () => {
    const created = await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: ' Weekly ',
        widgets: [
          widget('vis'),
          widget('share', { type: 'share-of-visibility', layout: { x: 6, y: 0, w: 6, h: 8 } }),
          widget('pv', {
            type: 'project-visibility',
            scope: { kind: 'project', projectId },
            range: { kind: 'fixed', from: '2024-09-01', to: '2025-02-28' },
            layout: { x: 0, y: 8, w: 12, h: 9 },
          }),
          widget('ms', { type: 'market-share', scope: { kind: 'host', host: 'acme.com', market: 'gb-en' } }),
        ],
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Weekly',
      visibility: 'private',
      isDefault: false,
      editable: true,
    });
    // Defaults filled in: filters, range, title.
    expect(created.widgets[0]).toEqual({
      ...widget('vis'),
      filters: { domains: [], tags: [] },
      range: { kind: 'relative', span: 'half-year' },
      title: null,
    });
    const id = created.id as number;
    const moved = await ok(
      await analyst.send('PATCH', `/api/v1/dashboards/${id}`, {
        name: 'Weekly review',
        layout: [{ id: 'share', x: 0, y: 20, w: 4, h: 10 }],
      }),
    );
    expect(moved.name).toBe('Weekly review');
    expect(moved.widgets.find((w: { id: string }) => w.id === 'share').layout).toEqual({
      x: 0,
      y: 20,
      w: 4,
      h: 10,
    });
    expect(moved.widgets.find((w: { id: string }) => w.id === 'vis').layout).toEqual({
      x: 0,
      y: 0,
      w: 6,
      h: 8,
    });
    expect((await ok(await analyst.get(`/api/v1/dashboards/${id}`))).widgets).toEqual(moved.widgets);

    const fewer = await ok(
      await analyst.send('PATCH', `/api/v1/dashboards/${id}`, { widgets: moved.widgets.slice(0, 2) }),
    );
    expect(fewer.widgets.map((w: { id: string }) => w.id)).toEqual(['vis', 'share']);

    const copy = await ok(await analyst.send('POST', `/api/v1/dashboards/${id}/duplicate`, {}), 201);
    expect(copy).toMatchObject({ name: 'Weekly review (copy)', widgets: fewer.widgets });
    expect(copy.id).not.toBe(id);

    expect((await ok(await analyst.send('PUT', `/api/v1/dashboards/${copy.id}/default`))).isDefault).toBe(
      true,
    );
    expect((await ok(await analyst.get('/api/v1/dashboards/default'))).id).toBe(copy.id);
    await ok(await analyst.send('DELETE', `/api/v1/dashboards/${copy.id}`), 204);
    expect((await analyst.get(`/api/v1/dashboards/${copy.id}`)).statusCode).toBe(404);
    // The deleted default is no longer anyone's default: the first dashboard left opens.
    expect((await ok(await analyst.get('/api/v1/dashboards'))).defaultId).toBeNull();
    expect((await ok(await analyst.get('/api/v1/dashboards/default'))).id).toBe(id);
  });

  it('shows shared dashboards to colleagues, lets only the maker or an admin change them', async () => {
    const shared = await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: 'Team',
        visibility: 'shared',
        widgets: [widget('a')],
      }),
      201,
    );
    const seen = await ok(await colleague.get(`/api/v1/dashboards/${shared.id}`));
    expect(seen).toMatchObject({ name: 'Team', visibility: 'shared', editable: false });
    const refused = await colleague.send('PATCH', `/api/v1/dashboards/${shared.id}`, { name: 'Mine now' });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'dashboard_read_only']);
    expect((await colleague.send('DELETE', `/api/v1/dashboards/${shared.id}`)).statusCode).toBe(403);
    // A colleague may still copy it and make it their default.
    const copy = await ok(
      await colleague.send('POST', `/api/v1/dashboards/${shared.id}/duplicate`, { name: 'My team' }),
      201,
    );
    expect(copy).toMatchObject({ name: 'My team', visibility: 'private', editable: true });
    await ok(await colleague.send('PUT', `/api/v1/dashboards/${shared.id}/default`));
    expect(
      (await ok(await admin.send('PATCH', `/api/v1/dashboards/${shared.id}`, { name: 'Team (admin)' }))).name,
    ).toBe('Team (admin)');
  });

  it('answers 404 for another user’s private dashboard, another organisation’s, and foreign scopes', async () => {
    const own = await ok(await analyst.send('POST', '/api/v1/dashboards', { name: 'Private' }), 201);
    for (const client of [colleague, outsider]) {
      for (const res of [
        await client.get(`/api/v1/dashboards/${own.id}`),
        await client.send('PATCH', `/api/v1/dashboards/${own.id}`, { name: 'x' }),
        await client.send('POST', `/api/v1/dashboards/${own.id}/duplicate`, {}),
        await client.send('PUT', `/api/v1/dashboards/${own.id}/default`),
        await client.send('DELETE', `/api/v1/dashboards/${own.id}`),
      ]) {
        expect([res.statusCode, errorOf(res).code]).toEqual([404, 'not_found']);
      }
    }
    expect((await ok(await outsider.get('/api/v1/dashboards'))).items).toEqual([]);
    const foreign = await analyst.send('POST', '/api/v1/dashboards', {
      name: 'Spy',
      widgets: [widget('x', { scope: { kind: 'campaign', campaignId: foreignCampaignId } })],
    });
    expect([foreign.statusCode, errorOf(foreign).message]).toEqual([
      404,
      `campaign ${foreignCampaignId} (widget x) does not exist`,
    ]);
    const market = await analyst.send('POST', '/api/v1/dashboards', {
      name: 'Elsewhere',
      widgets: [widget('m', { type: 'market-share', scope: { kind: 'market', market: 'de-de' } })],
    });
    expect(market.statusCode).toBe(404);
  });

  it('answers 400 naming what is wrong and where, writing nothing', async () => {
    const before = (await ok(await analyst.get('/api/v1/dashboards'))).items.length;
    const cases: [unknown, string][] = [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'x', visibility: 'public' }, 'visibility'],
      [{ name: 'x', widgets: [widget('a', { type: 'pie' })] }, 'widgets.0.type'],
      [{ name: 'x', widgets: [widget('a', { layout: { x: 8, y: 0, w: 6, h: 4 } })] }, 'widgets.0.layout.w'],
      [
        { name: 'x', widgets: [widget('a', { scope: { kind: 'project', projectId } })] },
        'widgets.0.scope.kind',
      ],
      [{ name: 'x', widgets: [widget('a'), widget('a')] }, 'widgets'],
      [
        {
          name: 'x',
          widgets: [widget('a', { range: { kind: 'fixed', from: '2025-02-01', to: '2025-01-01' } })],
        },
        'widgets.0.range.from',
      ],
      [{ name: 'x', colour: 'red' }, '(whole body)'],
    ];
    for (const [payload, field] of cases) {
      const res = await analyst.send('POST', '/api/v1/dashboards', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        errorOf(res).details.issues.map((i: { field: string }) => i.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    const scope = await analyst.send('POST', '/api/v1/dashboards', {
      name: 'x',
      widgets: [widget('a', { scope: { kind: 'project', projectId } })],
    });
    expect(errorOf(scope).message).toMatch(
      /campaign-visibility widget reads a campaign scope, not a project/u,
    );
    const d = await ok(
      await analyst.send('POST', '/api/v1/dashboards', { name: 'L', widgets: [widget('a')] }),
      201,
    );
    const unknown = await analyst.send('PATCH', `/api/v1/dashboards/${d.id}`, {
      layout: [{ id: 'ghost', x: 0, y: 0, w: 2, h: 2 }],
    });
    expect([unknown.statusCode, errorOf(unknown).code, errorOf(unknown).details]).toEqual([
      400,
      'unknown_widget',
      { field: 'layout', unknown: ['ghost'] },
    ]);
    const both = await analyst.send('PATCH', `/api/v1/dashboards/${d.id}`, { widgets: [], layout: [] });
    expect(both.statusCode).toBe(400);
    expect((await ok(await analyst.get(`/api/v1/dashboards/${d.id}`))).widgets).toHaveLength(1);
    expect((await analyst.get('/api/v1/dashboards/abc')).statusCode).toBe(400);
    expect((await ok(await analyst.get('/api/v1/dashboards'))).items.length).toBe(before + 1);
  });

  it('is documented in OpenAPI with its widget contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of [
      '/api/v1/dashboards',
      '/api/v1/dashboards/default',
      '/api/v1/dashboards/{id}',
      '/api/v1/dashboards/{id}/duplicate',
      '/api/v1/dashboards/{id}/default',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    expect(Object.keys(doc.paths['/api/v1/dashboards/{id}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    expect(JSON.stringify(doc.paths['/api/v1/dashboards'].post.requestBody)).toContain('workspace-overview');
  });

  it('answers 401 signed out and 403 without the CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dashboards' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dashboards/default' })).statusCode).toBe(401);
    expect((await analyst.send('POST', '/api/v1/dashboards', { name: 'x' }, null)).statusCode).toBe(403);
  });
});
