// Conformance cases for report schedules and deliveries (migration 0020-report-schedules): a schedule stored
// exactly (hostile recipients' text included), listed per report, edited and deleted only within its
// organisation; due schedules found by their stored next run; a due time claimed once (a second claim, or a
// claim after an edit, changes nothing); deliveries' attempts and status kept, retries found when due,
// unfinished ones failed by a restart; all gone with the schedule. Run by metaStoreSuite on both engines.
import { expect, it } from 'vitest';
import type { NewReportSchedule } from '@storage/report-schedule-store';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function reportScheduleCases(ctx: MetaSuiteContext): void {
  async function seeded() {
    const s = await ctx.seed(['ROLE_REPORTS']);
    const report = await ctx.store.createReport(
      {
        organisationId: s.org.id,
        name: 'Weekly',
        campaignId: s.campaign.id,
        sections: [],
        format: 'html',
        createdBy: s.user.id,
      },
      NOW,
    );
    const base: NewReportSchedule = {
      organisationId: s.org.id,
      reportId: report.id,
      frequency: 'weekly',
      weekday: 1,
      dayOfMonth: null,
      time: '08:30',
      timeZone: 'Europe/Berlin',
      recipients: ['a@example.com', `"${HOSTILE[0]!}"@example.com`],
      delivery: 'attach',
      enabled: true,
      nextRunAt: '2025-03-03T07:30:00.000Z',
      createdBy: s.user.id,
    };
    return { ...s, report, base };
  }

  it('stores schedules exactly, lists them per report, edits and deletes only in their organisation', async () => {
    const { org, report, base } = await seeded();
    const first = await ctx.store.createReportSchedule(base, NOW);
    expect(first).toEqual({ ...base, id: expect.any(Number), createdAt: NOW, updatedAt: NOW });
    const second = await ctx.store.createReportSchedule(
      { ...base, frequency: 'monthly', weekday: null, dayOfMonth: 31, enabled: false, nextRunAt: null },
      NOW,
    );
    expect(await ctx.store.listReportSchedules(org.id, report.id)).toEqual([first, second]);

    const stranger = await ctx.seed();
    expect(await ctx.store.getReportSchedule(stranger.org.id, first.id)).toBeNull();
    expect(await ctx.store.listReportSchedules(stranger.org.id, report.id)).toEqual([]);
    const { organisationId: _o, reportId: _r, ...patch } = { ...base, delivery: 'link' as const };
    expect(await ctx.store.updateReportSchedule(stranger.org.id, first.id, patch, LATER)).toBeNull();
    expect(await ctx.store.deleteReportSchedule(stranger.org.id, first.id)).toBe(false);

    const edited = await ctx.store.updateReportSchedule(org.id, first.id, patch, LATER);
    expect(edited).toEqual({ ...first, delivery: 'link', updatedAt: LATER });
    expect(await ctx.store.deleteReportSchedule(org.id, second.id)).toBe(true);
    expect(await ctx.store.getReportSchedule(org.id, second.id)).toBeNull();
  });

  it('claims a due time once, moves the next run, and keeps a delivery’s attempts', async () => {
    const { org, base } = await seeded();
    const s = await ctx.store.createReportSchedule(base, NOW);
    const paused = await ctx.store.createReportSchedule({ ...base, enabled: false }, NOW);
    const due = (await ctx.store.dueReportSchedules('2025-03-03T07:30:00.000Z')).map((d) => d.id);
    expect(due).toContain(s.id);
    expect(due).not.toContain(paused.id);
    expect((await ctx.store.dueReportSchedules('2025-03-03T07:29:59.999Z')).map((d) => d.id)).not.toContain(
      s.id,
    );

    const claim = {
      organisationId: org.id,
      scheduleId: s.id,
      kind: 'scheduled' as const,
      dueAt: base.nextRunAt!,
      recipients: base.recipients,
    };
    const next = '2025-03-10T07:30:00.000Z';
    const d = await ctx.store.claimScheduledDelivery(claim, next, LATER);
    expect(d).toEqual({
      ...claim,
      id: expect.any(Number),
      status: 'generating',
      generatedReportId: null,
      attempts: [],
      nextAttemptAt: null,
      error: null,
      createdAt: LATER,
      finishedAt: null,
    });
    expect((await ctx.store.getReportSchedule(org.id, s.id))!.nextRunAt).toBe(next);
    // The same due time again (a second process, a second tick): nothing.
    expect(await ctx.store.claimScheduledDelivery(claim, next, LATER)).toBeNull();
    // Set back to the delivered due time by an edit: the next run moves on, no second delivery.
    const { organisationId: _o, reportId: _r, ...patch } = base;
    await ctx.store.updateReportSchedule(org.id, s.id, patch, LATER);
    expect(await ctx.store.claimScheduledDelivery(claim, next, LATER)).toBeNull();
    expect((await ctx.store.getReportSchedule(org.id, s.id))!.nextRunAt).toBe(next);

    const attempts = [{ at: LATER, ok: false, response: `421 ${HOSTILE[2]!}` }];
    await ctx.store.updateReportDelivery(d!.id, {
      status: 'retrying',
      attempts,
      error: '421 busy',
      nextAttemptAt: '2025-03-08T12:01:00.000Z',
    });
    expect(
      (await ctx.store.retryingReportDeliveries('2025-03-08T12:00:59.000Z')).map((r) => r.id),
    ).not.toContain(d!.id);
    const retrying = await ctx.store.retryingReportDeliveries('2025-03-08T12:01:00.000Z');
    expect(retrying.find((r) => r.id === d!.id)).toMatchObject({ status: 'retrying', attempts });

    const test = await ctx.store.createReportDelivery(
      { organisationId: org.id, scheduleId: s.id, kind: 'test', dueAt: null, recipients: ['t@example.com'] },
      LATER,
    );
    const other = await ctx.store.createReportDelivery({ ...test, kind: 'run-now' }, LATER);
    expect(await ctx.store.failUnfinishedReportDeliveries('stopped', LATER)).toBeGreaterThanOrEqual(2);
    expect(await ctx.store.getReportDelivery(org.id, test.id)).toMatchObject({
      status: 'failed',
      error: 'stopped',
      finishedAt: LATER,
    });
    // A delivery waiting to retry is not stopped by a restart: it carries on.
    expect((await ctx.store.getReportDelivery(org.id, d!.id))!.status).toBe('retrying');
    expect((await ctx.store.listReportDeliveries(org.id, s.id, 10)).map((r) => r.id)).toEqual([
      other.id,
      test.id,
      d!.id,
    ]);
    expect(await ctx.store.listReportDeliveries((await ctx.seed()).org.id, s.id, 10)).toEqual([]);
    await ctx.store.deleteReportSchedule(org.id, s.id);
    expect(await ctx.store.getReportDelivery(org.id, d!.id)).toBeNull();
  });
}
