// Report scheduling end to end against a local SMTP sink started here (smtp-server) and the real Chromium: a
// weekly schedule's next run is computed in its time zone; at that instant (the app's clock is the test's)
// "run due schedules now" generates the report and mails it — subject, recipients, and the attached PDF equal
// to the generated report's bytes — once only for that due time. A refusing server is retried with back-off
// and every answer is in the delivery log; a test send and a linked (not attached) PDF go to their
// recipients. 401 signed out, 403 without ROLE_REPORTS, 404 for another organisation, 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDelivery, ReportSchedule } from '@contracts/report-schedules';
import type { AppContext } from '@server/context';
import { attachedPdf, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { seedCvFixture } from './cv-fixture';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';
import { buildPrintPage } from './print-page';

const TITLE = 'Acme weekly review';
const PUBLIC_URL = 'https://sightline.acme.test';
let clock = new Date('2026-03-09T06:50:00.000Z');
let t: TestApp;
let ctx: AppContext;
let reporter: Client;
let noRole: Client;
let outsider: Client;
let reportId: number;
let web: ReturnType<typeof buildPrintPage>;
let sink: SmtpSink;

/** The text with quoted-printable soft line breaks and `=3D` undone, so links are found whole. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

const schedule = (over: Record<string, unknown> = {}) => ({
  frequency: 'weekly',
  weekday: 1,
  time: '08:00',
  timeZone: 'Europe/Berlin',
  recipients: ['Board@Acme.test', 'ceo@acme.test'],
  delivery: 'attach',
  ...over,
});

async function deliveries(id: number): Promise<ReportDelivery[]> {
  const res = await reporter.get(`/api/v1/report-schedules/${id}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json().items as ReportDelivery[];
}

beforeAll(async () => {
  sink = await startSmtpSink();

  web = buildPrintPage('schedule-web');
  t = await createTestApp({
    env: { SIGHTLINE_WEB_DIR: web.dir, PUBLIC_URL },
    now: () => clock,
    onContext: (c) => {
      ctx = c;
    },
  });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS', 'ROLE_CV', 'ROLE_ADMIN']);
  await seedUser(t.stores, acme.id, 'viewer@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, globex.id, 'reporter@globex.test', ['ROLE_REPORTS']);
  const fixture = await seedCvFixture(t.stores, acme.id);
  reporter = await Client.signIn(t.app, 'reporter@acme.test');
  noRole = await Client.signIn(t.app, 'viewer@acme.test');
  outsider = await Client.signIn(t.app, 'reporter@globex.test');
  const smtp = await reporter.send('PUT', '/api/v1/settings/smtp', {
    host: '127.0.0.1',
    port: sink.port,
    security: 'none',
    username: null,
    fromAddress: 'reports@acme.test',
  });
  expect(smtp.statusCode, smtp.body).toBe(200);
  const created = await reporter.send('POST', '/api/v1/reports', {
    name: 'Weekly',
    title: TITLE,
    campaignId: fixture.campaignId,
    period: { kind: 'fixed', from: '2025-01-01', to: '2025-01-13' },
    blocks: [
      { kind: 'text', id: 'intro', heading: 'Summary', text: 'Visibility of Acme.' },
      { kind: 'widget', id: 'league', type: 'competitors-league', title: null },
    ],
  });
  expect(created.statusCode).toBe(201);
  reportId = created.json().id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
  web?.remove();
});

describe('report schedules', () => {
  let weekly: ReportSchedule;

  it('compute the next run in the zone, and mail the PDF once at that time', async () => {
    const res = await reporter.send('POST', `/api/v1/reports/${reportId}/schedules`, schedule());
    expect(res.statusCode, res.body).toBe(201);
    weekly = res.json();
    // Monday 9 March 2026, 08:00 in Berlin (UTC+1): 07:00 UTC.
    expect(weekly).toMatchObject({
      reportId,
      frequency: 'weekly',
      weekday: 1,
      dayOfMonth: null,
      recipients: ['board@acme.test', 'ceo@acme.test'],
      enabled: true,
      nextRunAt: '2026-03-09T07:00:00.000Z',
    });
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(0);
    expect(sink.inbox).toHaveLength(0);

    clock = new Date('2026-03-09T07:00:20.000Z');
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(1);
    expect(sink.inbox).toHaveLength(1);
    const mail = sink.inbox[0]!;
    expect(mail.to).toEqual(['board@acme.test', 'ceo@acme.test']);
    expect(mail.raw).toContain(`Subject: Report: ${TITLE} (2025-01-01 to 2025-01-13)`);
    const [log] = await deliveries(weekly.id);
    expect(log).toMatchObject({ kind: 'scheduled', dueAt: '2026-03-09T07:00:00.000Z', status: 'sent' });
    expect(log!.attempts).toHaveLength(1);
    expect(log!.attempts[0]).toMatchObject({ ok: true, at: clock.toISOString() });
    expect(log!.attempts[0]!.response).toMatch(/^250/);
    const pdf = await reporter.get(`/api/v1/generated-reports/${log!.generatedReportId}/pdf`);
    const attached = attachedPdf(mail.raw);
    expect(attached?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(attached?.equals(pdf.rawPayload)).toBe(true);

    // The next run is a week on; the same due time is never sent twice.
    expect((await reporter.get(`/api/v1/report-schedules/${weekly.id}`)).json().nextRunAt).toBe(
      '2026-03-16T07:00:00.000Z',
    );
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(0);
    expect(sink.inbox).toHaveLength(1);
  }, 120_000);

  it('retry a refused send with back-off, logging each answer of the server', async () => {
    sink.refuseNext(2);
    const run = await reporter.send('POST', `/api/v1/report-schedules/${weekly.id}/run`);
    expect(run.statusCode).toBe(202);
    await ctx.services.reportScheduleRunner.idle();
    let [log] = await deliveries(weekly.id);
    expect(log).toMatchObject({ id: run.json().id, kind: 'run-now', status: 'retrying' });
    expect(log!.attempts).toEqual([{ at: clock.toISOString(), ok: false, response: expect.any(String) }]);
    expect(log!.attempts[0]!.response).toContain('451 mailbox busy, try again later');
    expect(log!.nextAttemptAt).toBe(new Date(clock.getTime() + 60_000).toISOString());

    // Not yet due: nothing. A minute on: the second attempt, refused too; then five minutes.
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(0);
    clock = new Date(clock.getTime() + 60_000);
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(1);
    [log] = await deliveries(weekly.id);
    expect(log).toMatchObject({ status: 'retrying', attempts: [{ ok: false }, { ok: false }] });
    expect(log!.nextAttemptAt).toBe(new Date(clock.getTime() + 5 * 60_000).toISOString());
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(1);
    [log] = await deliveries(weekly.id);
    expect(log).toMatchObject({ status: 'sent', error: null, nextAttemptAt: null });
    expect(log!.attempts.map((a) => a.ok)).toEqual([false, false, true]);
    expect(sink.inbox).toHaveLength(2);
    expect(attachedPdf(sink.inbox[1]!.raw)?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);

  it('send a test to the given recipients, and a link instead of the PDF when asked', async () => {
    const test = await reporter.send('POST', `/api/v1/report-schedules/${weekly.id}/test`, {
      recipients: ['qa@acme.test'],
    });
    expect(test.statusCode, test.body).toBe(202);
    await ctx.services.reportScheduleRunner.idle();
    const mail = sink.inbox.at(-1)!;
    expect(mail.to).toEqual(['qa@acme.test']);
    expect(mail.raw).toContain(`Subject: Report (test): ${TITLE}`);
    expect((await deliveries(weekly.id))[0]).toMatchObject({ kind: 'test', status: 'sent' });

    const put = await reporter.send(
      'PUT',
      `/api/v1/report-schedules/${weekly.id}`,
      schedule({ delivery: 'link', frequency: 'monthly', dayOfMonth: 31 }),
    );
    expect(put.statusCode, put.body).toBe(200);
    // Monthly on the 31st, from 9 March: 31 March 08:00 in Berlin (UTC+2 by then), no weekday kept.
    expect(put.json()).toMatchObject({
      weekday: null,
      dayOfMonth: 31,
      nextRunAt: '2026-03-31T06:00:00.000Z',
    });
    await reporter.send('POST', `/api/v1/report-schedules/${weekly.id}/run`);
    await ctx.services.reportScheduleRunner.idle();
    const linked = sink.inbox.at(-1)!;
    const [log] = await deliveries(weekly.id);
    expect(attachedPdf(linked.raw)).toBeNull();
    expect(plain(linked.raw)).toContain(`${PUBLIC_URL}/print/reports/${log!.generatedReportId}`);
    expect(plain(linked.raw)).toContain(
      `${PUBLIC_URL}/api/v1/generated-reports/${log!.generatedReportId}/pdf`,
    );

    // Paused: no next run, nothing due however late it gets.
    const paused = await reporter.send(
      'PUT',
      `/api/v1/report-schedules/${weekly.id}`,
      schedule({ enabled: false }),
    );
    expect(paused.json()).toMatchObject({ enabled: false, nextRunAt: null });
    const before = sink.inbox.length;
    clock = new Date('2026-04-30T00:00:00.000Z');
    expect(await ctx.services.reportScheduleRunner.runDue()).toBe(0);
    expect(sink.inbox).toHaveLength(before);
    // Back to the day, so the signed-in sessions have not expired.
    clock = new Date('2026-03-09T07:30:00.000Z');
  }, 120_000);

  it('are 401 signed out, 403 without ROLE_REPORTS, 404 to another organisation, 400 naming the field', async () => {
    const urls = [
      `/api/v1/reports/${reportId}/schedules`,
      `/api/v1/report-schedules/${weekly.id}/deliveries`,
    ];
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const denied = await noRole.get(url);
      expect(denied.statusCode).toBe(403);
      expect(errorOf(denied).message).toContain('ROLE_REPORTS');
      expect((await outsider.get(url)).statusCode).toBe(404);
    }
    expect(
      (await outsider.send('POST', `/api/v1/reports/${reportId}/schedules`, schedule())).statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['PUT', `/api/v1/report-schedules/${weekly.id}`],
      ['POST', `/api/v1/report-schedules/${weekly.id}/run`],
      ['DELETE', `/api/v1/report-schedules/${weekly.id}`],
    ] as const) {
      expect((await outsider.send(method, url, method === 'PUT' ? schedule() : undefined)).statusCode).toBe(
        404,
      );
    }
    const post = (body: unknown) => reporter.send('POST', `/api/v1/reports/${reportId}/schedules`, body);
    const bad: [Record<string, unknown>, string, string][] = [
      [schedule({ recipients: ['board@acme.test', 'not an address'] }), 'recipients.1', 'email address'],
      [schedule({ recipients: [] }), 'recipients', 'at least one recipient'],
      [schedule({ timeZone: 'Mars/Olympus' }), 'timeZone', 'IANA time zone'],
      [schedule({ weekday: null }), 'weekday', 'needs a weekday'],
      [schedule({ frequency: 'monthly', dayOfMonth: 32 }), 'dayOfMonth', '1 to 31'],
      [schedule({ time: '8:00' }), 'time', 'HH:MM'],
    ];
    for (const [body, field, words] of bad) {
      const res = await post(body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).message).toContain(field);
      expect(errorOf(res).message).toContain(words);
    }
    const test = await reporter.send('POST', `/api/v1/report-schedules/${weekly.id}/test`, {
      recipients: ['x'],
    });
    expect(test.statusCode).toBe(400);
    expect(errorOf(test).message).toContain('recipients.0');

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/v1/reports/{id}/schedules']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/report-schedules/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/v1/report-schedules/{id}/test'])).toEqual(['post']);

    expect((await reporter.send('DELETE', `/api/v1/report-schedules/${weekly.id}`)).statusCode).toBe(204);
    expect((await reporter.get(`/api/v1/report-schedules/${weekly.id}/deliveries`)).statusCode).toBe(404);
    expect((await reporter.get(`/api/v1/reports/${reportId}/schedules`)).json()).toEqual({ items: [] });
  });
});
