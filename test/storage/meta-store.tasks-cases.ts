// Conformance cases for tasks, notifications and task settings (migration 0014-tasks): stored exactly
// (hostile text included), filtered, edited with a history of what changed, commented, deleted only within
// their organisation; a deleted report leaves its tasks unlinked (ON DELETE SET NULL); a detector's event
// key raises one task only; notifications counted and marked read per user; the drop threshold and SMTP
// settings upserted. Run by metaStoreSuite on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import type { NewTask } from '@storage/task-store';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

const blank = (organisationId: number, createdBy: number | null): NewTask => ({
  organisationId,
  title: 'Check the drop',
  description: null,
  status: 'open',
  priority: 'normal',
  assigneeId: null,
  dueDate: null,
  campaignId: null,
  keyword: null,
  url: null,
  reportId: null,
  source: 'manual',
  eventKey: null,
  evidence: null,
  createdBy,
});

export function taskCases(ctx: MetaSuiteContext): void {
  it('stores a task exactly, filters the list and hides it from another organisation', async () => {
    const { org, user, campaign } = await ctx.seed();
    const full = await ctx.store.createTask(
      {
        ...blank(org.id, user.id),
        title: HOSTILE[0]!,
        description: HOSTILE[4]!,
        status: 'in-progress',
        priority: 'urgent',
        assigneeId: user.id,
        dueDate: '2025-03-20',
        campaignId: campaign.id,
        keyword: HOSTILE[2]!,
        url: 'https://example.com/a?b=1',
      },
      NOW,
    );
    expect(full).toEqual({
      ...blank(org.id, user.id),
      id: expect.any(Number),
      title: HOSTILE[0],
      description: HOSTILE[4],
      status: 'in-progress',
      priority: 'urgent',
      assigneeId: user.id,
      dueDate: '2025-03-20',
      campaignId: campaign.id,
      keyword: HOSTILE[2],
      url: 'https://example.com/a?b=1',
      createdAt: NOW,
      updatedAt: NOW,
    });
    const plain = (await ctx.store.createTask(blank(org.id, user.id), NOW))!;
    expect(await ctx.store.listTasks(org.id, {})).toEqual([plain, full]);
    expect(await ctx.store.listTasks(org.id, { status: 'in-progress' })).toEqual([full]);
    expect(await ctx.store.listTasks(org.id, { priority: 'normal' })).toEqual([plain]);
    expect(await ctx.store.listTasks(org.id, { assigneeId: user.id })).toEqual([full]);
    expect(await ctx.store.listTasks(org.id, { assigneeId: null })).toEqual([plain]);
    expect(await ctx.store.listTasks(org.id, { campaignId: campaign.id })).toEqual([full]);
    const stranger = await ctx.seed();
    expect(await ctx.store.listTasks(stranger.org.id, {})).toEqual([]);
    expect(await ctx.store.getTask(stranger.org.id, full!.id)).toBeNull();
    expect(await ctx.store.updateTask(stranger.org.id, full!.id, { title: 'x' }, null, NOW)).toBeNull();
    expect(await ctx.store.deleteTask(stranger.org.id, full!.id)).toBe(false);
    expect(
      await ctx.store.addTaskComment(stranger.org.id, full!.id, { authorId: null, body: 'x' }, NOW),
    ).toBeNull();
    expect(await ctx.store.getTask(org.id, full!.id)).toEqual(full);
  });

  it('keeps a task whose linked report is deleted and empties its link', async () => {
    const { org, user, campaign } = await ctx.seed();
    const report = await ctx.store.createReport(
      {
        organisationId: org.id,
        name: HOSTILE[1]!,
        campaignId: campaign.id,
        sections: ['kpis'],
        format: 'csv',
        createdBy: user.id,
      },
      NOW,
    );
    const linked = (await ctx.store.createTask({ ...blank(org.id, user.id), reportId: report.id }, NOW))!;
    expect(linked.reportId).toBe(report.id);
    expect(await ctx.store.deleteReport(org.id, report.id)).toBe(true);
    expect(await ctx.store.getTask(org.id, linked.id)).toEqual({ ...linked, reportId: null });
  });

  it('records each changed field of an edit in the history; an unchanged edit records nothing', async () => {
    const { org, user } = await ctx.seed();
    const task = (await ctx.store.createTask(blank(org.id, user.id), NOW))!;
    const edited = await ctx.store.updateTask(
      org.id,
      task.id,
      { status: 'done', assigneeId: user.id, title: task.title, description: HOSTILE[5]! },
      user.id,
      LATER,
    );
    expect(edited).toEqual({
      ...task,
      status: 'done',
      assigneeId: user.id,
      description: HOSTILE[5],
      updatedAt: LATER,
    });
    expect(await ctx.store.updateTask(org.id, task.id, { status: 'done' }, user.id, LATER)).toEqual(edited);
    const history = await ctx.store.listTaskHistory(org.id, task.id);
    expect(history.map((h) => [h.field, h.oldValue, h.newValue, h.actorId, h.at])).toEqual([
      ['description', null, HOSTILE[5], user.id, LATER],
      ['status', 'open', 'done', user.id, LATER],
      ['assigneeId', null, String(user.id), user.id, LATER],
    ]);
    const stranger = await ctx.seed();
    expect(await ctx.store.listTaskHistory(stranger.org.id, task.id)).toEqual([]);
  });

  it('keeps comments in order and deletes them, the history and notifications with their task', async () => {
    const { org, user } = await ctx.seed();
    const task = (await ctx.store.createTask(blank(org.id, user.id), NOW))!;
    const first = await ctx.store.addTaskComment(
      org.id,
      task.id,
      { authorId: user.id, body: HOSTILE[3]! },
      NOW,
    );
    const second = await ctx.store.addTaskComment(org.id, task.id, { authorId: null, body: 'b' }, LATER);
    expect(first).toEqual({
      id: expect.any(Number),
      taskId: task.id,
      authorId: user.id,
      body: HOSTILE[3],
      createdAt: NOW,
    });
    expect(await ctx.store.listTaskComments(org.id, task.id)).toEqual([first, second]);
    await ctx.store.createNotifications(
      [{ organisationId: org.id, userId: user.id, kind: 'mentioned', taskId: task.id, actorId: null }],
      NOW,
    );
    await ctx.store.updateTask(org.id, task.id, { status: 'done' }, null, NOW);
    expect(await ctx.store.deleteTask(org.id, task.id)).toBe(true);
    expect(await ctx.store.getTask(org.id, task.id)).toBeNull();
    expect(await ctx.store.listTaskComments(org.id, task.id)).toEqual([]);
    expect(await ctx.store.listTaskHistory(org.id, task.id)).toEqual([]);
    expect(await ctx.store.listNotifications(org.id, user.id, 10)).toEqual([]);
    expect(await ctx.store.deleteTask(org.id, task.id)).toBe(false);
  });

  it('raises one task per detector event key and organisation', async () => {
    const { org, campaign } = await ctx.seed();
    const evidence = {
      keyword: 'cheap flights',
      previousDate: '2025-02-01',
      currentDate: '2025-02-08',
      previousPosition: 3,
      currentPosition: 12,
      url: 'https://example.com/flights',
    };
    const detected: NewTask = {
      ...blank(org.id, null),
      source: 'rank-drop',
      eventKey: `rank-drop:${campaign.id}:2025-02-01:2025-02-08:cheap flights`,
      evidence,
      campaignId: campaign.id,
    };
    const first = await ctx.store.createTask(detected, NOW);
    expect(first).toMatchObject({ source: 'rank-drop', evidence, eventKey: detected.eventKey });
    expect(await ctx.store.createTask({ ...detected, title: 'again' }, LATER)).toBeNull();
    expect(await ctx.store.listTasks(org.id, {})).toEqual([first]);
    // The same key in another organisation is another event.
    const stranger = await ctx.seed();
    expect(
      await ctx.store.createTask({ ...detected, organisationId: stranger.org.id, campaignId: null }, NOW),
    ).not.toBeNull();
  });

  it('lists a user’s notifications newest first, counts the unread and marks them read', async () => {
    const { org, user } = await ctx.seed();
    const colleague = await ctx.store.createUser({
      organisationId: org.id,
      email: `${ctx.unique('c')}@example.com`,
      name: 'C',
      passwordHash: 'h',
      roles: [],
      now: NOW,
    });
    const task = (await ctx.store.createTask({ ...blank(org.id, user.id), title: HOSTILE[1]! }, NOW))!;
    const note = { organisationId: org.id, taskId: task.id, actorId: colleague.id } as const;
    await ctx.store.createNotifications(
      [
        { ...note, userId: user.id, kind: 'assigned' },
        { ...note, userId: user.id, kind: 'mentioned' },
        { ...note, userId: colleague.id, kind: 'mentioned' },
      ],
      NOW,
    );
    const mine = await ctx.store.listNotifications(org.id, user.id, 10);
    expect(mine.map((n) => [n.kind, n.taskTitle, n.readAt, n.actorId])).toEqual([
      ['mentioned', HOSTILE[1], null, colleague.id],
      ['assigned', HOSTILE[1], null, colleague.id],
    ]);
    expect(await ctx.store.listNotifications(org.id, user.id, 1)).toHaveLength(1);
    expect(await ctx.store.countUnreadNotifications(org.id, user.id)).toBe(2);
    // Another user's ids are not marked.
    expect(await ctx.store.markNotificationsRead(org.id, colleague.id, [mine[0]!.id], LATER)).toBe(0);
    expect(await ctx.store.markNotificationsRead(org.id, user.id, [mine[0]!.id], LATER)).toBe(1);
    expect(await ctx.store.countUnreadNotifications(org.id, user.id)).toBe(1);
    expect(await ctx.store.markNotificationsRead(org.id, user.id, null, LATER)).toBe(1);
    expect(await ctx.store.countUnreadNotifications(org.id, user.id)).toBe(0);
    expect((await ctx.store.listNotifications(org.id, user.id, 10))[0]!.readAt).toBe(LATER);
    expect(await ctx.store.countUnreadNotifications(org.id, colleague.id)).toBe(1);
  });

  it('keeps the drop threshold and SMTP settings per organisation', async () => {
    const { org } = await ctx.seed();
    const stranger = await ctx.seed();
    expect(await ctx.store.getTaskDropThreshold(org.id)).toBeNull();
    await ctx.store.setTaskDropThreshold(org.id, 8);
    await ctx.store.setTaskDropThreshold(org.id, 3);
    expect(await ctx.store.getTaskDropThreshold(org.id)).toBe(3);
    expect(await ctx.store.getTaskDropThreshold(stranger.org.id)).toBeNull();
    const smtp = {
      host: 'mail.example.com',
      port: 587,
      security: 'starttls',
      username: HOSTILE[0]!,
      passwordSealed: 'v1.a.b.c',
      fromAddress: 'sightline@example.com',
      updatedAt: NOW,
    } as const;
    expect(await ctx.store.getSmtpSettings(org.id)).toBeNull();
    await ctx.store.setSmtpSettings(org.id, smtp);
    await ctx.store.setSmtpSettings(org.id, { ...smtp, port: 465, security: 'tls', updatedAt: LATER });
    expect(await ctx.store.getSmtpSettings(org.id)).toEqual({
      ...smtp,
      port: 465,
      security: 'tls',
      updatedAt: LATER,
    });
    expect(await ctx.store.getSmtpSettings(stranger.org.id)).toBeNull();
    expect(await ctx.store.deleteSmtpSettings(org.id)).toBe(true);
    expect(await ctx.store.deleteSmtpSettings(org.id)).toBe(false);
  });
}
