// Conformance cases for one-to-one share links (migration 0006-share-links): stored exactly (hostile hosts
// included), listed newest first per organisation, found by id whatever the organisation, revoked only by
// their own organisation and only once (a second revoke keeps the first time); run by metaStoreSuite on
// SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function shareLinkCases(ctx: MetaSuiteContext): void {
  it('stores share links, lists them per organisation newest first and revokes them once', async () => {
    const { org, user } = await ctx.seed();
    const other = await ctx.seed();
    const link = { organisationId: org.id, createdBy: user.id, market: 'gb-en', expiresAt: LATER };
    const older = await ctx.store.createShareLink({ ...link, hostA: HOSTILE[0]!, hostB: 'b.com' }, NOW);
    const newer = await ctx.store.createShareLink(
      { ...link, hostA: 'a.com', hostB: 'www.b.com/blog', expiresAt: '2025-03-08T13:00:00+01:00' },
      '2025-03-02T00:00:00Z',
    );
    expect(older).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      createdBy: user.id,
      hostA: HOSTILE[0],
      hostB: 'b.com',
      market: 'gb-en',
      createdAt: NOW,
      expiresAt: LATER,
      revokedAt: null,
    });
    // Instants are stored canonical (UTC, milliseconds).
    expect([newer.createdAt, newer.expiresAt]).toEqual(['2025-03-02T00:00:00.000Z', LATER]);
    expect(await ctx.store.listShareLinks(org.id, 10)).toEqual([newer, older]);
    expect(await ctx.store.listShareLinks(org.id, 1)).toEqual([newer]);
    expect(await ctx.store.listShareLinks(other.org.id, 10)).toEqual([]);
    expect(await ctx.store.getShareLink(older.id)).toEqual(older);
    expect(await ctx.store.getShareLink(newer.id + 1000)).toBeNull();

    expect(await ctx.store.revokeShareLink(other.org.id, older.id, LATER)).toBe(false);
    expect((await ctx.store.getShareLink(older.id))?.revokedAt).toBeNull();
    expect(await ctx.store.revokeShareLink(org.id, older.id, '2025-03-03T00:00:00.000Z')).toBe(true);
    expect(await ctx.store.revokeShareLink(org.id, older.id, LATER)).toBe(true);
    expect((await ctx.store.getShareLink(older.id))?.revokedAt).toBe('2025-03-03T00:00:00.000Z');
    expect((await ctx.store.getShareLink(newer.id))?.revokedAt).toBeNull();
  });
}
