// Widgets config per user (GET/PUT /api/v2/widgets?moduleName=…): signed-out is 401, a state change needs the
// CSRF token, a config is null until saved, saved per user and module (another user sees their own), bad
// configs are 400 naming the field, and the routes appear in the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let ana: Client;
let ben: Client;
const NOW = '2025-03-01T00:00:00.000Z';
const URL = '/api/v2/widgets?moduleName=campaign-visibility';
const CONFIG = {
  widgets: [
    { id: 'rank-ranges', visible: true },
    { id: 'visibility', visible: false },
  ],
  expanded: 'rank-ranges',
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, acme.id, 'ana@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'ben@acme.test', []);
  ana = await Client.signIn(t.app, 'ana@acme.test');
  ben = await Client.signIn(t.app, 'ben@acme.test');
});
afterAll(async () => t.close());

describe('widgets config', () => {
  it('is 401 signed out and needs the CSRF token to save', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await ana.send('PUT', URL, CONFIG, null)).statusCode).toBe(403);
  });

  it('is null until saved, then saved per user and module', async () => {
    expect((await ana.get(URL)).json()).toEqual({
      moduleName: 'campaign-visibility',
      config: null,
      updatedAt: null,
    });
    const saved = await ana.send('PUT', URL, CONFIG);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ moduleName: 'campaign-visibility', config: CONFIG, updatedAt: NOW });
    expect((await ana.get(URL)).json().config).toEqual(CONFIG);
    expect((await ben.get(URL)).json().config).toBeNull();
    expect((await ana.get('/api/v2/widgets?moduleName=visibility-explorer')).json().config).toBeNull();
    const replaced = { ...CONFIG, expanded: null };
    await ana.send('PUT', URL, replaced);
    expect((await ana.get(URL)).json().config).toEqual(replaced);
  });

  it('refuses a bad module name, a repeated widget and a bad widget id with 400', async () => {
    expect((await ana.get('/api/v2/widgets?moduleName=Bad%20Name')).statusCode).toBe(400);
    expect((await ana.get('/api/v2/widgets')).statusCode).toBe(400);
    const repeated = await ana.send('PUT', URL, {
      widgets: [
        { id: 'visibility', visible: true },
        { id: 'visibility', visible: false },
      ],
      expanded: null,
    });
    expect(repeated.statusCode).toBe(400);
    expect(errorOf(repeated).message).toMatch(/each widget may be listed once/);
    const badId = await ana.send('PUT', URL, {
      widgets: [{ id: '<script>', visible: true }],
      expanded: null,
    });
    expect(badId.statusCode).toBe(400);
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/v2/widgets');
    expect(Object.keys(doc.paths['/api/v2/widgets'])).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
