// Conformance cases for alert rules and fired alerts (migration 0015-alerts): rules stored exactly (hostile
// text included), listed per campaign by name, edited and deleted only within their organisation; each
// event stored once per rule (a repeat is skipped, on both engines), listed newest first with the rule's
// name, values exact to 0.01; alert notifications listed beside task ones and gone with their rule; run by
// metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import type { NewAlertEvent } from '@storage/alert-store';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function alertCases(ctx: MetaSuiteContext): void {
  it('stores rules exactly, lists them per campaign by name, and keeps other organisations out', async () => {
    const { org, user, campaign } = await ctx.seed();
    const b = await ctx.store.createAlertRule(
      {
        organisationId: org.id,
        campaignId: campaign.id,
        name: 'B drops',
        kind: 'drop',
        tag: HOSTILE[0]!,
        threshold: 5,
        competitor: null,
        createdBy: user.id,
      },
      NOW,
    );
    expect(b).toEqual({
      id: expect.any(Number),
      organisationId: org.id,
      campaignId: campaign.id,
      name: 'B drops',
      kind: 'drop',
      tag: HOSTILE[0],
      threshold: 5,
      competitor: null,
      createdBy: user.id,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const a = await ctx.store.createAlertRule(
      {
        organisationId: org.id,
        campaignId: campaign.id,
        name: 'A rival',
        kind: 'competitor-top',
        tag: null,
        threshold: 3,
        competitor: HOSTILE[1]!,
        createdBy: null,
      },
      NOW,
    );
    expect(await ctx.store.listAlertRules(org.id, campaign.id)).toEqual([a, b]);
    expect(await ctx.store.getAlertRule(org.id, a.id)).toEqual(a);
    const edited = await ctx.store.updateAlertRule(org.id, a.id, { threshold: 10, competitor: null }, LATER);
    expect(edited).toEqual({ ...a, threshold: 10, competitor: null, updatedAt: LATER });

    const stranger = await ctx.seed();
    expect(await ctx.store.getAlertRule(stranger.org.id, a.id)).toBeNull();
    expect(await ctx.store.listAlertRules(stranger.org.id, campaign.id)).toEqual([]);
    expect(await ctx.store.updateAlertRule(stranger.org.id, a.id, { name: 'x' }, LATER)).toBeNull();
    expect(await ctx.store.deleteAlertRule(stranger.org.id, a.id)).toBe(false);
    expect(await ctx.store.deleteAlertRule(org.id, a.id)).toBe(true);
    expect(await ctx.store.listAlertRules(org.id, campaign.id)).toEqual([b]);
  });

  it('records each event once per rule, lists them newest first, and drops them with their rule', async () => {
    const { org, user, campaign } = await ctx.seed();
    const rule = await ctx.store.createAlertRule(
      {
        organisationId: org.id,
        campaignId: campaign.id,
        name: HOSTILE[2]!,
        kind: 'visibility-drop',
        tag: null,
        threshold: 10,
        competitor: null,
        createdBy: user.id,
      },
      NOW,
    );
    const event = (key: string, previousValue: number | null): NewAlertEvent => ({
      organisationId: org.id,
      campaignId: campaign.id,
      ruleId: rule.id,
      eventKey: key,
      keyword: key === 'v' ? null : HOSTILE[3]!,
      domain: null,
      previousDate: '2025-03-01',
      currentDate: '2025-03-08',
      previousValue,
      currentValue: 12.34,
      url: null,
      message: `fired ${key}`,
    });
    const first = await ctx.store.recordAlertEvents([event('v', 45.67), event('k', null)], NOW);
    expect(first).toEqual([
      {
        ...event('v', 45.67),
        id: expect.any(Number),
        firedAt: NOW,
        ruleName: HOSTILE[2],
      },
      { ...event('k', null), id: expect.any(Number), firedAt: NOW, ruleName: HOSTILE[2] },
    ]);
    // The same events again (one new one among them): only the new one is stored and returned.
    const again = await ctx.store.recordAlertEvents([event('v', 45.67), event('n', 3)], LATER);
    expect(again.map((e) => e.eventKey)).toEqual(['n']);
    const listed = await ctx.store.listAlertEvents(org.id, campaign.id, 10);
    expect(listed.map((e) => e.eventKey)).toEqual(['n', 'k', 'v']);
    expect(await ctx.store.listAlertEvents(org.id, campaign.id, 1)).toHaveLength(1);
    expect(await ctx.store.listAlertEvents((await ctx.seed()).org.id, campaign.id, 10)).toEqual([]);

    await ctx.store.createNotifications(
      [
        {
          organisationId: org.id,
          userId: user.id,
          kind: 'alert',
          taskId: null,
          actorId: null,
          alert: { ruleId: rule.id, title: HOSTILE[4]! },
        },
      ],
      NOW,
    );
    expect(await ctx.store.listNotifications(org.id, user.id, 10)).toEqual([
      {
        id: expect.any(Number),
        organisationId: org.id,
        userId: user.id,
        kind: 'alert',
        taskId: null,
        taskTitle: null,
        actorId: null,
        createdAt: NOW,
        readAt: null,
        alert: { ruleId: rule.id, campaignId: campaign.id, title: HOSTILE[4] },
      },
    ]);
    expect(await ctx.store.countUnreadNotifications(org.id, user.id)).toBe(1);
    expect(await ctx.store.deleteAlertRule(org.id, rule.id)).toBe(true);
    expect(await ctx.store.listAlertEvents(org.id, campaign.id, 10)).toEqual([]);
    expect(await ctx.store.listNotifications(org.id, user.id, 10)).toEqual([]);
  });
}
