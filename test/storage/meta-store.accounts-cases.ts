// Conformance cases for organisations, users and roles, sessions and invitations; run by metaStoreSuite.
import { expect, it } from 'vitest';
import { DuplicateValueError } from '@storage/meta-store';
import { LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function accountCases(ctx: MetaSuiteContext): void {
  it('creates, gets and lists organisations, with ids as numbers and instants in canonical ISO form', async () => {
    const org = await ctx.store.createOrganisation('Acme', '2025-03-01T13:00:00+01:00');
    expect(org).toEqual({ id: expect.any(Number), name: 'Acme', createdAt: NOW });
    expect(await ctx.store.getOrganisation(org.id)).toEqual(org);
    expect(await ctx.store.getOrganisation(org.id + 1_000_000)).toBeNull();
    expect(await ctx.store.listOrganisations()).toContainEqual(org);
    await expect(ctx.store.createOrganisation('Bad', 'yesterday')).rejects.toThrow(RangeError);
  });

  it('counts organisations, users, projects and campaigns', async () => {
    const before = await ctx.store.counts();
    await ctx.seed();
    const after = await ctx.store.counts();
    expect(after).toEqual({
      organisations: before.organisations + 1,
      users: before.users + 1,
      projects: before.projects + 1,
      campaigns: before.campaigns + 1,
    });
  });

  it('creates users with canonical roles and finds them by email case-insensitively', async () => {
    const { org } = await ctx.seed();
    const email = `${ctx.unique('Mixed.Case')}@Example.COM`;
    const user = await ctx.store.createUser({
      organisationId: org.id,
      email,
      name: 'Ann',
      passwordHash: '$argon2id$v=19$secret',
      roles: ['ROLE_REPORTS', 'ROLE_CV', 'ROLE_CV'],
      now: NOW,
    });
    expect(user).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      email: email.toLowerCase(),
      name: 'Ann',
      roles: ['ROLE_CV', 'ROLE_REPORTS'],
      disabled: false,
      createdAt: NOW,
    });
    expect(await ctx.store.getUser(user.id)).toEqual(user);
    expect(await ctx.store.getUser(user.id + 1_000_000)).toBeNull();
    expect(await ctx.store.findUserByEmail(email.toUpperCase())).toEqual({
      ...user,
      passwordHash: '$argon2id$v=19$secret',
    });
    expect(await ctx.store.findUserByEmail(`nobody-${email}`)).toBeNull();
  });

  it('refuses a second user with the same email in any case, writing nothing', async () => {
    const { org } = await ctx.seed();
    const other = await ctx.seed();
    const email = `${ctx.unique('dup')}@example.com`;
    await ctx.store.createUser({
      organisationId: org.id,
      email,
      name: 'A',
      passwordHash: 'h',
      roles: [],
      now: NOW,
    });
    const before = await ctx.store.counts();
    const attempt = ctx.store.createUser({
      organisationId: other.org.id,
      email: email.toUpperCase(),
      name: 'B',
      passwordHash: 'h',
      roles: ['ROLE_ADMIN'],
      now: NOW,
    });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateValueError);
    await expect(attempt).rejects.toMatchObject({ field: 'email' });
    expect(await ctx.store.counts()).toEqual(before);
    expect((await ctx.store.listUsers(other.org.id)).map((u) => u.name)).toEqual(['Admin']);
  });

  it('replaces roles, toggles disabled as a boolean and changes the password hash', async () => {
    const { user } = await ctx.seed(['ROLE_ADMIN', 'ROLE_CV']);
    await ctx.store.setUserRoles(user.id, ['ROLE_VE', 'ROLE_MS_ALL', 'ROLE_VE']);
    expect((await ctx.store.getUser(user.id))?.roles).toEqual(['ROLE_MS_ALL', 'ROLE_VE']);
    await ctx.store.setUserRoles(user.id, []);
    expect((await ctx.store.getUser(user.id))?.roles).toEqual([]);

    await ctx.store.setUserDisabled(user.id, true);
    expect((await ctx.store.getUser(user.id))?.disabled).toBe(true);
    await ctx.store.setUserDisabled(user.id, false);
    expect((await ctx.store.getUser(user.id))?.disabled).toBe(false);

    await ctx.store.setPasswordHash(user.id, 'new-hash');
    expect((await ctx.store.findUserByEmail(user.email))?.passwordHash).toBe('new-hash');
  });

  it('creates, reads, deletes and purges sessions by expiry', async () => {
    const { user } = await ctx.seed();
    const other = await ctx.seed();
    // Expiry dates in 1990 so that no other test's sessions are affected by the purge.
    const old = {
      userId: user.id,
      csrfToken: 'csrf',
      createdAt: '1990-01-01T00:00:00.000Z',
      lastSeenAt: '1990-01-01T00:00:00.000Z',
    };
    const expired = { ...old, idHash: ctx.unique('expired'), expiresAt: '1990-01-02T00:00:00.000Z' };
    const live = { ...old, idHash: ctx.unique('live'), expiresAt: '1990-01-04T00:00:00.000Z' };
    const otherUser = { ...old, userId: other.user.id, idHash: ctx.unique('other'), expiresAt: LATER };
    for (const s of [expired, live, otherUser]) await ctx.store.createSession(s);
    expect(await ctx.store.getSession(live.idHash)).toEqual(live);
    expect(await ctx.store.getSession('no-such-hash')).toBeNull();

    expect(await ctx.store.purgeExpiredSessions('1990-01-03T00:00:00.000Z')).toBe(1);
    expect(await ctx.store.getSession(expired.idHash)).toBeNull();
    expect(await ctx.store.getSession(live.idHash)).toEqual(live);
    expect(await ctx.store.purgeExpiredSessions('1990-01-03T00:00:00.000Z')).toBe(0);

    await ctx.store.deleteUserSessions(user.id);
    expect(await ctx.store.getSession(live.idHash)).toBeNull();
    expect(await ctx.store.getSession(otherUser.idHash)).toEqual(otherUser);
    await ctx.store.touchSession(otherUser.idHash, '1990-01-01T08:30:00.000Z');
    expect(await ctx.store.getSession(otherUser.idHash)).toEqual({
      ...otherUser,
      lastSeenAt: '1990-01-01T08:30:00.000Z',
    });
    await ctx.store.deleteSession(otherUser.idHash);
    expect(await ctx.store.getSession(otherUser.idHash)).toBeNull();
  });

  it('creates invitations and marks them accepted once', async () => {
    const { org, user } = await ctx.seed();
    const tokenHash = ctx.unique('token');
    const email = `${ctx.unique('Invitee')}@Example.com`;
    await ctx.store.createInvitation({
      tokenHash,
      organisationId: org.id,
      email,
      roles: ['ROLE_REPORTS', 'ROLE_ADMIN'],
      invitedBy: user.id,
      createdAt: NOW,
      expiresAt: LATER,
    });
    const invitation = {
      tokenHash,
      organisationId: org.id,
      email: email.toLowerCase(),
      roles: ['ROLE_ADMIN', 'ROLE_REPORTS'],
      invitedBy: user.id,
      createdAt: NOW,
      expiresAt: LATER,
      acceptedAt: null,
    };
    expect(await ctx.store.getInvitation(tokenHash)).toEqual(invitation);
    expect(await ctx.store.listInvitations(org.id)).toEqual([invitation]);
    expect(await ctx.store.getInvitation('no-such-token')).toBeNull();

    await ctx.store.markInvitationAccepted(tokenHash, '2025-03-02T00:00:00.000Z');
    await ctx.store.markInvitationAccepted(tokenHash, '2025-03-03T00:00:00.000Z');
    expect((await ctx.store.getInvitation(tokenHash))?.acceptedAt).toBe('2025-03-02T00:00:00.000Z');
  });
}
