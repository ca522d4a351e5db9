// Search Console connections and syncs (issue 30 item 1) against a local stand-in for Google: an OAuth
// client connected through the consent callback, a service-account key checked by the token endpoint,
// sites.list, a link that backfills 16 months (one request per day and page of 25,000 rows, a 429 backed off),
// commits month by month as recorded imports, then syncs only the new days; roles, 404 across organisations
// and the errors a user can act on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GscLinkView } from '@contracts/search-console-links';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  GOOD_CODE,
  SA_EMAIL,
  startStandIn,
  type StandIn,
} from '../support/search-console-stand-in';

let now = new Date('2026-03-20T10:00:00.000Z');
let google: StandIn;
let t: TestApp;
let admin: Client;
let analyst: Client;
let outsider: Client;

const dayMs = 86_400_000;
const day = (iso: string, plus: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + plus * dayMs).toISOString().slice(0, 10);

beforeAll(async () => {
  google = await startStandIn();
  t = await createTestApp({
    now: () => now,
    env: {
      GOOGLE_OAUTH_AUTH_URL: `${google.url}/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${google.url}/token`,
      SEARCH_CONSOLE_API_URL: google.url,
    },
  });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'admin@acme.test', ['ROLE_ADMIN', 'ROLE_CV']);
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, globex.id, 'admin@globex.test', ['ROLE_ADMIN']);
  admin = await Client.signIn(t.app, 'admin@acme.test');
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  outsider = await Client.signIn(t.app, 'admin@globex.test');
});
afterAll(async () => {
  await t.close();
  await google.close();
});

async function connectOAuth(): Promise<number> {
  const res = await admin.send('POST', '/api/v1/search-console/connections/oauth', {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { connection, consentUrl } = res.json();
  expect(connection.ready).toBe(false);
  const consent = new URL(consentUrl);
  expect(`${consent.origin}${consent.pathname}`).toBe(`${google.url}/auth`);
  expect(consent.searchParams.get('client_id')).toBe(CLIENT_ID);
  expect(consent.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/webmasters.readonly');
  expect(consent.searchParams.get('access_type')).toBe('offline');
  const state = consent.searchParams.get('state')!;
  // A code Google did not issue: the token endpoint's refusal reaches the user.
  const bad = await admin.get(
    `/api/v1/search-console/oauth/callback?code=nope&state=${encodeURIComponent(state)}`,
  );
  expect(bad.statusCode).toBe(400);
  expect(errorOf(bad).message).toMatch(/Google refused: .*invalid_grant/u);
  // A state Sightline did not seal.
  const forged = await admin.get(`/api/v1/search-console/oauth/callback?code=${GOOD_CODE}&state=v1.a.b.c`);
  expect(forged.statusCode).toBe(400);
  expect(errorOf(forged).message).toMatch(/start the connection again/u);
  const back = await admin.get(
    `/api/v1/search-console/oauth/callback?code=${GOOD_CODE}&state=${encodeURIComponent(state)}`,
  );
  expect(back.statusCode, back.body).toBe(302);
  expect(back.headers.location).toBe('/admin/users?searchConsole=connected');
  return connection.id;
}

async function link(id: number): Promise<GscLinkView> {
  const items = (await admin.get('/api/v1/search-console/links')).json().items as GscLinkView[];
  return items.find((l) => l.id === id)!;
}

/** Polls the link until its sync has ended (syncs run in the background after the answer). */
async function synced(id: number): Promise<GscLinkView> {
  for (;;) {
    const l = await link(id);
    if (l.status !== 'running') return l;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Search Console connection', () => {
  let connectionId: number;
  let linkId: number;

  it('connects an OAuth client through the consent page and lists its properties', async () => {
    connectionId = await connectOAuth();
    const list = (await admin.get('/api/v1/search-console/connections')).json();
    expect(list.items).toEqual([expect.objectContaining({ id: connectionId, kind: 'oauth', ready: true })]);
    expect(list.redirectUri).toMatch(/\/api\/v1\/search-console\/oauth\/callback$/u);
    const sites = (await admin.get(`/api/v1/search-console/connections/${connectionId}/sites`)).json();
    expect(sites.items.map((s: { siteUrl: string }) => s.siteUrl)).toEqual([
      'https://shop.example.org/',
      'sc-domain:example.com',
    ]);
  });

  it('refuses what a user can fix, and hides one organisation from another', async () => {
    const notMine = await admin.send('POST', '/api/v1/search-console/links', {
      connectionId,
      siteUrl: 'https://other.example.net/',
    });
    expect(notMine.statusCode).toBe(400);
    expect(errorOf(notMine).message).toMatch(
      /cannot read https:\/\/other\.example\.net\/.*sc-domain:example\.com/u,
    );
    const shape = await admin.send('POST', '/api/v1/search-console/links', {
      connectionId,
      siteUrl: 'example.com',
    });
    expect(shape.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(shape))).toMatch(/sc-domain:example\.com/u);
    expect(
      (
        await analyst.send('POST', '/api/v1/search-console/connections/oauth', {
          clientId: 'a',
          clientSecret: 'b',
        })
      ).statusCode,
    ).toBe(403);
    expect((await outsider.get(`/api/v1/search-console/connections/${connectionId}/sites`)).statusCode).toBe(
      404,
    );
    expect((await outsider.get('/api/v1/search-console/connections')).json().items).toEqual([]);
  });

  it('backfills 16 months, one request per day and page, committed month by month', async () => {
    const to = '2026-03-17'; // three days before today: final data only
    const from = '2024-11-18'; // 16 months before, plus a day
    google.bigDays.set('2025-06-10', 25_003);
    const res = await admin.send('POST', '/api/v1/search-console/links', {
      connectionId,
      siteUrl: 'sc-domain:example.com',
      searchTypes: ['web'],
    });
    expect(res.statusCode, res.body).toBe(201);
    linkId = res.json().id;
    const days = Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;
    expect(res.json()).toMatchObject({ status: 'running', daysTotal: days, syncedThrough: null });
    const l = await synced(linkId);
    expect(l).toMatchObject({
      status: 'idle',
      syncedThrough: to,
      daysDone: days,
      daysTotal: days,
      rowsWritten: (days - 1) * 2 + 25_003,
      lastError: null,
    });
    // One request per day, two for the day of 25,003 rows (startRow 0 and 25,000); the 429 retried.
    expect(google.queries).toHaveLength(days + 1);
    expect(google.queries[0]).toMatchObject({
      site: 'sc-domain:example.com',
      startDate: from,
      endDate: from,
      type: 'web',
      rowLimit: 25_000,
      startRow: 0,
      dimensions: ['date', 'query', 'page', 'country', 'device'],
    });
    expect(google.queries.filter((q) => q.startDate === '2025-06-10').map((q) => q.startRow)).toEqual([
      0, 25_000,
    ]);
    const jobs = (await admin.get('/api/v1/imports')).json().items as {
      files: string[];
      status: string;
      rowsWritten: number;
    }[];
    const syncJobs = jobs.filter((j) => j.files[0]!.startsWith('Search Console sc-domain:example.com · web'));
    expect(syncJobs).toHaveLength(Math.ceil(days / 31));
    expect(syncJobs.every((j) => j.status === 'succeeded')).toBe(true);
    expect(syncJobs.reduce((s, j) => s + j.rowsWritten, 0)).toBe(l.rowsWritten);
  });

  it('then syncs only the days after the last one stored', async () => {
    google.queries.length = 0;
    const again = await admin.send('POST', `/api/v1/search-console/links/${linkId}/sync`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ status: 'idle', syncedThrough: '2026-03-17' });
    expect(google.queries).toHaveLength(0);
    now = new Date(Date.parse(now.toISOString()) + 2 * dayMs);
    admin = await Client.signIn(t.app, 'admin@acme.test'); // two days on, the old session has expired
    const later = await admin.send('POST', `/api/v1/search-console/links/${linkId}/sync`);
    expect(later.json()).toMatchObject({ status: 'running', daysTotal: 2 });
    expect(await synced(linkId)).toMatchObject({
      status: 'idle',
      syncedThrough: '2026-03-19',
      rowsWritten: 4,
    });
    expect(google.queries.map((q) => q.startDate)).toEqual([day('2026-03-17', 1), day('2026-03-17', 2)]);
    // The daily clock syncs every link at 05:00 UTC.
    const next = (await admin.get('/api/v1/search-console/links')).json().nextSyncAt as string;
    expect(next).toMatch(/T05:00:00\.000Z$/u);
    const dup = await admin.send('POST', '/api/v1/search-console/links', {
      connectionId,
      siteUrl: 'sc-domain:example.com',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('connects a service account whose JWT the token endpoint accepts, and refuses a foreign key', async () => {
    const ok = await admin.send('POST', '/api/v1/search-console/connections/service-account', {
      key: google.serviceAccountKey,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ kind: 'service-account', label: SA_EMAIL, ready: true });
    const sites = await admin.get(`/api/v1/search-console/connections/${ok.json().id}/sites`);
    expect(sites.statusCode).toBe(200);
    const other = await startStandIn();
    const foreign = await admin.send('POST', '/api/v1/search-console/connections/service-account', {
      key: other.serviceAccountKey,
    });
    await other.close();
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).message).toMatch(/Google refused: .*Invalid JWT Signature/u);
    const junk = await admin.send('POST', '/api/v1/search-console/connections/service-account', {
      key: '{"a":1}',
    });
    expect(errorOf(junk).message).toMatch(/"type": "service_account"/u);
  });

  it('deletes a connection with its links', async () => {
    expect(
      (await admin.send('DELETE', `/api/v1/search-console/connections/${connectionId}`)).statusCode,
    ).toBe(204);
    expect((await admin.get('/api/v1/search-console/links')).json().items).toEqual([]);
    expect(
      (await admin.send('DELETE', `/api/v1/search-console/connections/${connectionId}`)).statusCode,
    ).toBe(404);
  });
});
