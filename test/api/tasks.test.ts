// Tasks (issue 31 item 6) through the API: create (201), list with filters, read with comments and history,
// edit, delete (204); assignment and @mention notifications with the unread count and mark-read; 401 signed
// out, 403 without the CSRF token, 404 for another organisation's ids, 400 naming the bad field.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';

const NOW = '2025-03-05T10:00:00.000Z';
let t: TestApp;
let ana: Client;
let ben: Client;
let outsider: Client;
let anaId: number;
let benId: number;
let outsiderId: number;
let campaignId: number;
let foreignCampaignId: number;
let acmeId: number;
let reportId: number;
let foreignReportId: number;

async function ok(res: LightMyRequestResponse, status = 200): Promise<any> {
  expect(res.statusCode, res.body).toBe(status);
  return status === 204 ? undefined : res.json();
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(NOW) });
  const { meta } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  acmeId = acme.id;
  anaId = (await seedUser(t.stores, acme.id, 'ana@acme.test', ['ROLE_CV'])).id;
  benId = (await seedUser(t.stores, acme.id, 'ben@acme.test', [])).id;
  outsiderId = (await seedUser(t.stores, globex.id, 'eve@globex.test', ['ROLE_CV'])).id;
  const project = await meta.createProject(acme.id, 'Travel', NOW);
  campaignId = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Flights', market: 'gb-en' },
      NOW,
    )
  ).id;
  const other = await meta.createProject(globex.id, 'Other', NOW);
  foreignCampaignId = (
    await meta.createCampaign(
      { organisationId: globex.id, projectId: other.id, name: 'X', market: 'gb-en' },
      NOW,
    )
  ).id;
  const definition = { sections: ['kpis'], format: 'csv' as const };
  reportId = (
    await meta.createReport(
      { ...definition, organisationId: acme.id, name: 'Weekly', campaignId, createdBy: anaId },
      NOW,
    )
  ).id;
  foreignReportId = (
    await meta.createReport(
      {
        ...definition,
        organisationId: globex.id,
        name: 'Theirs',
        campaignId: foreignCampaignId,
        createdBy: outsiderId,
      },
      NOW,
    )
  ).id;
  ana = await Client.signIn(t.app, 'ana@acme.test');
  ben = await Client.signIn(t.app, 'ben@acme.test');
  outsider = await Client.signIn(t.app, 'eve@globex.test');
});
afterAll(async () => t.close());

describe('tasks API', () => {
  it('creates, lists with filters, edits with history and deletes', async () => {
    const created = await ok(
      await ana.send('POST', '/api/v1/tasks', {
        title: '  Fix the flights page ',
        description: 'Title tag lost the brand',
        priority: 'high',
        dueDate: '2025-03-12',
        campaignId,
        keyword: 'cheap flights',
        url: 'https://example.com/flights',
      }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Fix the flights page',
      description: 'Title tag lost the brand',
      status: 'open',
      priority: 'high',
      assigneeId: null,
      dueDate: '2025-03-12',
      campaignId,
      keyword: 'cheap flights',
      url: 'https://example.com/flights',
      reportId: null,
      source: 'manual',
      evidence: null,
      createdBy: anaId,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const other = await ok(await ben.send('POST', '/api/v1/tasks', { title: 'Other' }), 201);
    const ids = async (q: string) =>
      ((await ok(await ana.get(`/api/v1/tasks${q}`))).items as { id: number }[]).map((i) => i.id);
    expect(await ids('')).toEqual([other.id, created.id]);
    expect(await ids('?priority=high')).toEqual([created.id]);
    expect(await ids(`?campaign=${campaignId}`)).toEqual([created.id]);
    expect(await ids('?assignee=none')).toEqual([other.id, created.id]);

    const moved = await ok(
      await ben.send('PATCH', `/api/v1/tasks/${created.id}`, { status: 'in-progress', assigneeId: benId }),
    );
    expect(moved).toMatchObject({ status: 'in-progress', assigneeId: benId });
    expect(await ids(`?assignee=${benId}&status=in-progress`)).toEqual([created.id]);
    const detail = await ok(await ana.get(`/api/v1/tasks/${created.id}`));
    expect(detail.history).toEqual([
      { field: 'status', oldValue: 'open', newValue: 'in-progress', actorId: benId, at: NOW },
      { field: 'assigneeId', oldValue: null, newValue: String(benId), actorId: benId, at: NOW },
    ]);
    await ok(await ana.send('DELETE', `/api/v1/tasks/${other.id}`), 204);
    expect(await ids('')).toEqual([created.id]);
  });

  it('answers 400 naming the field, 401 signed out, 403 without CSRF and 404 across organisations', async () => {
    const bad = await ana.send('POST', '/api/v1/tasks', {
      title: '',
      status: 'closed',
      dueDate: '2025-02-30',
    });
    expect(bad.statusCode).toBe(400);
    const fields = errorOf(bad).details.issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'status', 'dueDate']));
    const notMember = await ana.send('POST', '/api/v1/tasks', { title: 'x', assigneeId: outsiderId });
    expect(notMember.statusCode).toBe(400);
    expect(errorOf(notMember).message).toMatch(/^assigneeId: user \d+ is not an active member/);
    expect(
      (await ana.send('POST', '/api/v1/tasks', { title: 'x', campaignId: foreignCampaignId })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tasks' })).statusCode).toBe(401);
    expect((await ana.send('POST', '/api/v1/tasks', { title: 'x' }, null)).statusCode).toBe(403);

    const mine = await ok(await ana.send('POST', '/api/v1/tasks', { title: 'Mine' }), 201);
    expect((await outsider.get(`/api/v1/tasks/${mine.id}`)).statusCode).toBe(404);
    expect((await outsider.send('PATCH', `/api/v1/tasks/${mine.id}`, { status: 'done' })).statusCode).toBe(
      404,
    );
    expect((await outsider.send('DELETE', `/api/v1/tasks/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await outsider.send('POST', `/api/v1/tasks/${mine.id}/comments`, { body: 'hi' })).statusCode,
    ).toBe(404);
    expect((await ok(await outsider.get('/api/v1/tasks'))).items).toEqual([]);
    expect((await ok(await ana.get(`/api/v1/tasks/${mine.id}`))).task.status).toBe('open');
  });

  it("links a task to a report of the organisation, refuses another organisation's and clears the link when the report goes", async () => {
    const linked = await ok(
      await ana.send('POST', '/api/v1/tasks', { title: 'Send the weekly', reportId }),
      201,
    );
    expect(linked.reportId).toBe(reportId);
    const unlinked = await ok(await ana.send('POST', '/api/v1/tasks', { title: 'No report yet' }), 201);
    expect(unlinked.reportId).toBeNull();
    const patched = await ok(await ana.send('PATCH', `/api/v1/tasks/${unlinked.id}`, { reportId }));
    expect(patched.reportId).toBe(reportId);
    const read = await ok(await ana.get(`/api/v1/tasks/${unlinked.id}`));
    expect(read.history.at(-1)).toMatchObject({
      field: 'reportId',
      oldValue: null,
      newValue: String(reportId),
    });

    // Another organisation's report answers 404, as its campaign does, and changes nothing.
    expect(
      (await ana.send('POST', '/api/v1/tasks', { title: 'x', reportId: foreignReportId })).statusCode,
    ).toBe(404);
    expect(
      (await ana.send('PATCH', `/api/v1/tasks/${linked.id}`, { reportId: foreignReportId })).statusCode,
    ).toBe(404);
    expect((await ok(await ana.get(`/api/v1/tasks/${linked.id}`))).task.reportId).toBe(reportId);

    // Deleting the report keeps the tasks and empties their link (ON DELETE SET NULL, like a campaign's).
    expect(await t.stores.meta.deleteReport(acmeId, reportId)).toBe(true);
    for (const id of [linked.id, unlinked.id])
      expect((await ok(await ana.get(`/api/v1/tasks/${id}`))).task.reportId).toBeNull();
  });

  it('notifies the assignee and the colleagues a comment @mentions, and marks notifications read', async () => {
    const before = (await ok(await ben.get('/api/v1/notifications'))).unread as number;
    const task = await ok(
      await ana.send('POST', '/api/v1/tasks', { title: 'Review snippet', assigneeId: benId }),
      201,
    );
    const comment = await ok(
      await ana.send('POST', `/api/v1/tasks/${task.id}/comments`, {
        body: 'Can you check this, @BEN@acme.test? (not @eve@globex.test)',
      }),
      201,
    );
    expect(comment).toEqual({
      id: expect.any(Number),
      authorId: anaId,
      body: 'Can you check this, @BEN@acme.test? (not @eve@globex.test)',
      createdAt: NOW,
    });
    // Self-mentions and assignments to oneself notify nobody.
    await ok(
      await ana.send('POST', `/api/v1/tasks/${task.id}/comments`, { body: 'note to @ana@acme.test' }),
      201,
    );
    const list = await ok(await ben.get('/api/v1/notifications'));
    expect(list.unread).toBe(before + 2);
    expect(list.items.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        kind: 'mentioned',
        taskId: task.id,
        taskTitle: 'Review snippet',
        actorId: anaId,
        createdAt: NOW,
        readAt: null,
        alert: null,
      },
      {
        id: expect.any(Number),
        kind: 'assigned',
        taskId: task.id,
        taskTitle: 'Review snippet',
        actorId: anaId,
        createdAt: NOW,
        readAt: null,
        alert: null,
      },
    ]);
    expect((await ok(await outsider.get('/api/v1/notifications'))).unread).toBe(0);
    expect((await ok(await ana.get('/api/v1/notifications'))).items).toEqual([]);
    // Another user's ids are not theirs to mark.
    expect(
      await ok(await ana.send('POST', '/api/v1/notifications/read', { ids: [list.items[0].id] })),
    ).toEqual({ marked: 0 });
    expect(
      await ok(await ben.send('POST', '/api/v1/notifications/read', { ids: [list.items[0].id] })),
    ).toEqual({ marked: 1 });
    expect((await ok(await ben.get('/api/v1/notifications'))).unread).toBe(before + 1);
    await ok(await ben.send('POST', '/api/v1/notifications/read', { all: true }));
    expect((await ok(await ben.get('/api/v1/notifications'))).unread).toBe(0);
    expect((await ben.send('POST', '/api/v1/notifications/read', {})).statusCode).toBe(400);
    const detail = await ok(await ben.get(`/api/v1/tasks/${task.id}`));
    expect(detail.comments.map((c: { body: string }) => c.body)).toHaveLength(2);
  });

  it('documents the task routes in the OpenAPI document', async () => {
    const doc = await ok(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/tasks',
        '/api/v1/tasks/{id}',
        '/api/v1/tasks/{id}/comments',
        '/api/v1/notifications',
        '/api/v1/settings/smtp',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/tasks/{id}'])).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
  });

  it('lists the active members for assignment', async () => {
    const members = await ok(await ben.get('/api/v1/tasks/members'));
    expect(members.items).toEqual([
      { id: anaId, name: 'ana', email: 'ana@acme.test' },
      { id: benId, name: 'ben', email: 'ben@acme.test' },
    ]);
  });
});
