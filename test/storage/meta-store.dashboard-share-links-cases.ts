// Conformance cases for dashboard share links (migration 0021-dashboard-share-links): stored exactly, listed
// newest first per organisation and dashboard, found by id whatever the organisation, revoked only through
// their own organisation and dashboard and only once (a second revoke keeps the first time), and deleted
// with their dashboard; run by metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function dashboardShareLinkCases(ctx: MetaSuiteContext): void {
  it('stores dashboard share links, lists them per dashboard newest first, revokes them once', async () => {
    const { org, user } = await ctx.seed();
    const other = await ctx.seed();
    const board = (name: string) =>
      ctx.store.createDashboard(
        { organisationId: org.id, ownerId: null, name, widgets: '[]', createdBy: user.id },
        NOW,
      );
    const [a, b] = [await board('A'), await board('B')];
    const link = { organisationId: org.id, dashboardId: a.id, createdBy: user.id, expiresAt: LATER };
    const older = await ctx.store.createDashboardShareLink(link, NOW);
    const newer = await ctx.store.createDashboardShareLink(
      { ...link, expiresAt: '2025-03-08T13:00:00+01:00' },
      '2025-03-02T00:00:00Z',
    );
    const ofB = await ctx.store.createDashboardShareLink({ ...link, dashboardId: b.id }, NOW);
    expect(older).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      dashboardId: a.id,
      createdBy: user.id,
      createdAt: NOW,
      expiresAt: LATER,
      revokedAt: null,
    });
    // Instants are stored canonical (UTC, milliseconds).
    expect([newer.createdAt, newer.expiresAt]).toEqual([
      '2025-03-02T00:00:00.000Z',
      '2025-03-08T12:00:00.000Z',
    ]);
    expect(await ctx.store.listDashboardShareLinks(org.id, a.id, 10)).toEqual([newer, older]);
    expect(await ctx.store.listDashboardShareLinks(org.id, a.id, 1)).toEqual([newer]);
    expect(await ctx.store.listDashboardShareLinks(org.id, b.id, 10)).toEqual([ofB]);
    expect(await ctx.store.listDashboardShareLinks(other.org.id, a.id, 10)).toEqual([]);
    expect(await ctx.store.getDashboardShareLink(older.id)).toEqual(older);
    expect(await ctx.store.getDashboardShareLink(ofB.id + 1000)).toBeNull();

    expect(await ctx.store.revokeDashboardShareLink(other.org.id, a.id, older.id, LATER)).toBe(false);
    expect(await ctx.store.revokeDashboardShareLink(org.id, b.id, older.id, LATER)).toBe(false);
    expect((await ctx.store.getDashboardShareLink(older.id))?.revokedAt).toBeNull();
    expect(await ctx.store.revokeDashboardShareLink(org.id, a.id, older.id, '2025-03-03T00:00:00.000Z')).toBe(
      true,
    );
    expect(await ctx.store.revokeDashboardShareLink(org.id, a.id, older.id, LATER)).toBe(true);
    expect((await ctx.store.getDashboardShareLink(older.id))?.revokedAt).toBe('2025-03-03T00:00:00.000Z');

    // Deleting the dashboard deletes its links.
    expect(await ctx.store.deleteDashboard(org.id, a.id)).toBe(true);
    expect(await ctx.store.getDashboardShareLink(newer.id)).toBeNull();
    expect(await ctx.store.getDashboardShareLink(ofB.id)).toEqual(ofB);
  });
}
