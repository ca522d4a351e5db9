// Conformance cases for dashboards (migration 0016-dashboards): stored exactly (hostile text included),
// listed as the organisation's shared ones plus the user's private ones, hidden from other users and other
// organisations, edited and deleted only within their organisation, each user's default kept apart and
// dropped with its dashboard; run by metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function dashboardCases(ctx: MetaSuiteContext): void {
  async function secondUser(organisationId: number) {
    return ctx.store.createUser({
      organisationId,
      email: `${ctx.unique('colleague')}@example.com`,
      name: 'Colleague',
      passwordHash: 'hash',
      roles: ['ROLE_CV'],
      now: NOW,
    });
  }

  it('stores dashboards exactly and lists the shared ones plus the user’s own, by name', async () => {
    const { org, user } = await ctx.seed();
    const colleague = await secondUser(org.id);
    const widgets = JSON.stringify([{ id: 'w1', title: HOSTILE[0] }]);
    const shared = await ctx.store.createDashboard(
      { organisationId: org.id, ownerId: null, name: 'B shared', widgets, createdBy: user.id },
      NOW,
    );
    expect(shared).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      ownerId: null,
      name: 'B shared',
      widgets,
      createdBy: user.id,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const mine = await ctx.store.createDashboard(
      { organisationId: org.id, ownerId: user.id, name: HOSTILE[2]!, widgets: '[]', createdBy: user.id },
      NOW,
    );
    const theirs = await ctx.store.createDashboard(
      {
        organisationId: org.id,
        ownerId: colleague.id,
        name: 'A theirs',
        widgets: '[]',
        createdBy: colleague.id,
      },
      NOW,
    );
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    expect(await ctx.store.listDashboards(org.id, user.id)).toEqual([shared, mine].sort(byName));
    expect(await ctx.store.listDashboards(org.id, colleague.id)).toEqual([theirs, shared]);
    expect(await ctx.store.getDashboard(org.id, user.id, mine.id)).toEqual(mine);
    // Another user's private dashboard and another organisation's are not there for them.
    expect(await ctx.store.getDashboard(org.id, colleague.id, mine.id)).toBeNull();
    const stranger = await ctx.seed();
    expect(await ctx.store.getDashboard(stranger.org.id, stranger.user.id, shared.id)).toBeNull();
    expect(await ctx.store.listDashboards(stranger.org.id, stranger.user.id)).toEqual([]);
  });

  it('edits and deletes a dashboard only within its organisation', async () => {
    const { org, user } = await ctx.seed();
    const d = await ctx.store.createDashboard(
      { organisationId: org.id, ownerId: user.id, name: 'Mine', widgets: '[]', createdBy: user.id },
      NOW,
    );
    const stranger = await ctx.seed();
    expect(await ctx.store.updateDashboard(stranger.org.id, d.id, { name: 'Stolen' }, LATER)).toBeNull();
    expect(await ctx.store.deleteDashboard(stranger.org.id, d.id)).toBe(false);
    const renamed = await ctx.store.updateDashboard(org.id, d.id, { name: HOSTILE[1]! }, LATER);
    expect(renamed).toEqual({ ...d, name: HOSTILE[1], updatedAt: LATER });
    const rewidgeted = await ctx.store.updateDashboard(org.id, d.id, { widgets: '[{"id":"x"}]' }, LATER);
    expect(rewidgeted).toEqual({ ...d, name: HOSTILE[1], widgets: '[{"id":"x"}]', updatedAt: LATER });
    expect(await ctx.store.deleteDashboard(org.id, d.id)).toBe(true);
    expect(await ctx.store.getDashboard(org.id, user.id, d.id)).toBeNull();
    expect(await ctx.store.deleteDashboard(org.id, d.id)).toBe(false);
  });

  it('keeps one default per user, replaced by the next, dropped with its dashboard', async () => {
    const { org, user } = await ctx.seed();
    const colleague = await secondUser(org.id);
    const make = (name: string) =>
      ctx.store.createDashboard(
        { organisationId: org.id, ownerId: null, name, widgets: '[]', createdBy: user.id },
        NOW,
      );
    const a = await make('A');
    const b = await make('B');
    expect(await ctx.store.getDefaultDashboard(user.id)).toBeNull();
    await ctx.store.setDefaultDashboard(user.id, a.id, NOW);
    await ctx.store.setDefaultDashboard(colleague.id, a.id, NOW);
    await ctx.store.setDefaultDashboard(user.id, b.id, LATER);
    expect(await ctx.store.getDefaultDashboard(user.id)).toBe(b.id);
    expect(await ctx.store.getDefaultDashboard(colleague.id)).toBe(a.id);
    await ctx.store.deleteDashboard(org.id, a.id);
    expect(await ctx.store.getDefaultDashboard(colleague.id)).toBeNull();
    expect(await ctx.store.getDefaultDashboard(user.id)).toBe(b.id);
  });
}
