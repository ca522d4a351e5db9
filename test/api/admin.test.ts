// Organisation administration: invitations through to the invited user's first sign-in, role changes,
// disabling, the self-lockout guards, and 404 for users of another organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@core/roles';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

let t: TestApp;
let admin: Client;
let adminId: number;
let otherOrgUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  adminId = (await seedUser(t.stores, acme.id, 'admin@acme.test', [...ROLES])).id;
  await seedUser(t.stores, acme.id, 'member@acme.test', ['ROLE_CV']);
  otherOrgUserId = (await seedUser(t.stores, globex.id, 'admin@globex.test', [...ROLES])).id;
  admin = await Client.signIn(t.app, 'admin@acme.test');
});
afterAll(async () => t.close());

describe('admin routes', () => {
  it('are 401 signed out and 403 without ROLE_ADMIN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(401);
    const member = await Client.signIn(t.app, 'member@acme.test');
    const res = await member.get('/api/v1/admin/users');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toContain('ROLE_ADMIN');
    expect(
      (await member.send('POST', '/api/v1/admin/invitations', { email: 'x@acme.test', roles: [] }))
        .statusCode,
    ).toBe(403);
  });

  it('list the users of the own organisation only', async () => {
    const res = await admin.get('/api/v1/admin/users');
    expect(res.statusCode).toBe(200);
    const emails = res
      .json()
      .items.map((u: { email: string }) => u.email)
      .sort();
    expect(emails).toEqual(['admin@acme.test', 'member@acme.test']);
  });

  it('invite → accept → the new user signs in with exactly the granted roles', async () => {
    const invited = await admin.send('POST', '/api/v1/admin/invitations', {
      email: 'New.Analyst@Acme.test',
      roles: ['ROLE_CV', 'ROLE_REPORTS'],
    });
    expect(invited.statusCode).toBe(201);
    const { inviteUrl, invitation } = invited.json();
    expect(invitation).toMatchObject({
      email: 'new.analyst@acme.test',
      roles: ['ROLE_CV', 'ROLE_REPORTS'],
      acceptedAt: null,
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 3600 * 1000);
    // No PUBLIC_URL in this app: the link is a path (never built on the request's Host header).
    expect(inviteUrl).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = inviteUrl.split('/').at(-1);

    const listed = (await admin.get('/api/v1/admin/invitations')).json();
    expect(listed.total).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(token);

    const info = await t.app.inject({ method: 'GET', url: `/auth/invitations/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: 'new.analyst@acme.test', organisationName: 'Acme' });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/auth/invitations/accept',
      payload: { token, name: '', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const fields = errorOf(weak)
      .details.issues.map((i: { field: string }) => i.field)
      .sort();
    expect(fields).toEqual(['name', 'password']);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/auth/invitations/accept',
      payload: { token, name: 'New Analyst', password: 'invited user passphrase' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.roles).toEqual(['ROLE_CV', 'ROLE_REPORTS']);
    expect(accepted.cookies.some((c) => c.name === 'sightline_session')).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/invitations/accept',
      payload: { token, name: 'Again', password: 'invited user passphrase' },
    });
    expect(again.statusCode).toBe(410);

    const newUser = await Client.signIn(t.app, 'new.analyst@acme.test', 'invited user passphrase');
    const me = (await newUser.get('/api/v1/me')).json();
    expect(me.user.roles).toEqual(['ROLE_CV', 'ROLE_REPORTS']);
    expect(me.permissions).toMatchObject({
      contentVisibility: true,
      reports: true,
      visibilityExplorer: false,
    });
    expect((await newUser.get('/api/v1/reports')).statusCode).toBe(200);
    expect((await newUser.get('/api/v1/admin/users')).statusCode).toBe(403);
  });

  it('refuses to invite an email that already has an account (409) and unknown tokens (404)', async () => {
    const dup = await admin.send('POST', '/api/v1/admin/invitations', {
      email: 'member@acme.test',
      roles: [],
    });
    expect(dup.statusCode).toBe(409);
    const unknown = await t.app.inject({ method: 'GET', url: `/auth/invitations/${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('names an unknown role in a 400', async () => {
    const res = await admin.send('POST', '/api/v1/admin/invitations', {
      email: 'x@acme.test',
      roles: ['ROLE_ROOT'],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details.issues[0]).toMatchObject({ location: 'body', field: 'roles.0' });
  });

  it('changes roles and disables a user, which ends their sessions', async () => {
    const member = await Client.signIn(t.app, 'member@acme.test');
    const users = (await admin.get('/api/v1/admin/users')).json().items;
    const id = users.find((u: { email: string }) => u.email === 'member@acme.test').id;

    const roles = await admin.send('PUT', `/api/v1/admin/users/${id}/roles`, {
      roles: ['ROLE_VE', 'ROLE_VE'],
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().roles).toEqual(['ROLE_VE']);
    expect((await member.get('/api/v1/me')).json().permissions.visibilityExplorer).toBe(true);

    const disabled = await admin.send('PUT', `/api/v1/admin/users/${id}/disabled`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled).toBe(true);
    expect((await member.get('/api/v1/me')).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'member@acme.test', password: 'correct horse battery staple' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(errorOf(signIn).code).toBe('account_disabled');

    await admin.send('PUT', `/api/v1/admin/users/${id}/disabled`, { disabled: false });
    expect((await Client.signIn(t.app, 'member@acme.test')).csrfToken).toBeTruthy();
  });

  it('will not let an admin remove their own ROLE_ADMIN or disable themselves (400 saying why)', async () => {
    const demote = await admin.send('PUT', `/api/v1/admin/users/${adminId}/roles`, { roles: ['ROLE_CV'] });
    expect(demote.statusCode).toBe(400);
    expect(errorOf(demote).message).toContain('cannot remove ROLE_ADMIN from yourself');
    const disable = await admin.send('PUT', `/api/v1/admin/users/${adminId}/disabled`, { disabled: true });
    expect(disable.statusCode).toBe(400);
    expect(errorOf(disable).message).toContain('cannot disable your own account');
    expect((await admin.get('/api/v1/me')).json().user.roles).toContain('ROLE_ADMIN');
  });

  it('answers 404 for a user of another organisation, and 400 for a malformed id', async () => {
    const roles = await admin.send('PUT', `/api/v1/admin/users/${otherOrgUserId}/roles`, { roles: [] });
    expect(roles.statusCode).toBe(404);
    expect(errorOf(roles).code).toBe('not_found');
    const disable = await admin.send('PUT', `/api/v1/admin/users/${otherOrgUserId}/disabled`, {
      disabled: true,
    });
    expect(disable.statusCode).toBe(404);
    const missing = await admin.send('PUT', `/api/v1/admin/users/999999/disabled`, { disabled: true });
    expect(errorOf(missing).message).toBe(errorOf(disable).message.replace(String(otherOrgUserId), '999999'));
    const bad = await admin.send('PUT', '/api/v1/admin/users/abc/roles', { roles: [] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details.issues[0]).toMatchObject({ location: 'params', field: 'id' });
  });
});
