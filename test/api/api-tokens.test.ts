// Personal access tokens (issue 25 part 6) through the real app: made, listed and revoked with a browser
// session; sent by scripts as `Authorization: Bearer` without a CSRF token; read-only tokens refused on
// changes; expired, revoked and disabled users' tokens refused with 401; the user's roles and organisation
// applied; tokens unable to manage tokens; the secret answered once and stored only as its hash.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@core/roles';
import { REDACTED_HEADERS } from '@server/app';
import { hashToken } from '@server/auth/tokens';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const START = Date.parse('2025-06-02T09:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let clock = START;
let admin: Client;
let member: Client;
let memberId: number;
let otherProjectId: number;

beforeAll(async () => {
  // Sessions stay valid while the clock jumps days ahead (SESSION_IDLE_MINUTES' largest value, 14 days).
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '20160' }, now: () => new Date(clock) });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'admin@acme.test', [...ROLES]);
  memberId = (await seedUser(t.stores, acme.id, 'member@acme.test', ['ROLE_CV'])).id;
  await t.stores.meta.createProject(acme.id, 'Acme site', '2025-01-01T00:00:00.000Z');
  otherProjectId = (await t.stores.meta.createProject(globex.id, 'Globex site', '2025-01-01T00:00:00.000Z'))
    .id;
  admin = await Client.signIn(t.app, 'admin@acme.test');
  member = await Client.signIn(t.app, 'member@acme.test');
});
afterAll(async () => t.close());

/** Runs `fn` with the clock moved forward by `ms`, then puts it back. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  clock += ms;
  try {
    return await fn();
  } finally {
    clock -= ms;
  }
}

async function makeToken(
  who: Client,
  body: { name: string; scope: 'read' | 'write'; expiresInDays?: number | null },
) {
  const res = await who.send('POST', '/api/v1/me/tokens', body);
  expect(res.statusCode).toBe(201);
  return res.json() as { token: { id: number; expiresAt: string | null }; secret: string };
}

const bearer = (
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload === undefined ? {} : { payload }),
  });

describe('creating and listing API tokens', () => {
  it('answers the secret once and stores only its SHA-256', async () => {
    const { token, secret } = await makeToken(admin, {
      name: 'nightly export',
      scope: 'write',
      expiresInDays: 30,
    });
    expect(secret).toMatch(/^slt_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(Number),
      name: 'nightly export',
      scope: 'write',
      createdAt: new Date(START).toISOString(),
      expiresAt: new Date(START + 30 * DAY_MS).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      status: 'active',
    });

    const listed = await admin.get('/api/v1/me/tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toContainEqual(token);
    expect(listed.body).not.toContain(secret);

    const stored = await t.stores.meta.findApiTokenByHash(hashToken(secret));
    expect(stored).toMatchObject({ id: token.id, tokenHash: hashToken(secret) });
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(4));
  });

  it('never expires without expiresInDays, and refuses bad names and lives', async () => {
    const { token } = await makeToken(admin, { name: 'forever', scope: 'read' });
    expect(token.expiresAt).toBeNull();
    for (const body of [
      { name: ' ', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 0 },
      { name: 'x', scope: 'read', expiresInDays: 366 },
    ]) {
      const res = await admin.send('POST', '/api/v1/me/tokens', body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('needs a session and, on create, its CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/tokens' })).statusCode).toBe(401);
    const res = await admin.send('POST', '/api/v1/me/tokens', { name: 'x', scope: 'read' }, null);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('csrf_token_invalid');
  });
});

describe('requests with a token', () => {
  it('read as the user, and change without a CSRF token when the token may write', async () => {
    const { secret } = await makeToken(admin, { name: 'script', scope: 'write' });
    const me = await bearer(secret, 'GET', '/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: 'admin@acme.test', organisationName: 'Acme' },
      csrfToken: '',
    });
    const projects = await bearer(secret, 'GET', '/api/v1/projects');
    expect(projects.json().items.map((p: { name: string }) => p.name)).toEqual(['Acme site']);

    const invited = await bearer(secret, 'POST', '/api/v1/admin/invitations', {
      email: 'scripted@acme.test',
      roles: ['ROLE_CV'],
    });
    expect(invited.statusCode).toBe(201);
    // No cookie goes out to a token request.
    expect(invited.headers['set-cookie']).toBeUndefined();
  });

  it('open the CSV exports outside /api too, as the user', async () => {
    const admins = await makeToken(admin, { name: 'csv', scope: 'read' });
    const members = await makeToken(member, { name: 'csv', scope: 'read' });
    const url = '/a.com,b.com/gb-en/1-2-1';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(errorOf(await bearer(members.secret, 'GET', url)).code).toBe('missing_role');
    expect([401, 403]).not.toContain((await bearer(admins.secret, 'GET', url)).statusCode);
  });

  it('refuses changes with a read-only token (403), reads still work', async () => {
    const { secret } = await makeToken(admin, { name: 'dashboard', scope: 'read' });
    expect((await bearer(secret, 'GET', '/api/v1/admin/users')).statusCode).toBe(200);
    const res = await bearer(secret, 'POST', '/api/v1/admin/invitations', {
      email: 'no@acme.test',
      roles: [],
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'token_read_only' });
    expect(errorOf(res).message).toContain('read-only');
  });

  it('carry the user’s roles (403 without the role) and organisation (404 for another’s objects)', async () => {
    const { secret } = await makeToken(member, { name: 'cv script', scope: 'write' });
    const res = await bearer(secret, 'GET', '/api/v1/admin/users');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'missing_role' });
    expect((await bearer(secret, 'GET', `/api/v1/projects/${otherProjectId}`)).statusCode).toBe(404);
  });

  it('cannot list, make or revoke tokens, nor change the password (403)', async () => {
    const { token, secret } = await makeToken(admin, { name: 'minter', scope: 'write' });
    for (const [method, url, payload] of [
      ['GET', '/api/v1/me/tokens', undefined],
      ['POST', '/api/v1/me/tokens', { name: 'child', scope: 'write' }],
      ['DELETE', `/api/v1/me/tokens/${token.id}`, undefined],
      ['POST', '/api/v1/me/password', { currentPassword: 'x', newPassword: 'y'.repeat(12) }],
    ] as const) {
      const res = await bearer(secret, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('session_required');
    }
  });

  it('refuse an unknown token with 401 and ignore other schemes', async () => {
    const res = await bearer('slt_not-a-token', 'GET', '/api/v1/projects');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('token_invalid');
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { authorization: 'Basic YTpi' },
    });
    expect(errorOf(basic).code).toBe('unauthenticated');
  });

  it('stamp the last use at most once a minute', async () => {
    const { token, secret } = await makeToken(admin, { name: 'stamped', scope: 'read' });
    const lastUsed = async () => (await t.stores.meta.findApiTokenByHash(hashToken(secret)))!.lastUsedAt;
    await bearer(secret, 'GET', '/api/v1/projects');
    expect(await lastUsed()).toBe(new Date(START).toISOString());
    await later(59_000, () => bearer(secret, 'GET', '/api/v1/projects'));
    expect(await lastUsed()).toBe(new Date(START).toISOString());
    await later(60_000, () => bearer(secret, 'GET', '/api/v1/projects'));
    expect(await lastUsed()).toBe(new Date(START + 60_000).toISOString());
    const listed = (await admin.get('/api/v1/me/tokens')).json().items;
    expect(listed.find((x: { id: number }) => x.id === token.id).lastUsedAt).toBe(
      new Date(START + 60_000).toISOString(),
    );
  });
});

describe('refused tokens', () => {
  it('an expired token is 401 and listed expired', async () => {
    const { token, secret } = await makeToken(admin, { name: 'short', scope: 'read', expiresInDays: 1 });
    expect((await bearer(secret, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    await later(DAY_MS, async () => {
      const res = await bearer(secret, 'GET', '/api/v1/projects');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 'token_expired' });
      expect(errorOf(res).message).toContain(token.expiresAt);
      const listed = (await admin.get('/api/v1/me/tokens')).json().items;
      expect(listed.find((x: { id: number }) => x.id === token.id).status).toBe('expired');
    });
  });

  it('a revoked token is 401; another user’s token is 404 to revoke', async () => {
    const { token, secret } = await makeToken(admin, { name: 'to revoke', scope: 'write' });
    expect((await member.send('DELETE', `/api/v1/me/tokens/${token.id}`)).statusCode).toBe(404);
    expect((await bearer(secret, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    expect((await admin.send('DELETE', `/api/v1/me/tokens/${token.id}`)).statusCode).toBe(204);
    expect((await admin.send('DELETE', `/api/v1/me/tokens/${token.id}`)).statusCode).toBe(204);
    expect((await admin.send('DELETE', '/api/v1/me/tokens/999999')).statusCode).toBe(404);
    const res = await bearer(secret, 'GET', '/api/v1/projects');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'token_revoked' });
    const listed = (await admin.get('/api/v1/me/tokens')).json().items;
    expect(listed.find((x: { id: number }) => x.id === token.id)).toMatchObject({
      status: 'revoked',
      revokedAt: new Date(START).toISOString(),
    });
  });

  it('a disabled user’s token is 401 until the user is enabled again', async () => {
    const { secret } = await makeToken(member, { name: 'while enabled', scope: 'read' });
    await t.stores.meta.setUserDisabled(memberId, true);
    try {
      const res = await bearer(secret, 'GET', '/api/v1/projects');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 'account_disabled' });
    } finally {
      await t.stores.meta.setUserDisabled(memberId, false);
    }
    expect((await bearer(secret, 'GET', '/api/v1/projects')).statusCode).toBe(200);
  });
});

describe('the API document and the logs', () => {
  it('lists the token routes and the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/me/tokens', '/api/v1/me/tokens/{id}']),
    );
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('redacts the headers that carry secrets from log lines', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino({ redact: [...REDACTED_HEADERS] }, sink);
    log.info({
      req: {
        headers: {
          authorization: 'Bearer slt_secret',
          cookie: 'sightline_session=s3cr3t',
          'x-csrf-token': 'c5rf',
        },
      },
    });
    expect(lines.join('')).not.toMatch(/slt_secret|s3cr3t|c5rf/);
  });
});
