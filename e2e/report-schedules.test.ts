// End-to-end: Report Scheduling in Chromium against the real server and a local SMTP sink started here. The
// file's administrator points the organisation's SMTP settings at the sink, defines a report, opens it, sees
// the empty Schedules panel, schedules it weekly (Monday 07:30, Europe/Berlin, one recipient, PDF attached)
// in the form, triggers it with Run now, follows the delivery log until sent, and finds the mail in the sink
// with the PDF — the generated report's own bytes. Screenshots at 1440 and 390 px wide. The SMTP settings
// are removed afterwards, so other files on the shared server send no mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDelivery } from '@contracts/report-schedules';
import { attachedPdf, startSmtpSink, type SmtpSink } from '../test/support/smtp-sink';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });
const TITLE = 'E2E weekly client report';
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

describe('report scheduling in Chromium', () => {
  it('schedules a report weekly, triggers it and receives the PDF in the SMTP sink', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const url = e2e.server.url;
    const me = (await (await page.request.get(`${url}/api/v1/me`)).json()) as { csrfToken: string };
    const headers = { 'X-CSRF-Token': me.csrfToken, Origin: url };
    try {
      const smtp = await page.request.put(`${url}/api/v1/settings/smtp`, {
        headers,
        data: {
          host: '127.0.0.1',
          port: sink.port,
          security: 'none',
          username: null,
          fromAddress: 'reports@e2e.test',
        },
      });
      expect(smtp.status()).toBe(200);
      const campaigns = (
        (await (await page.request.get(`${url}/api/v1/campaigns`)).json()) as { items: { id: number }[] }
      ).items;
      const created = await page.request.post(`${url}/api/v1/reports`, {
        headers,
        data: {
          name: 'E2E scheduled',
          title: TITLE,
          campaignId: campaigns[0]!.id,
          period: { kind: 'relative', span: 'last-month' },
          blocks: [{ kind: 'widget', id: 'vis', type: 'campaign-visibility', title: null }],
        },
      });
      expect(created.status()).toBe(201);
      const reportId = ((await created.json()) as { id: number }).id;

      await page.goto(`${url}/folder`);
      await page.getByRole('button', { name: 'Open report E2E scheduled' }).click();
      const panel = page.locator(`[data-report-schedules="${reportId}"]`);
      await panel.getByText('No schedule yet').waitFor();
      await panel.getByRole('button', { name: 'New schedule' }).click();
      const form = page.locator('[data-schedule-form]');
      await form.waitFor();
      await form.getByLabel('Time', { exact: true }).fill('07:30');
      await form.getByLabel('Time zone').fill('Europe/Berl');
      await page.getByRole('option', { name: 'Europe/Berlin' }).click();
      const recipients = form.getByLabel('Recipients');
      // The signed-in administrator is the first recipient of a new schedule: replace them.
      await recipients.press('Backspace');
      // Typed without Enter or a comma: still sent on save.
      await recipients.fill('board@client.test');
      await screenshot(page, 'report-schedule-form-1440');
      await form.getByRole('button', { name: 'Save schedule' }).click();
      const card = panel.locator('[data-schedule]');
      await card.getByText('Weekly on Monday at 07:30 (Europe/Berlin)').waitFor();
      const schedules = (await (
        await page.request.get(`${url}/api/v1/reports/${reportId}/schedules`)
      ).json()) as {
        items: { id: number; recipients: string[]; nextRunAt: string }[];
      };
      const s = schedules.items[0]!;
      expect(s.recipients).toEqual(['board@client.test']);
      // Monday, 07:30 in Berlin: 05:30 or 06:30 UTC depending on summer time.
      expect(new Date(s.nextRunAt).getUTCDay()).toBe(1);
      expect(s.nextRunAt).toMatch(/T0[56]:30:00\.000Z$/);

      const started = Date.now();
      await card.getByRole('button', { name: 'Run now' }).click();
      await page
        .locator('[data-delivery][data-status="sent"]')
        .waitFor({ timeout: 180_000 })
        .catch(async (e: unknown) => {
          // Say where it stopped: the delivery's status and each attempt's error.
          const res = await page.request.get(`${url}/api/v1/report-schedules/${s.id}/deliveries`);
          console.error(`delivery log after ${Date.now() - started} ms: ${await res.text()}`);
          throw e;
        });
      console.log(`scheduled report generated and mailed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const log = (await (
        await page.request.get(`${url}/api/v1/report-schedules/${s.id}/deliveries`)
      ).json()) as {
        items: ReportDelivery[];
      };
      const d = log.items[0]!;
      expect(d).toMatchObject({ kind: 'run-now', status: 'sent', recipients: ['board@client.test'] });
      expect(d.attempts[0]!.response).toMatch(/^250/);
      const mail = sink.inbox.find((m) => m.to.includes('board@client.test'));
      expect(mail).toBeDefined();
      expect(mail!.raw).toContain(`Subject: Report: ${TITLE}`);
      const pdf = await (
        await page.request.get(`${url}/api/v1/generated-reports/${d.generatedReportId}/pdf`)
      ).body();
      const attached = attachedPdf(mail!.raw);
      expect(attached?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(attached?.equals(pdf)).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'report-schedules-1440');

      await page.setViewportSize({ width: 390, height: 844 });
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'report-schedules-390');
    } finally {
      await page.request.delete(`${url}/api/v1/settings/smtp`, { headers });
      await context.close();
    }
  }, 300_000);
});
