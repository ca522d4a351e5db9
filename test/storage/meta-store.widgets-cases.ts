// Conformance cases for the per-user widgets config (migration 0004-user-widgets): absent until saved, one
// config per user and module, replaced on save, hostile text kept exactly, and separate from other users';
// run by metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function widgetCases(ctx: MetaSuiteContext): void {
  it('keeps one widgets config per user and module, replaces it on save, and keeps text exactly', async () => {
    const { user } = await ctx.seed();
    const other = await ctx.seed();
    expect(await ctx.store.getUserWidgets(user.id, 'campaign-visibility')).toBeNull();

    const first = JSON.stringify({ widgets: [{ id: 'visibility', visible: true }], expanded: null });
    const saved = await ctx.store.saveUserWidgets(user.id, 'campaign-visibility', first, NOW);
    expect(saved).toEqual({
      userId: user.id,
      moduleName: 'campaign-visibility',
      config: first,
      updatedAt: NOW,
    });

    const second = JSON.stringify({ widgets: [], expanded: HOSTILE[0] });
    await ctx.store.saveUserWidgets(user.id, 'campaign-visibility', second, LATER);
    await ctx.store.saveUserWidgets(user.id, 'visibility-explorer', first, NOW);
    expect(await ctx.store.getUserWidgets(user.id, 'campaign-visibility')).toEqual({
      userId: user.id,
      moduleName: 'campaign-visibility',
      config: second,
      updatedAt: LATER,
    });
    expect((await ctx.store.getUserWidgets(user.id, 'visibility-explorer'))?.config).toBe(first);
    expect(await ctx.store.getUserWidgets(other.user.id, 'campaign-visibility')).toBeNull();
  });
}
