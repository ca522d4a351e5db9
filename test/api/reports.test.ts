// Report definitions: ROLE_REPORTS gates every route (403 naming the role), a holder can create, list,
// read and delete, sections are validated, a widget block keeps its own scope, filters and range (a scope
// its type reads, of the organisation), and another organisation's ids are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SECTIONS } from '@contracts/reports';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let reporter: Client;
let noRole: Client;
let outsider: Client;
let campaignId: number;
let foreignCampaignId: number;
let otherCampaignId: number;
const NOW = '2025-03-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const { meta } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS']);
  await seedUser(t.stores, acme.id, 'viewer@acme.test', ['ROLE_CV', 'ROLE_VE', 'ROLE_ADMIN']);
  await seedUser(t.stores, globex.id, 'reporter@globex.test', ['ROLE_REPORTS', 'ROLE_ADMIN']);
  const project = await meta.createProject(acme.id, 'Shoes', NOW);
  campaignId = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Running', market: 'gb-en' },
      NOW,
    )
  ).id;
  otherCampaignId = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Trail', market: 'gb-en' },
      NOW,
    )
  ).id;
  const foreignProject = await meta.createProject(globex.id, 'Other', NOW);
  foreignCampaignId = (
    await meta.createCampaign(
      { organisationId: globex.id, projectId: foreignProject.id, name: 'Other', market: 'gb-en' },
      NOW,
    )
  ).id;
  reporter = await Client.signIn(t.app, 'reporter@acme.test');
  noRole = await Client.signIn(t.app, 'viewer@acme.test');
  outsider = await Client.signIn(t.app, 'reporter@globex.test');
});
afterAll(async () => t.close());

const valid = () => ({ name: 'Monthly', campaignId, sections: ['visibility', 'competitors-league'] });

describe('reports', () => {
  it('are 403 on every route without ROLE_REPORTS, naming the role', async () => {
    const own = (await reporter.send('POST', '/api/v1/reports', valid())).json().id;
    const responses = [
      await noRole.get('/api/v1/reports'),
      await noRole.send('POST', '/api/v1/reports', valid()),
      await noRole.get(`/api/v1/reports/${own}`),
      await noRole.send('DELETE', `/api/v1/reports/${own}`),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'missing_role' });
      expect(errorOf(res).message).toContain('ROLE_REPORTS');
    }
    expect((await reporter.get(`/api/v1/reports/${own}`)).statusCode).toBe(200);
  });

  it('are 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reports' })).statusCode).toBe(401);
  });

  it('can be created, listed, read and deleted by a holder of ROLE_REPORTS', async () => {
    const created = await reporter.send('POST', '/api/v1/reports', {
      ...valid(),
      name: '  Weekly  ',
      format: 'csv',
    });
    expect(created.statusCode).toBe(201);
    const report = created.json();
    expect(report).toMatchObject({
      name: 'Weekly',
      campaignId,
      campaignName: 'Running',
      sections: ['visibility', 'competitors-league'],
      format: 'csv',
      createdAt: NOW,
    });
    const listed = (await reporter.get('/api/v1/reports')).json();
    expect(listed.items.map((r: { id: number }) => r.id)).toContain(report.id);
    expect(listed.total).toBe(listed.items.length);
    expect((await reporter.get(`/api/v1/reports/${report.id}`)).json()).toEqual(report);

    const deleted = await reporter.send('DELETE', `/api/v1/reports/${report.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await reporter.get(`/api/v1/reports/${report.id}`)).statusCode).toBe(404);
    expect((await reporter.send('DELETE', `/api/v1/reports/${report.id}`)).statusCode).toBe(404);
  });

  it('default to HTML and accept every section id once', async () => {
    const res = await reporter.send('POST', '/api/v1/reports', {
      ...valid(),
      sections: [...REPORT_SECTIONS],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'html', sections: [...REPORT_SECTIONS] });
  });

  it('reject bad definitions with 400 naming each bad field', async () => {
    const res = await reporter.send('POST', '/api/v1/reports', {
      name: ' ',
      campaignId: 'one',
      sections: ['visibility', 'pie-chart'],
      format: 'pdf',
    });
    expect(res.statusCode).toBe(400);
    const issues = errorOf(res).details.issues as { field: string; message: string }[];
    expect(issues.map((i) => i.field).sort()).toEqual(['campaignId', 'format', 'name', 'sections.1']);
    expect(issues.find((i) => i.field === 'sections.1')?.message).toContain('expected one of visibility');
    const empty = await reporter.send('POST', '/api/v1/reports', { ...valid(), sections: [] });
    expect(errorOf(empty).message).toContain('sections: choose at least one section');
    const twice = await reporter.send('POST', '/api/v1/reports', {
      ...valid(),
      sections: ['visibility', 'visibility'],
    });
    expect(errorOf(twice).message).toContain('each section may appear only once');
  });

  it('answer 404 for another organisation’s campaign, report and user ids', async () => {
    const ownReport = (await reporter.send('POST', '/api/v1/reports', valid())).json().id;
    const forCampaign = await reporter.send('POST', '/api/v1/reports', {
      ...valid(),
      campaignId: foreignCampaignId,
    });
    expect(forCampaign.statusCode).toBe(404);
    expect(errorOf(forCampaign).message).toBe(`campaign ${foreignCampaignId} does not exist`);

    expect((await outsider.get(`/api/v1/reports/${ownReport}`)).statusCode).toBe(404);
    expect((await outsider.send('DELETE', `/api/v1/reports/${ownReport}`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/v1/campaigns/${campaignId}`)).statusCode).toBe(404);
    expect((await outsider.get('/api/v1/reports')).json().items).toEqual([]);
    const viewerId = (await noRole.get('/api/v1/me')).json().user.id;
    expect(
      (await outsider.send('PUT', `/api/v1/admin/users/${viewerId}/roles`, { roles: [] })).statusCode,
    ).toBe(404);
    expect((await reporter.get(`/api/v1/reports/${ownReport}`)).statusCode).toBe(200);
  });

  it('keep a widget block’s own scope, filters and range; refuse a scope its type does not read or another organisation’s', async () => {
    // The organisation's second campaign for one block, narrowed to a domain and a tag, over its own span.
    const own = {
      kind: 'widget',
      id: 'trail',
      type: 'competitors-league',
      title: 'Trail league',
      scope: { kind: 'campaign', campaignId: otherCampaignId },
      filters: { domains: ['trail.test'], tags: ['brand'] },
      range: { kind: 'relative', span: 'quarter' },
    };
    const plain = { kind: 'widget', id: 'vis', type: 'campaign-visibility', title: null };
    const created = await reporter.send('POST', '/api/v1/reports', {
      name: 'Per block',
      campaignId,
      period: { kind: 'fixed', from: '2025-01-01', to: '2025-01-31' },
      blocks: [plain, own],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await reporter.get(`/api/v1/reports/${id}`)).json().blocks).toEqual([plain, own]);

    const wrongKind = await reporter.send('PUT', `/api/v1/reports/${id}`, {
      name: 'Per block',
      campaignId,
      blocks: [{ ...own, scope: { kind: 'market', market: 'gb-en' } }],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(errorOf(wrongKind).message).toContain('a competitors-league widget reads a campaign scope');

    const foreign = await reporter.send('PUT', `/api/v1/reports/${id}`, {
      name: 'Per block',
      campaignId,
      blocks: [{ ...own, scope: { kind: 'campaign', campaignId: foreignCampaignId } }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(`campaign ${foreignCampaignId} (widget trail) does not exist`);
    expect((await reporter.get(`/api/v1/reports/${id}`)).json().blocks).toEqual([plain, own]);
  });
});
