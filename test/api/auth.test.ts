// Sign-in, sessions, CSRF, rate limiting, the profile endpoint and password change, through the real app
// on SQLite + DuckDB files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS, LOGIN_ATTEMPTS_PER_ADDRESS } from '@server/auth/login-throttle';
import {
  Client,
  PASSWORD,
  createTestApp,
  errorOf,
  seedOrganisation,
  seedUser,
  setCookies,
  type TestApp,
} from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const org = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, org.id, 'analyst@acme.test', ['ROLE_CV', 'ROLE_VE', 'ROLE_REPORTS']);
  await seedUser(t.stores, org.id, 'plain@acme.test', []);
  await seedUser(t.stores, org.id, 'limited@acme.test', []);
  await seedUser(t.stores, org.id, 'changer@acme.test', ['ROLE_CV']);
});
afterAll(async () => t.close());

const login = (
  email: string,
  password: string,
  headers: Record<string, string> = {},
  from: { remoteAddress?: string } = {},
) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, headers, ...from });

describe('POST /auth/login', () => {
  it('signs in with the right password and sets a HttpOnly SameSite=Lax session cookie', async () => {
    const res = await login('Analyst@Acme.test ', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'analyst@acme.test', organisationName: 'Acme' });
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.authUrls).toEqual({ loginUrl: '/login', logoutUrl: '/auth/logout' });
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^sightline_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
  });

  it('stores only the hash of the session token', async () => {
    const res = await login('analyst@acme.test', PASSWORD);
    const token = res.cookies.find((c) => c.name === 'sightline_session')?.value ?? '';
    expect(await t.stores.meta.getSession(token)).toBeNull();
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const wrong = await login('analyst@acme.test', 'not the password');
    const unknown = await login('nobody@acme.test', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ code: 'wrong_credentials', message: 'email or password is wrong' });
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
    expect(setCookies(wrong)).toEqual([]);
  });

  it('names the bad fields of a malformed sign-in', async () => {
    const res = await login('not-an-email', '');
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('bad_request');
    const fields = error.details.issues.map((i: { field: string }) => i.field).sort();
    expect(fields).toEqual(['email', 'password']);
    expect(error.message).toContain('email: expected an email address');
    expect(error.message).toContain('password: enter your password');
  });

  it('answers invalid JSON with a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await login('analyst@acme.test', PASSWORD, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('cross_site_request');
    const same = await login('analyst@acme.test', PASSWORD, { origin: 'http://localhost:80' });
    expect(same.statusCode).toBe(200);
  });

  it(`rate-limits after ${LOGIN_ATTEMPTS} failed attempts per address and email with a message saying when to retry`, async () => {
    for (let i = 0; i < LOGIN_ATTEMPTS; i++) {
      expect((await login('limited@acme.test', `wrong ${i}`)).statusCode).toBe(401);
    }
    const limited = await login('limited@acme.test', PASSWORD);
    expect(limited.statusCode).toBe(429);
    const error = errorOf(limited);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/try again in 1[45] minutes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    // Another email from the same client still gets its own attempts.
    expect((await login('plain@acme.test', PASSWORD)).statusCode).toBe(200);
  });

  it('counts only failed sign-ins: the eleventh successful one in 15 minutes is not slowed', async () => {
    for (let i = 0; i < LOGIN_ATTEMPTS + 3; i++) {
      expect(
        (await login('plain@acme.test', PASSWORD, { 'x-forwarded-for': '203.0.113.9' })).statusCode,
      ).toBe(200);
    }
  });

  it(`slows one address trying many emails after ${LOGIN_ATTEMPTS_PER_ADDRESS} failures`, async () => {
    const from = { remoteAddress: '198.51.100.7' };
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS; i++) {
      expect((await login(`nobody${i}@acme.test`, 'wrong', {}, from)).statusCode).toBe(401);
    }
    const limited = await login('plain@acme.test', PASSWORD, {}, from);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toMatch(/from your address/);
    // Another address is not affected.
    expect((await login('plain@acme.test', PASSWORD, {}, { remoteAddress: '198.51.100.8' })).statusCode).toBe(
      200,
    );
  });
});

describe('sessions and CSRF', () => {
  it('GET /api/v1/me is 401 when signed out and returns the permission flags of the roles', async () => {
    const out = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(out.statusCode).toBe(401);
    expect(errorOf(out).code).toBe('unauthenticated');

    const analyst = await Client.signIn(t.app, 'analyst@acme.test');
    const me = (await analyst.get('/api/v1/me')).json();
    expect(me.permissions).toEqual({
      marketShareAll: false,
      contentInsightAnalysisAll: false,
      contentVisibility: true,
      visibilityExplorer: true,
      keywordExplorer: false,
      reports: true,
      linkData: { ROLE_CV: true, ROLE_VE: true, ROLE_REPORTS: true },
    });
    expect(me.csrfToken).toBe(analyst.csrfToken);

    const plain = await Client.signIn(t.app, 'plain@acme.test');
    const flags = (await plain.get('/api/v1/me')).json().permissions;
    expect(Object.values(flags).filter((v) => v === true)).toEqual([]);
    expect(flags.linkData).toEqual({});
  });

  it('refuses a state-changing request without or with a wrong X-CSRF-Token (403)', async () => {
    const c = await Client.signIn(t.app, 'analyst@acme.test');
    const body = { name: 'R', campaignId: 1, sections: ['visibility'] };
    const missing = await c.send('POST', '/api/v1/reports', body, null);
    expect(missing.statusCode).toBe(403);
    expect(errorOf(missing).code).toBe('csrf_token_invalid');
    const wrong = await c.send('POST', '/api/v1/reports', body, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(403);
    const other = await Client.signIn(t.app, 'analyst@acme.test');
    expect((await c.send('POST', '/auth/logout', undefined, other.csrfToken)).statusCode).toBe(403);
  });

  it('POST /auth/logout ends the session and clears the cookie', async () => {
    const c = await Client.signIn(t.app, 'analyst@acme.test');
    const res = await c.send('POST', '/auth/logout');
    expect(res.statusCode).toBe(204);
    const [cleared] = setCookies(res);
    expect(cleared).toMatch(/^sightline_session=;/);
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970');
    expect((await c.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('GET /auth/logout never ends a session (a cross-site link cannot sign you out)', async () => {
    const c = await Client.signIn(t.app, 'analyst@acme.test');
    const res = await c.get('/auth/logout');
    expect(res.statusCode).toBe(405);
    expect(errorOf(res).message).toMatch(/POST \/auth\/logout/u);
    expect(setCookies(res)).toEqual([]);
    expect((await c.get('/api/v1/me')).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'GET', url: '/auth/logout' });
    expect([out.statusCode, out.headers.location]).toEqual([302, '/login']);
  });

  it('echoes a 16-hex X-Request-Id and replaces any other', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'x-request-id': '0123456789abcdef' },
    });
    expect(ok.headers['x-request-id']).toBe('0123456789abcdef');
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-request-id': 'nope' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('POST /api/v1/me/password', () => {
  it('needs the current password, then ends the other sessions and keeps the caller signed in', async () => {
    const a = await Client.signIn(t.app, 'changer@acme.test');
    const b = await Client.signIn(t.app, 'changer@acme.test');
    const wrong = await a.send('POST', '/api/v1/me/password', {
      currentPassword: 'wrong password',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).details.issues[0].field).toBe('currentPassword');

    const short = await a.send('POST', '/api/v1/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toContain('newPassword: use at least 12 characters');

    const ok = await a.send('POST', '/api/v1/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(ok.statusCode).toBe(200);
    const session = ok.cookies.find((c) => c.name === 'sightline_session');
    const renewed = new Client(t.app, `sightline_session=${session?.value}`, ok.json().csrfToken);
    expect((await renewed.get('/api/v1/me')).statusCode).toBe(200);
    expect((await b.get('/api/v1/me')).statusCode).toBe(401);
    expect((await login('changer@acme.test', PASSWORD)).statusCode).toBe(401);
    expect((await login('changer@acme.test', 'a brand new passphrase')).statusCode).toBe(200);
  });
});

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  it('counts failures per forwarded address only when the proxy is trusted', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const org = await seedOrganisation(proxied.stores, 'Proxy');
      await seedUser(proxied.stores, org.id, 'user@proxy.test', ['ROLE_CV']);
      const at = (ip: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: 'user@proxy.test', password },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < LOGIN_ATTEMPTS; i++)
        expect((await at('203.0.113.1', 'wrong')).statusCode).toBe(401);
      expect((await at('203.0.113.1', PASSWORD)).statusCode).toBe(429);
      // Another visitor behind the same proxy is not slowed by the first one's failures.
      expect((await at('203.0.113.2', PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
    // Untrusted (the default), a forged header changes nothing: every attempt is the connection's address.
    for (let i = 0; i < LOGIN_ATTEMPTS; i++) {
      expect(
        (await login('forger@acme.test', 'wrong', { 'x-forwarded-for': `192.0.2.${i}` })).statusCode,
      ).toBe(401);
    }
    expect((await login('forger@acme.test', 'wrong', { 'x-forwarded-for': '192.0.2.200' })).statusCode).toBe(
      429,
    );
  });
});
