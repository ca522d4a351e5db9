// A report made of a dashboard (POST /api/v1/dashboards/{id}/report): 201 with the dashboard's widgets in
// reading order (grid rows, then columns) as widget blocks keeping each one's scope, filters, range and
// title, titled after the dashboard; 401 signed out, 403 without ROLE_REPORTS or the CSRF token, 404 for
// another organisation's dashboard or another user's private one, 400 for an empty dashboard.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  errorOf,
  newCampaign,
  seedOrganisation,
  seedUser,
  type TestApp,
} from './helpers';

const NOW = '2025-03-05T10:00:00.000Z';
let t: TestApp;
let analyst: Client;
let viewer: Client;
let outsider: Client;
let travel: { projectId: number; id: number };
let hotels: { projectId: number; id: number };

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** Five widgets over two campaigns, listed out of grid order on purpose. */
function fiveWidgets() {
  return [
    {
      id: 'league',
      type: 'competitors-league',
      scope: { kind: 'campaign', campaignId: hotels.id },
      range: { kind: 'fixed', from: '2025-01-01', to: '2025-01-31' },
      layout: { x: 6, y: 8, w: 6, h: 8 },
    },
    {
      id: 'vis',
      type: 'campaign-visibility',
      scope: { kind: 'campaign', campaignId: travel.id },
      filters: { domains: ['example.com'], tags: ['brand'] },
      range: { kind: 'relative', span: 'quarter' },
      title: 'Travel visibility',
      layout: { x: 6, y: 0, w: 6, h: 8 },
    },
    {
      id: 'share',
      type: 'share-of-visibility',
      scope: { kind: 'campaign', campaignId: hotels.id },
      layout: { x: 0, y: 0, w: 6, h: 8 },
    },
    {
      id: 'market',
      type: 'market-share',
      scope: { kind: 'market', market: 'gb-en' },
      range: { kind: 'relative', span: 'year' },
      layout: { x: 0, y: 16, w: 12, h: 8 },
    },
    {
      id: 'project',
      type: 'project-visibility',
      scope: { kind: 'project', projectId: travel.projectId },
      layout: { x: 0, y: 8, w: 6, h: 8 },
    },
  ];
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV', 'ROLE_REPORTS']);
  await seedUser(t.stores, acme.id, 'viewer@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV', 'ROLE_REPORTS']);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  viewer = await Client.signIn(t.app, 'viewer@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
  travel = await newCampaign(analyst, 'Travel');
  hotels = await newCampaign(analyst, 'Hotels');
  await newCampaign(outsider, 'Globex');
});
afterAll(async () => t.close());

describe('report from a dashboard', () => {
  it('answers 201 with the widgets in reading order as blocks, titled after the dashboard, and stores it', async () => {
    const board = await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: 'Weekly board',
        visibility: 'shared',
        widgets: fiveWidgets(),
      }),
      201,
    );
    const created = await ok(await analyst.send('POST', `/api/v1/dashboards/${board.id}/report`), 201);
    const byId = new Map(board.widgets.map((w: { id: string }) => [w.id, w]));
    const expected = ['share', 'vis', 'project', 'league', 'market'].map((id) => {
      const { layout: _layout, ...w } = byId.get(id) as Record<string, unknown>;
      return { kind: 'widget', ...w };
    });
    expect(created).toMatchObject({
      name: 'Weekly board',
      title: 'Weekly board',
      // The first campaign widget in reading order ('share') gives the report its campaign.
      campaignId: hotels.id,
      campaignName: 'Hotels',
      period: { kind: 'relative', span: 'last-month' },
    });
    expect(created.blocks).toEqual(expected);
    expect(created.blocks[1]).toMatchObject({
      title: 'Travel visibility',
      filters: { domains: ['example.com'], tags: ['brand'] },
      range: { kind: 'relative', span: 'quarter' },
    });
    expect(await ok(await analyst.get(`/api/v1/reports/${created.id}`))).toEqual(created);
  });

  it('answers 400 for a dashboard without widgets', async () => {
    const empty = await ok(
      await analyst.send('POST', '/api/v1/dashboards', { name: 'Empty', widgets: [] }),
      201,
    );
    const res = await analyst.send('POST', `/api/v1/dashboards/${empty.id}/report`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('dashboard_empty');
  });

  it('answers 401 signed out, 403 without ROLE_REPORTS or the CSRF token, 404 for another organisation', async () => {
    const board = await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: 'Shared',
        visibility: 'shared',
        widgets: fiveWidgets().slice(0, 1),
      }),
      201,
    );
    const url = `/api/v1/dashboards/${board.id}/report`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const noRole = await viewer.send('POST', url);
    expect(noRole.statusCode).toBe(403);
    expect(errorOf(noRole).code).toBe('missing_role');
    expect((await analyst.send('POST', url, undefined, null)).statusCode).toBe(403);
    expect((await outsider.send('POST', url)).statusCode).toBe(404);
    // A colleague's private dashboard is as absent as another organisation's.
    const theirs = await ok(
      await viewer.send('POST', '/api/v1/dashboards', { name: 'Mine', widgets: fiveWidgets().slice(2, 3) }),
      201,
    );
    expect((await analyst.send('POST', `/api/v1/dashboards/${theirs.id}/report`)).statusCode).toBe(404);
    const names = (await ok(await analyst.get('/api/v1/reports'))).items.map((r: { name: string }) => r.name);
    expect(names).toEqual(['Weekly board']);
  });
});
