// Conformance cases for Search Console connections and links (migration 0017-search-console-links): stored
// exactly, scoped to their organisation, one link per property and organisation, sync state updated in
// place, syncs left running by a dead process marked failed, and links deleted with their connection; run by
// metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { DuplicateValueError } from '@storage/meta-store';
import { HOSTILE, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function gscLinkCases(ctx: MetaSuiteContext): void {
  it('stores connections and links per organisation, one link per property, and updates sync state', async () => {
    const { org, user } = await ctx.seed();
    const other = await ctx.store.createOrganisation('Other', NOW);
    const c = await ctx.store.createGscConnection(
      {
        organisationId: org.id,
        kind: 'oauth',
        label: 'client.apps.googleusercontent.com',
        clientId: 'client.apps.googleusercontent.com',
        sealedSecret: HOSTILE[0]!,
        sealedRefreshToken: null,
        createdBy: user.id,
      },
      NOW,
    );
    expect(c).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      kind: 'oauth',
      label: 'client.apps.googleusercontent.com',
      clientId: 'client.apps.googleusercontent.com',
      sealedSecret: HOSTILE[0],
      sealedRefreshToken: null,
      createdBy: user.id,
      createdAt: NOW,
    });
    expect(await ctx.store.getGscConnection(other.id, c.id)).toBeNull();
    expect(await ctx.store.setGscRefreshToken(other.id, c.id, 'x')).toBe(false);
    expect(await ctx.store.setGscRefreshToken(org.id, c.id, 'sealed-rt')).toBe(true);
    expect((await ctx.store.getGscConnection(org.id, c.id))?.sealedRefreshToken).toBe('sealed-rt');
    expect(await ctx.store.listGscConnections(other.id)).toEqual([]);

    const link = await ctx.store.createGscLink(
      {
        organisationId: org.id,
        connectionId: c.id,
        siteUrl: 'sc-domain:example.com',
        searchTypes: ['web', 'discover'],
        createdBy: user.id,
      },
      NOW,
    );
    expect(link).toMatchObject({
      siteUrl: 'sc-domain:example.com',
      searchTypes: ['web', 'discover'],
      syncedThrough: null,
      status: 'idle',
      daysDone: 0,
      daysTotal: 0,
      rowsWritten: 0,
      lastError: null,
      lastSyncAt: null,
      createdAt: NOW,
    });
    const again = ctx.store.createGscLink(
      {
        organisationId: org.id,
        connectionId: c.id,
        siteUrl: 'sc-domain:example.com',
        searchTypes: ['web'],
        createdBy: null,
      },
      NOW,
    );
    await expect(again).rejects.toBeInstanceOf(DuplicateValueError);
    await ctx.store.updateGscLinkSync(link.id, {
      status: 'running',
      daysTotal: 485,
      daysDone: 31,
      rowsWritten: 62,
      syncedThrough: '2024-12-18',
      lastSyncAt: NOW,
    });
    expect(await ctx.store.getGscLink(org.id, link.id)).toMatchObject({
      status: 'running',
      daysTotal: 485,
      daysDone: 31,
      rowsWritten: 62,
      syncedThrough: '2024-12-18',
      lastSyncAt: NOW,
    });
    expect(await ctx.store.getGscLink(other.id, link.id)).toBeNull();
    expect((await ctx.store.listGscLinks(null)).map((l) => l.id)).toEqual([link.id]);
    expect(await ctx.store.failRunningGscSyncs('interrupted')).toBe(1);
    expect(await ctx.store.getGscLink(org.id, link.id)).toMatchObject({
      status: 'failed',
      lastError: 'interrupted',
    });
    expect(await ctx.store.deleteGscLink(other.id, link.id)).toBe(false);
    expect(await ctx.store.deleteGscConnection(other.id, c.id)).toBe(false);
    expect(await ctx.store.deleteGscConnection(org.id, c.id)).toBe(true);
    expect(await ctx.store.listGscLinks(org.id)).toEqual([]);
  });
}
