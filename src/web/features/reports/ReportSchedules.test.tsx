// The Schedules panel of an opened report against a fake server: the empty state, a monthly schedule made in
// the form, its card with the next run, the delivery log with the mail server's answers (a retrying delivery
// polled until sent), and delete after confirmation; a refused save shows the server's message.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportDelivery, ReportSchedule } from '@contracts/report-schedules';
import type { Report } from '@contracts/reports';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import type { RecordedRequest } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const REPORT: Report = {
  id: 5,
  name: 'Monthly visibility',
  campaignId: 11,
  campaignName: 'UK fashion',
  sections: [],
  title: 'Monthly visibility',
  blocks: [{ kind: 'widget', id: 'a', type: 'campaign-visibility', title: null }],
  period: { kind: 'relative', span: 'last-month' },
  format: 'html',
  createdBy: 1,
  createdAt: '2025-02-03T10:00:00Z',
};

const DELIVERY: ReportDelivery = {
  id: 3,
  scheduleId: 9,
  kind: 'scheduled',
  dueAt: '2026-03-31T06:00:00.000Z',
  recipients: ['board@acme.test'],
  status: 'retrying',
  generatedReportId: 40,
  attempts: [{ at: '2026-03-31T06:00:10.000Z', ok: false, response: '451 mailbox busy, try again later' }],
  nextAttemptAt: '2026-03-31T06:01:10.000Z',
  error: '451 mailbox busy, try again later',
  createdAt: '2026-03-31T06:00:00.000Z',
  finishedAt: null,
};

const SENT: ReportDelivery = {
  ...DELIVERY,
  status: 'sent',
  attempts: [
    ...DELIVERY.attempts,
    { at: '2026-03-31T06:01:10.000Z', ok: true, response: '250 queued as 7F3A' },
  ],
  nextAttemptAt: null,
  error: null,
  finishedAt: '2026-03-31T06:01:11.000Z',
};

describe('report schedules panel', () => {
  it('creates a monthly schedule, shows its delivery log and deletes it after confirmation', async () => {
    const stored: ReportSchedule[] = [];
    let refuse = true;
    let logReads = 0;
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS'])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/reports': json(200, { items: [REPORT], total: 1 }),
      'GET /api/v1/report-brand': json(200, {
        name: 'Acme',
        primaryColor: '#1c7ed6',
        accentColor: '#f08c00',
        logo: null,
      }),
      'GET /api/v1/reports/5/generated': json(200, { items: [] }),
      'GET /api/v1/reports/5/schedules': () => json(200, { items: stored }),
      'POST /api/v1/reports/5/schedules': (req: RecordedRequest) => {
        if (refuse) {
          refuse = false;
          return json(400, {
            error: { code: 'validation_failed', message: 'body.recipients.0: expected an email address' },
          });
        }
        const body = req.body as Omit<ReportSchedule, 'id'>;
        stored.push({
          ...body,
          id: 9,
          reportId: 5,
          nextRunAt: '2026-03-31T06:00:00.000Z',
          createdBy: 1,
          createdAt: '2026-03-09T07:00:00.000Z',
          updatedAt: '2026-03-09T07:00:00.000Z',
        });
        return json(201, stored[0]);
      },
      // The mail server takes the retry: the second read of the log has the delivery sent.
      'GET /api/v1/report-schedules/9/deliveries': () =>
        json(200, { items: [logReads++ === 0 ? DELIVERY : SENT] }),
      'DELETE /api/v1/report-schedules/9': () => {
        stored.splice(0, 1);
        return json(204);
      },
    });
    renderApp('/folder');
    fireEvent.click(await screen.findByRole('button', { name: 'Open report Monthly visibility' }));
    expect(await screen.findByText('No schedule yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    fireEvent.change(within(dialog).getByLabelText('Day of the month'), { target: { value: '31' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    // The server's refusal, naming the field, stays in the dialog; saving again goes through.
    expect(await within(dialog).findByText(/recipients\.0: expected an email address/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(stored).toHaveLength(1));
    const post = requests.filter((r) => r.method === 'POST').at(-1);
    expect(post!.body).toMatchObject({
      recipients: ['ada@acme.test'],
      frequency: 'monthly',
      weekday: null,
      dayOfMonth: 31,
      time: '08:00',
      delivery: 'attach',
      enabled: true,
    });

    const card = (await screen.findByText(/^Monthly on day 31 at 08:00/)).closest(
      '[data-schedule]',
    ) as HTMLElement;
    expect(within(card).getByText(/Next run/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Delivery log' }));
    expect(await within(card).findByText(/451 mailbox busy, try again later/)).toBeTruthy();
    expect(within(card).getByText('retrying')).toBeTruthy();
    expect(within(card).getByText(/Next attempt/)).toBeTruthy();
    // A retrying delivery keeps the log polling (every 2 s): it turns sent without a reload.
    expect(await within(card).findByText('sent', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(card).getByText(/250 queued as 7F3A/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this schedule?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete schedule' }));
    expect(await screen.findByText('No schedule yet')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/report-schedules/9')).toBe(true);
  });
});
