// Conformance cases for personal access tokens (migration 0007-api-tokens): stored exactly (hostile names
// included), found by hash whatever their state, unique by hash, listed per user newest first, revoked only
// by their own user and only once (a second revoke keeps the first time), and stamped on use; run by
// metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function apiTokenCases(ctx: MetaSuiteContext): void {
  it('stores tokens by hash, lists them per user newest first, revokes and stamps them', async () => {
    const { user } = await ctx.seed();
    const other = await ctx.seed();
    const hash = (n: string) => ctx.unique(n).padEnd(64, '0');
    const older = await ctx.store.createApiToken(
      { userId: user.id, name: HOSTILE[0]!, tokenHash: hash('a'), scope: 'read', expiresAt: null },
      NOW,
    );
    const newer = await ctx.store.createApiToken(
      {
        userId: user.id,
        name: HOSTILE[4]!,
        tokenHash: hash('b'),
        scope: 'write',
        expiresAt: '2025-03-08T13:00:00+01:00',
      },
      '2025-03-02T00:00:00Z',
    );
    expect(older).toEqual({
      id: expect.any(Number),
      userId: user.id,
      name: HOSTILE[0],
      tokenHash: older.tokenHash,
      scope: 'read',
      createdAt: NOW,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    // Instants are stored canonical (UTC, milliseconds).
    expect([newer.createdAt, newer.expiresAt, newer.scope]).toEqual([
      '2025-03-02T00:00:00.000Z',
      LATER,
      'write',
    ]);
    expect(await ctx.store.listApiTokens(user.id)).toEqual([newer, older]);
    expect(await ctx.store.listApiTokens(other.user.id)).toEqual([]);
    expect(await ctx.store.findApiTokenByHash(older.tokenHash)).toEqual(older);
    expect(await ctx.store.findApiTokenByHash(hash('missing'))).toBeNull();
    await expect(
      ctx.store.createApiToken(
        { userId: other.user.id, name: 'copy', tokenHash: older.tokenHash, scope: 'read', expiresAt: null },
        NOW,
      ),
    ).rejects.toThrow();

    await ctx.store.touchApiToken(newer.id, '2025-03-03T10:00:00Z');
    expect((await ctx.store.findApiTokenByHash(newer.tokenHash))?.lastUsedAt).toBe(
      '2025-03-03T10:00:00.000Z',
    );

    expect(await ctx.store.revokeApiToken(other.user.id, older.id, LATER)).toBe(false);
    expect((await ctx.store.findApiTokenByHash(older.tokenHash))?.revokedAt).toBeNull();
    expect(await ctx.store.revokeApiToken(user.id, older.id, '2025-03-03T00:00:00.000Z')).toBe(true);
    expect(await ctx.store.revokeApiToken(user.id, older.id, LATER)).toBe(true);
    expect((await ctx.store.findApiTokenByHash(older.tokenHash))?.revokedAt).toBe('2025-03-03T00:00:00.000Z');
    expect((await ctx.store.findApiTokenByHash(newer.tokenHash))?.revokedAt).toBeNull();
    expect(await ctx.store.revokeApiToken(user.id, newer.id + 1000, LATER)).toBe(false);
  });
}
