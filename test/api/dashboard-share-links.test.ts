// Dashboard share links (issue 31 item 2) through the API: made with a life of 1–90 days, listed and revoked
// by whoever may change the dashboard (403 for a colleague's shared one, 404 for another organisation's or a
// private one, 401 signed out); opened without an account, showing the dashboard's widgets, whose reads go
// through the token and answer exactly as the maker's own reads — but only the addresses those widgets read:
// a token for dashboard A reads nothing of dashboard B's campaign, nor another organisation's; a changed
// token is 401, an expired or revoked one 410; a dashboard token never opens a one-to-one comparison.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardShareLink } from '@contracts/dashboard-share-links';
import { CV_BASE } from '@contracts/paths';
import { seedCvFixture } from './cv-fixture';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let clock = new Date('2025-03-05T10:00:00.000Z');
let t: TestApp;
let analyst: Client;
let colleague: Client;
let outsider: Client;
let campaignA: number;
let campaignB: number;
let foreignCampaign: number;
let dashboardA: number;
let dashboardB: number;
let privateOfColleague: number;

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body).toBe(status);
  return status === 204 ? undefined : res.json();
}

const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
const read = (token: string, address: string) =>
  anonymous(`/api/v1/shared-dashboards/${token}/read?address=${encodeURIComponent(address)}`);

const cvWidget = (id: string, campaignId: number) => ({
  id,
  type: 'campaign-visibility',
  scope: { kind: 'campaign', campaignId },
  layout: { x: 0, y: 0, w: 6, h: 8 },
});

async function share(client: Client, dashboard: number, days = 7): Promise<DashboardShareLink> {
  return ok(await client.send('POST', `/api/v1/dashboards/${dashboard}/share-links`, { days }), 201);
}

beforeAll(async () => {
  // Sessions stay valid while the clock jumps to a link's expiry (SESSION_IDLE_MINUTES' largest, 14 days).
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '20160' }, now: () => clock });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV', 'ROLE_MS_ALL']);
  await seedUser(t.stores, acme.id, 'colleague@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  colleague = await Client.signIn(t.app, 'colleague@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
  campaignA = (await seedCvFixture(t.stores, acme.id)).campaignId;
  const project = await ok(await analyst.send('POST', '/api/v1/projects', { name: 'Other' }), 201);
  campaignB = (
    await ok(
      await analyst.send('POST', '/api/v1/campaigns', { projectId: project.id, name: 'B', market: 'gb-en' }),
      201,
    )
  ).id;
  foreignCampaign = (await seedCvFixture(t.stores, globex.id)).campaignId;
  dashboardA = (
    await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: 'Board A',
        visibility: 'shared',
        widgets: [cvWidget('vis', campaignA)],
      }),
      201,
    )
  ).id;
  dashboardB = (
    await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: 'Board B',
        visibility: 'private',
        widgets: [cvWidget('vis', campaignB)],
      }),
      201,
    )
  ).id;
  privateOfColleague = (
    await ok(await colleague.send('POST', '/api/v1/dashboards', { name: 'Mine', widgets: [] }), 201)
  ).id;
});
afterAll(async () => t.close());

describe('dashboard share links', () => {
  it('are made, listed newest first and revoked by whoever may change the dashboard', async () => {
    const week = await share(analyst, dashboardA, 7);
    expect(week).toMatchObject({
      dashboardId: dashboardA,
      createdBy: 'analyst',
      status: 'active',
      revokedAt: null,
      expiresAt: '2025-03-12T10:00:00.000Z',
      path: `/shared/dashboard/${week.token}`,
      url: `/shared/dashboard/${week.token}`,
    });
    expect(week.token).toMatch(/^v1\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    const day = await share(analyst, dashboardA, 1);
    const listed = await ok(await analyst.get(`/api/v1/dashboards/${dashboardA}/share-links`));
    expect(listed.items.map((l: DashboardShareLink) => l.id).slice(0, 2)).toEqual([day.id, week.id]);
    // A colleague sees the shared dashboard's links but may not make or revoke them.
    expect((await colleague.get(`/api/v1/dashboards/${dashboardA}/share-links`)).statusCode).toBe(200);
    const made = await colleague.send('POST', `/api/v1/dashboards/${dashboardA}/share-links`, { days: 7 });
    expect(made.statusCode).toBe(403);
    expect(errorOf(made).code).toBe('dashboard_read_only');
    const revoked = await colleague.send('DELETE', `/api/v1/dashboards/${dashboardA}/share-links/${day.id}`);
    expect(revoked.statusCode).toBe(403);
    await ok(await analyst.send('DELETE', `/api/v1/dashboards/${dashboardA}/share-links/${day.id}`), 204);
    const after = await ok(await analyst.get(`/api/v1/dashboards/${dashboardA}/share-links`));
    expect(after.items.find((l: DashboardShareLink) => l.id === day.id).status).toBe('revoked');
    // The link of dashboard A is not dashboard B's to revoke.
    const wrong = await analyst.send('DELETE', `/api/v1/dashboards/${dashboardB}/share-links/${week.id}`);
    expect(wrong.statusCode).toBe(404);
  });

  it('are 401 signed out, 404 for another organisation or a private dashboard, 400 for a bad life', async () => {
    expect((await anonymous(`/api/v1/dashboards/${dashboardA}/share-links`)).statusCode).toBe(401);
    expect((await outsider.get(`/api/v1/dashboards/${dashboardA}/share-links`)).statusCode).toBe(404);
    expect(
      (await outsider.send('POST', `/api/v1/dashboards/${dashboardA}/share-links`, { days: 7 })).statusCode,
    ).toBe(404);
    expect(
      (await analyst.send('POST', `/api/v1/dashboards/${privateOfColleague}/share-links`, { days: 7 }))
        .statusCode,
    ).toBe(404);
    const bad = await analyst.send('POST', `/api/v1/dashboards/${dashboardA}/share-links`, { days: 91 });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('90 days');
    // Without the CSRF token a signed-in change is refused.
    const noCsrf = await analyst.send(
      'POST',
      `/api/v1/dashboards/${dashboardA}/share-links`,
      { days: 7 },
      null,
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('open the dashboard without an account, its widget reads answering as the maker’s', async () => {
    const link = await share(analyst, dashboardA);
    const opened = await ok(await anonymous(`/api/v1/shared-dashboards/${link.token}`));
    expect(opened).toMatchObject({
      name: 'Board A',
      widgets: [{ id: 'vis', type: 'campaign-visibility' }],
      scopeLabels: { vis: 'Acme footwear · gb-en' },
      shared: { organisation: 'Acme', expiresAt: link.expiresAt },
    });
    const address = `${CV_BASE}/${campaignA}/filters`;
    const own = await ok(await analyst.get(address));
    expect(await ok(await read(link.token, address))).toEqual(own);
    // The widget's annotations (a time chart) are among its reads.
    expect((await read(link.token, `/api/v1/annotations?campaign=${campaignA}`)).statusCode).toBe(200);
  });

  it('read nothing beyond the dashboard’s widgets: not dashboard B, not another organisation', async () => {
    const link = await share(analyst, dashboardA);
    const refused = [
      `${CV_BASE}/${campaignB}/filters`,
      `${CV_BASE}/${foreignCampaign}/filters`,
      `${CV_BASE}/${campaignA}/csv/urls`,
      `${CV_BASE}/${campaignA}/../${campaignB}/filters`,
      `${CV_BASE}/${campaignA}%2F..%2F${campaignB}/filters`,
      `/api/v1/dashboards/${dashboardB}`,
      `/api/v1/dashboards/${dashboardA}/share-links`,
      '/api/v1/admin/users',
      '/api/v1/me',
      `/api/v1/annotations?campaign=${campaignB}`,
      '/api/marketshare/data/overview?market=gb-en&time=year',
      '//evil.test/api/v1/me',
    ];
    for (const address of refused) {
      const res = await read(link.token, address);
      expect(res.statusCode, address).toBe(address.startsWith('/api/') ? 403 : 400);
      if (res.statusCode === 403) expect(errorOf(res).code, address).toBe('share_link_scope');
    }
    // Dashboard B's own link reads B (answering as the maker's own read: B has no data yet), and only B.
    const linkB = await share(analyst, dashboardB);
    const ownB = await analyst.get(`${CV_BASE}/${campaignB}/filters`);
    const sharedB = await read(linkB.token, `${CV_BASE}/${campaignB}/filters`);
    expect([sharedB.statusCode, sharedB.json()]).toEqual([ownB.statusCode, ownB.json()]);
    expect((await read(linkB.token, `${CV_BASE}/${campaignA}/filters`)).statusCode).toBe(403);
    // A dashboard token is not a one-to-one token, even for a link of the same id.
    const comparison = await anonymous(
      `/api/v2/1-2-1/data?host=a.com,b.com&market=gb-en&time=year&share=${link.token}`,
    );
    expect([401, 404]).toContain(comparison.statusCode);
    // Signed out, the API itself still answers 401.
    expect((await anonymous(`${CV_BASE}/${campaignA}/filters`)).statusCode).toBe(401);
  });

  it('are 401 when changed, 410 once revoked or expired, and die with the dashboard', async () => {
    const link = await share(analyst, dashboardA, 1);
    const last = link.token.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${link.token.slice(0, -1)}${last}`;
    const changed = await anonymous(`/api/v1/shared-dashboards/${forged}`);
    expect(changed.statusCode).toBe(401);
    expect(errorOf(changed).code).toBe('share_link_invalid');
    // Another expiry in the token, even with a valid-looking MAC shape, is not this server's.
    const [v, id, , mac] = link.token.split('.');
    expect((await anonymous(`/api/v1/shared-dashboards/${v}.${id}.9999999999.${mac}`)).statusCode).toBe(401);

    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 24 * 3_600_000 + 1_000);
      const expired = await anonymous(`/api/v1/shared-dashboards/${link.token}`);
      expect(expired.statusCode).toBe(410);
      expect(errorOf(expired)).toMatchObject({
        code: 'share_link_expired',
        message: expect.stringContaining('ask its owner for a new one'),
      });
      expect((await read(link.token, `${CV_BASE}/${campaignA}/filters`)).statusCode).toBe(410);
    } finally {
      clock = saved;
    }

    const revokedLink = await share(analyst, dashboardA);
    await ok(
      await analyst.send('DELETE', `/api/v1/dashboards/${dashboardA}/share-links/${revokedLink.id}`),
      204,
    );
    const revoked = await read(revokedLink.token, `${CV_BASE}/${campaignA}/filters`);
    expect(revoked.statusCode).toBe(410);
    expect(errorOf(revoked).code).toBe('share_link_revoked');

    const doomed = await ok(
      await analyst.send('POST', '/api/v1/dashboards', {
        name: 'Doomed',
        widgets: [cvWidget('v', campaignA)],
      }),
      201,
    );
    const gone = await share(analyst, doomed.id);
    await ok(await analyst.send('DELETE', `/api/v1/dashboards/${doomed.id}`), 204);
    expect((await anonymous(`/api/v1/shared-dashboards/${gone.token}`)).statusCode).toBe(401);
  });
});
