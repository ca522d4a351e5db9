// Issue 27 item 5 over HTTP: invitation and share links are built on PUBLIC_URL, never on the request's
// Host header (without PUBLIC_URL they are paths); a new password on the common-password list is refused
// when it is changed, when an invitation is accepted and as the first admin's configured password; and a
// session unused for SESSION_IDLE_MINUTES ends, beside the 14-day limit, while a used one is written back
// at most once a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_TO_ONE_BASE } from '@contracts/one-to-one';
import { ROLES } from '@core/roles';
import { ensureAdmin } from '@server/auth/ensure-admin';
import { hashToken } from '@server/auth/tokens';
import {
  Client,
  PASSWORD,
  createTestApp,
  errorOf,
  importFinished,
  seedOrganisation,
  seedUser,
  type TestApp,
} from './helpers';

const PUBLIC = 'https://sightline.example.com';
const MINUTE = 60_000;
/** A forged Host header: a link built on it would send the token to the attacker's server. */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

let clock = Date.parse('2026-03-10T09:00:00.000Z');
let t: TestApp;
let bare: TestApp;
let admin: Client;
let acmeId: number;

function invite(app: TestApp, client: Client, email: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/admin/invitations',
    headers: { cookie: client.cookie, 'x-csrf-token': client.csrfToken, ...FORGED },
    payload: { email, roles: ['ROLE_CV'] },
  });
}

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: `${PUBLIC}/`, SESSION_IDLE_MINUTES: '30' },
    now: () => new Date(clock),
  });
  const acme = await seedOrganisation(t.stores, 'Acme');
  acmeId = acme.id;
  await seedUser(t.stores, acme.id, 'admin@acme.test', [...ROLES]);
  admin = await Client.signIn(t.app, 'admin@acme.test');
  bare = await createTestApp();
  const other = await seedOrganisation(bare.stores, 'Other');
  await seedUser(bare.stores, other.id, 'admin@other.test', [...ROLES]);
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

describe('links for people', () => {
  it('builds the invite link on PUBLIC_URL whatever Host the request names', async () => {
    const res = await invite(t, admin, 'guest@acme.test');
    expect(res.statusCode, res.body).toBe(201);
    const { inviteUrl } = res.json() as { inviteUrl: string };
    expect(inviteUrl).toMatch(/^https:\/\/sightline\.example\.com\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(inviteUrl).not.toContain('evil');
  });

  it('answers the invite link as a path when PUBLIC_URL is not set', async () => {
    const client = await Client.signIn(bare.app, 'admin@other.test');
    const res = await invite(bare, client, 'guest@other.test');
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { inviteUrl: string }).inviteUrl).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
  });

  it('gives a share link its address on PUBLIC_URL', async () => {
    // The market comes with the organisation's first import, as it would for a user.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?name=seed.csv',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, 'content-type': 'text/csv' },
      payload: 'date,market,keyword,position,url\n2026-03-02,gb-en,trains,1,https://a.com/\n',
    });
    expect(imported.statusCode, imported.body).toBe(202);
    expect((await importFinished(admin, imported.json().id)).status).toBe('succeeded');
    const res = await t.app.inject({
      method: 'POST',
      url: `${ONE_TO_ONE_BASE}/share-links`,
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, ...FORGED },
      payload: { host: 'a.com,b.com', market: 'gb-en', days: 7 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as { path: string; url: string };
    expect(link.path.startsWith('/')).toBe(true);
    expect(link.url).toBe(`${PUBLIC}${link.path}`);
  });
});

describe('common passwords', () => {
  it('refuses one as the new password, naming the field, and keeps the old one', async () => {
    await seedUser(t.stores, acmeId, 'changer@acme.test', ['ROLE_CV']);
    const user = await Client.signIn(t.app, 'changer@acme.test');
    for (const common of ['password1234', 'QWERTY123456', '1q2w3e4r5t6y']) {
      const res = await user.send('POST', '/api/v1/me/password', {
        currentPassword: PASSWORD,
        newPassword: common,
      });
      expect(res.statusCode, common).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('common_password');
      expect(error.message).toContain('common passwords');
      expect(error.details.issues[0].field).toBe('newPassword');
    }
    expect((await user.get('/api/v1/me')).statusCode).toBe(200);
    const ok = await user.send('POST', '/api/v1/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'violet ferry lantern 42',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses one when an invitation is accepted, and the invitation stays open', async () => {
    const res = await invite(t, admin, 'invitee@acme.test');
    const token = (res.json() as { inviteUrl: string }).inviteUrl.split('/').at(-1);
    const accept = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/invitations/accept',
        payload: { token, name: 'Invitee', password },
      });
    const weak = await accept('qwertyuiop123');
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak)).toMatchObject({ code: 'common_password' });
    expect(errorOf(weak).details.issues[0].field).toBe('password');
    expect((await accept('invited user passphrase')).statusCode).toBe(200);
  });

  it('stops the first start when SIGHTLINE_ADMIN_PASSWORD is a common password', async () => {
    const weak = await createTestApp({ env: { SIGHTLINE_ADMIN_PASSWORD: 'password1234' } });
    try {
      await expect(ensureAdmin(weak.stores, weak.config, weak.app.log, () => {})).rejects.toThrow(
        /SIGHTLINE_ADMIN_PASSWORD: this password is on the list of common passwords/u,
      );
      expect((await weak.stores.meta.counts()).users).toBe(0);
    } finally {
      await weak.close();
    }
  });
});

describe('idle sessions', () => {
  it('end after SESSION_IDLE_MINUTES unused, and are written back at most once a minute', async () => {
    clock = Date.parse('2026-03-11T09:00:00.000Z');
    const user = await Client.signIn(t.app, 'admin@acme.test');
    const idHash = hashToken(user.cookie.slice('sightline_session='.length));
    const seen = async () => (await t.stores.meta.getSession(idHash))?.lastSeenAt;
    expect(await seen()).toBe('2026-03-11T09:00:00.000Z');

    // Within a minute: answered, nothing written.
    clock += 40_000;
    expect((await user.get('/api/v1/me')).statusCode).toBe(200);
    expect(await seen()).toBe('2026-03-11T09:00:00.000Z');

    // 25 minutes idle: still valid, and the use is recorded.
    clock += 25 * MINUTE;
    expect((await user.get('/api/v1/me')).statusCode).toBe(200);
    expect(await seen()).toBe('2026-03-11T09:25:40.000Z');

    // 40 minutes after sign-in but 25 after the last use: still valid.
    clock += 25 * MINUTE;
    expect((await user.get('/api/v1/me')).statusCode).toBe(200);

    // 30 minutes unused: ended, and the session is gone from the store.
    clock += 30 * MINUTE;
    const res = await user.get('/api/v1/me');
    expect(res.statusCode).toBe(401);
    expect(await t.stores.meta.getSession(idHash)).toBeNull();
  });
});
