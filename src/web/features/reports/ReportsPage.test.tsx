import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '@contracts/reports';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import type { RecordedRequest } from '../../test/fake-server';
import { renderApp } from '../../test/render';
import { moveSection, toggleSection } from './section-order';

describe('section order', () => {
  it('appends ticked sections, drops unticked ones and moves within bounds', () => {
    expect(toggleSection(['visibility'], 'rank-ranges', true)).toEqual(['visibility', 'rank-ranges']);
    expect(toggleSection(['visibility', 'rank-ranges'], 'visibility', false)).toEqual(['rank-ranges']);
    expect(moveSection(['visibility', 'rank-ranges', 'ranking-urls'], 'ranking-urls', -1)).toEqual([
      'visibility',
      'ranking-urls',
      'rank-ranges',
    ]);
    expect(moveSection(['visibility', 'rank-ranges'], 'visibility', -1)).toEqual([
      'visibility',
      'rank-ranges',
    ]);
  });
});

describe('Report Creation screen', () => {
  it('creates a report with the sections in the chosen order, then deletes one after confirmation', async () => {
    const stored: Report[] = [
      {
        id: 5,
        name: 'Monthly visibility',
        campaignId: 11,
        campaignName: 'UK fashion',
        sections: ['visibility', 'competitors-league'],
        title: 'Monthly visibility',
        blocks: [],
        period: { kind: 'relative', span: 'last-month' },
        format: 'html',
        createdBy: 1,
        createdAt: '2025-02-03T10:00:00Z',
      },
    ];
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS'])),
      'GET /api/v1/projects': json(200, {
        items: [{ id: 1, name: 'Retail', createdAt: '2025-01-01T00:00:00Z' }],
      }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/campaigns?projectId=1': json(200, {
        items: [
          {
            id: 11,
            projectId: 1,
            projectName: 'Retail',
            name: 'UK fashion',
            market: 'gb-en',
            ctrModel: 'default',
            schedule: 'weekly',
            trackedDomains: 4,
            createdAt: '2025-03-01T09:00:00Z',
          },
        ],
      }),
      'GET /api/v1/reports': () => json(200, { items: stored, total: stored.length }),
      'POST /api/v1/reports': (req: RecordedRequest) => {
        const body = req.body as Pick<Report, 'name' | 'campaignId' | 'sections' | 'format'>;
        const report: Report = {
          ...body,
          title: body.name,
          blocks: [],
          period: { kind: 'relative', span: 'last-month' },
          id: 6,
          campaignName: 'UK fashion',
          createdBy: 1,
          createdAt: '2025-03-05T10:00:00Z',
        };
        stored.push(report);
        return json(201, report);
      },
      'DELETE /api/v1/reports/5': () => {
        stored.splice(0, 1);
        return json(204);
      },
    });
    renderApp('/folder');
    const table = await screen.findByRole('table', { name: 'Report definitions' });
    expect(within(table).getByText('Monthly visibility')).toBeTruthy();
    expect(within(table).getByText('Visibility → Competitors league')).toBeTruthy();

    const form = screen.getByRole('region', { name: 'New report' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save report' }));
    expect(await within(form).findByText('Enter a report name')).toBeTruthy();
    expect(within(form).getByText('Choose a campaign')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Rank review' } });
    fireEvent.click(within(form).getByRole('combobox', { name: /Campaign/ }));
    // jsdom lays nothing out, so Mantine keeps the detached dropdown hidden; its options still take clicks.
    fireEvent.click(await screen.findByRole('option', { name: /UK fashion/, hidden: true }));
    fireEvent.click(within(form).getByLabelText('Share of visibility'));
    fireEvent.click(within(form).getByLabelText('Rank ranges'));
    fireEvent.click(within(form).getByRole('button', { name: 'Move Rank ranges up' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'CSV data' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save report' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Rank review',
      campaignId: 11,
      sections: ['visibility', 'rank-ranges', 'competitors-league'],
      format: 'csv',
      // The contract's default period: the form leaves it to the editor.
      period: { kind: 'relative', span: 'last-month' },
    });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-token-1234');
    expect(await screen.findByText('Report “Rank review” saved.')).toBeTruthy();
    expect(await within(table).findByText('Rank review')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Delete report Monthly visibility' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(within(table).queryByText('Monthly visibility')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/reports/5')).toBe(true);
  });

  it('tells a user without ROLE_REPORTS that they lack the role', async () => {
    fakeServer({
      'GET /api/v1/me': json(200, meFixture([])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
    });
    renderApp('/folder');
    expect(await screen.findByText('You do not have access to this page')).toBeTruthy();
    expect(screen.getByText(/It needs the ROLE_REPORTS role/)).toBeTruthy();
  });
});
