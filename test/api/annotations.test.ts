// Annotations (issue 29 item 6) through the API: listing (organisation-wide plus a campaign's, within a date
// range), create (201), edit, delete (204), and the all-or-none CSV import; 401 signed out, 403 without
// ROLE_CV or the CSRF token, 404 for another organisation's ids, 400 naming the bad field or CSV line.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-05T10:00:00.000Z';
let t: TestApp;
let analyst: Client;
let viewer: Client;
let outsider: Client;
let campaignId: number;
let otherCampaignId: number;
let foreignCampaignId: number;

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body).toBe(status);
  return status === 204 ? undefined : res.json();
}

async function newCampaign(client: Client, name: string): Promise<number> {
  const project = await ok(await client.send('POST', '/api/v1/projects', { name }), 201);
  const campaign = await ok(
    await client.send('POST', '/api/v1/campaigns', { projectId: project.id, name, market: 'gb-en' }),
    201,
  );
  return campaign.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'viewer@acme.test', ['ROLE_VE']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  viewer = await Client.signIn(t.app, 'viewer@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
  campaignId = await newCampaign(analyst, 'Travel');
  otherCampaignId = await newCampaign(analyst, 'Shoes');
  foreignCampaignId = await newCampaign(outsider, 'Globex');
});
afterAll(async () => t.close());

const list = async (client: Client, query = '') =>
  (await ok(await client.get(`/api/v1/annotations${query}`))).items as { title: string }[];

describe('annotations', () => {
  it('creates, lists, edits and deletes; a campaign sees its own and the organisation-wide ones', async () => {
    const wide = await ok(
      await analyst.send('POST', '/api/v1/annotations', { date: '2025-02-01', title: ' Site migration ' }),
      201,
    );
    expect(wide).toEqual({
      id: expect.any(Number),
      campaignId: null,
      date: '2025-02-01',
      title: 'Site migration',
      note: null,
      source: 'note',
      createdBy: expect.any(Number),
      createdAt: NOW,
    });
    const mine = await ok(
      await analyst.send('POST', '/api/v1/annotations', {
        campaignId,
        date: '2025-01-15',
        title: 'New landing pages',
        note: 'Ten pages, see the brief',
      }),
      201,
    );
    await ok(
      await analyst.send('POST', '/api/v1/annotations', {
        campaignId: otherCampaignId,
        date: '2025-01-20',
        title: 'Shoes sale',
      }),
      201,
    );
    expect((await list(analyst, `?campaign=${campaignId}`)).map((a) => a.title)).toEqual([
      'New landing pages',
      'Site migration',
    ]);
    expect((await list(analyst)).map((a) => a.title)).toEqual(['Site migration']);
    expect(
      (await list(analyst, `?campaign=${campaignId}&from=2025-01-16&to=2025-02-01`)).map((a) => a.title),
    ).toEqual(['Site migration']);
    // Any signed-in user of the organisation reads them.
    expect(await list(viewer, `?campaign=${campaignId}`)).toHaveLength(2);

    const edited = await ok(
      await analyst.send('PATCH', `/api/v1/annotations/${mine.id}`, { campaignId: null, note: '' }),
    );
    expect(edited).toMatchObject({ id: mine.id, campaignId: null, note: null, title: 'New landing pages' });
    expect((await list(analyst)).map((a) => a.title)).toEqual(['New landing pages', 'Site migration']);
    await ok(await analyst.send('DELETE', `/api/v1/annotations/${mine.id}`), 204);
    expect((await analyst.send('DELETE', `/api/v1/annotations/${mine.id}`)).statusCode).toBe(404);
    expect((await list(analyst)).map((a) => a.title)).toEqual(['Site migration']);
  });

  it('keeps organisations apart: another organisation’s ids answer 404 and its lists stay empty', async () => {
    const a = await ok(
      await analyst.send('POST', '/api/v1/annotations', { campaignId, date: '2025-03-01', title: 'Private' }),
      201,
    );
    expect(await list(outsider)).toEqual([]);
    for (const res of [
      await outsider.get(`/api/v1/annotations?campaign=${campaignId}`),
      await outsider.send('PATCH', `/api/v1/annotations/${a.id}`, { title: 'Mine now' }),
      await outsider.send('DELETE', `/api/v1/annotations/${a.id}`),
      await outsider.send('POST', '/api/v1/annotations', { campaignId, date: '2025-03-01', title: 'x' }),
      await outsider.send('POST', '/api/v1/annotations/import', {
        csv: 'date,title\n2025-01-01,x\n',
        campaignId,
      }),
      await analyst.send('POST', '/api/v1/annotations', {
        campaignId: foreignCampaignId,
        date: '2025-03-01',
        title: 'x',
      }),
      await analyst.send('PATCH', `/api/v1/annotations/${a.id}`, { campaignId: foreignCampaignId }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
    expect((await ok(await analyst.get(`/api/v1/annotations?campaign=${campaignId}`))).items).toContainEqual(
      expect.objectContaining({ id: a.id, title: 'Private', campaignId }),
    );
  });

  it('answers 401 signed out, 403 without ROLE_CV or without the CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/annotations' })).statusCode).toBe(401);
    const body = { date: '2025-03-01', title: 'x' };
    const noRole = await viewer.send('POST', '/api/v1/annotations', body);
    expect([noRole.statusCode, errorOf(noRole).code]).toEqual([403, 'missing_role']);
    expect((await analyst.send('POST', '/api/v1/annotations', body, null)).statusCode).toBe(403);
    expect(
      (await viewer.send('POST', '/api/v1/annotations/import', { csv: 'date,title\n2025-01-01,x\n' }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 400 naming the bad field', async () => {
    const cases: [unknown, string][] = [
      [{ date: '2025-02-30', title: 'x' }, 'date'],
      [{ date: '2025-02-01', title: '   ' }, 'title'],
      [{ date: '2025-02-01', title: 'x'.repeat(201) }, 'title'],
      [{ date: '2025-02-01', title: 'x', note: 'n'.repeat(2001) }, 'note'],
      [{ date: '2025-02-01', title: 'x', campaignId: 'one' }, 'campaignId'],
      [{ date: '2025-02-01', title: 'x', colour: 'red' }, '(whole body)'],
    ];
    for (const [payload, field] of cases) {
      const res = await analyst.send('POST', '/api/v1/annotations', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).details.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    const range = await analyst.get('/api/v1/annotations?from=2025-03-01&to=2025-02-01');
    expect(range.statusCode).toBe(400);
    expect(errorOf(range).message).toMatch(/from: from is after to/u);
    expect((await analyst.get('/api/v1/annotations?campaign=abc')).statusCode).toBe(400);
  });
});

describe('CSV import', () => {
  it('imports every row as a search-engine update, campaign-wide or organisation-wide', async () => {
    const csv =
      '\uFEFFdate,title,note\n2024-03-05,March 2024 core update,"Rolled out, over 45 days"\n2024-06-20,June 2024 spam update,\n';
    expect(
      await ok(
        await analyst.send('POST', '/api/v1/annotations/import', { csv, campaignId: otherCampaignId }),
      ),
    ).toEqual({
      created: 2,
    });
    const items = (
      await ok(await analyst.get(`/api/v1/annotations?campaign=${otherCampaignId}&to=2024-12-31`))
    ).items;
    expect(items).toEqual([
      expect.objectContaining({
        date: '2024-03-05',
        title: 'March 2024 core update',
        note: 'Rolled out, over 45 days',
        source: 'search-engine-update',
        campaignId: otherCampaignId,
      }),
      expect.objectContaining({ date: '2024-06-20', note: null, source: 'search-engine-update' }),
    ]);
    expect(
      await ok(
        await analyst.send('POST', '/api/v1/annotations/import', {
          csv: 'date,title\n2023-11-08,November 2023 core update\n',
        }),
      ),
    ).toEqual({ created: 1 });
    expect((await list(analyst, '?to=2023-12-31')).map((a) => a.title)).toEqual([
      'November 2023 core update',
    ]);
  });

  it('writes nothing from a file with a bad row, and names each bad line and column', async () => {
    const before = await list(analyst, `?campaign=${campaignId}`);
    const csv = 'date,title\n2024-01-01,Good row\n01/02/2024,Bad date\n2024-01-03,\n';
    const res = await analyst.send('POST', '/api/v1/annotations/import', { csv, campaignId });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('invalid_csv');
    expect(error.message).toBe(
      'nothing was imported: line 3: "01/02/2024" is not a date; write a real day as YYYY-MM-DD, e.g. 2024-03-05 (and 1 more errors)',
    );
    expect(error.details.errors.map((e: { line: number; column: string }) => [e.line, e.column])).toEqual([
      [3, 'date'],
      [4, 'title'],
    ]);
    expect(await list(analyst, `?campaign=${campaignId}`)).toEqual(before);

    const noHeader = await analyst.send('POST', '/api/v1/annotations/import', { csv: '2024-01-01,Core\n' });
    expect(errorOf(noHeader).details.errors[0]).toMatchObject({ line: 1, column: null });
    const empty = await analyst.send('POST', '/api/v1/annotations/import', { csv: '' });
    expect(errorOf(empty).details.issues[0].field).toBe('csv');
    expect(await list(analyst, `?campaign=${campaignId}`)).toEqual(before);
  });

  it('takes 5,000 rows in one import and refuses 5,001 whole', async () => {
    const rows = (n: number) =>
      `date,title\n${Array.from({ length: n }, (_, i) => `2020-01-01,Bulk update ${i}`).join('\n')}\n`;
    const tooMany = await analyst.send('POST', '/api/v1/annotations/import', { csv: rows(5_001) });
    expect(errorOf(tooMany).message).toMatch(/5,001 rows; one import takes at most 5,000/u);
    expect(await list(analyst, '?from=2020-01-01&to=2020-01-01')).toEqual([]);
    expect(await ok(await analyst.send('POST', '/api/v1/annotations/import', { csv: rows(5_000) }))).toEqual({
      created: 5_000,
    });
    expect(await list(analyst, '?from=2020-01-01&to=2020-01-01')).toHaveLength(5_000);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/annotations',
        '/api/v1/annotations/{id}',
        '/api/v1/annotations/import',
      ]),
    );
  });
});
