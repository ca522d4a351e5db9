import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_LOGO_CHARS } from '@contracts/reports';
import type { Report } from '@contracts/reports';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import type { RecordedRequest } from '../../test/fake-server';
import { renderApp } from '../../test/render';
import { LOGO_MAX_BYTES, logoProblem } from './BrandTemplate';

const BRAND = { name: 'Acme', primaryColor: '#1c7ed6', accentColor: '#f08c00', logo: null };

describe('brand template logo', () => {
  it('takes a PNG, JPEG or SVG within the size a data URL allows, and says why it refuses others', () => {
    expect(logoProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ name: 'a.svg', type: 'image/svg+xml', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      'a.gif is not a PNG, JPEG or SVG image: choose one of those',
    );
    expect(logoProblem({ name: 'big.jpg', type: 'image/jpeg', size: 230_000 })).toBe(
      'big.jpg is 230 kB; a logo may be at most 220 kB: use a smaller image',
    );
    // The largest accepted file still fits the server's limit as a data URL.
    const prefix = 'data:image/svg+xml;base64,'.length;
    expect(prefix + Math.ceil(LOGO_MAX_BYTES / 3) * 4).toBeLessThanOrEqual(MAX_LOGO_CHARS);
  });
});

describe('Report Creation screen', () => {
  it('creates a report through the one form, opens it in the block editor, then deletes one after confirmation', async () => {
    const stored: Report[] = [
      {
        id: 5,
        name: 'Monthly visibility',
        campaignId: 11,
        campaignName: 'UK fashion',
        sections: ['visibility', 'competitors-league'],
        title: 'Monthly visibility',
        blocks: [
          { kind: 'widget', id: 'a', type: 'campaign-visibility', title: null },
          { kind: 'widget', id: 'b', type: 'competitors-league', title: null },
        ],
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
      'GET /api/v1/campaigns': json(200, {
        items: [11, 12].map((id) => ({
          id,
          projectId: 1,
          projectName: 'Retail',
          name: id === 11 ? 'UK fashion' : 'UK shoes',
          market: 'gb-en',
          ctrModel: 'default',
          schedule: 'weekly',
          trackedDomains: 4,
          createdAt: '2025-03-01T09:00:00Z',
        })),
      }),
      'GET /api/v1/campaigns/12': json(200, {
        id: 12,
        projectId: 1,
        projectName: 'Retail',
        name: 'UK shoes',
        market: 'gb-en',
        ctrModel: 'default',
        schedule: 'weekly',
        trackedDomains: 2,
        createdAt: '2025-03-01T09:00:00Z',
        domains: [
          { id: 1, value: 'shoes.example', label: 'Shoes', color: '#1f77b4', isOwn: true },
          { id: 2, value: 'rival.example', label: 'rival.example', color: '#ff7f0e', isOwn: false },
        ],
        domainGroups: [],
        keywords: 40,
        tags: [
          { tag: 'boots', keywords: 12 },
          { tag: 'sale', keywords: 7 },
        ],
        groups: [],
      }),
      'PUT /api/v1/reports/6': (req: RecordedRequest) => json(200, { ...stored[1], ...(req.body as object) }),
      'GET /api/v1/reports': () => json(200, { items: stored, total: stored.length }),
      'GET /api/v1/report-brand': json(200, BRAND),
      'GET /api/v1/reports/6/generated': json(200, { items: [] }),
      'POST /api/v1/reports': (req: RecordedRequest) => {
        const body = req.body as Pick<Report, 'name' | 'campaignId' | 'blocks' | 'format'>;
        const report: Report = {
          ...body,
          sections: [],
          title: body.name,
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
    expect(within(table).getByText('Campaign visibility over time → Competitors league')).toBeTruthy();

    const form = screen.getByRole('region', { name: 'New report' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and edit' }));
    expect(await within(form).findByText('Enter a report name')).toBeTruthy();
    expect(within(form).getByText('Choose a campaign')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Rank review' } });
    fireEvent.click(within(form).getByRole('combobox', { name: /Campaign/ }));
    // jsdom lays nothing out, so Mantine keeps the detached dropdown hidden; its options still take clicks.
    fireEvent.click(await screen.findByRole('option', { name: /UK fashion/, hidden: true }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create and edit' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST')!;
    // One creation path: the report starts with one widget block and opens in the block editor.
    expect(post.body).toEqual({
      name: 'Rank review',
      campaignId: 11,
      blocks: [{ kind: 'widget', id: 'widget-1', type: 'campaign-visibility', title: null }],
      format: 'html',
      period: { kind: 'relative', span: 'last-month' },
    });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-token-1234');
    expect(await screen.findByText(/Report “Rank review” created/)).toBeTruthy();
    expect(await within(table).findByText('Rank review')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Edit “Rank review”' })).toBeTruthy();

    // The widget block reads another campaign over a span of its own, narrowed to one of that campaign's
    // domains and tags, saved with the report.
    const label = 'Campaign visibility over time';
    fireEvent.click(screen.getByRole('combobox', { name: `Campaign of ${label}` }));
    fireEvent.click(await screen.findByRole('option', { name: 'UK shoes · gb-en', hidden: true }));
    fireEvent.click(screen.getByRole('combobox', { name: `Date range of ${label}` }));
    fireEvent.click(await screen.findByRole('option', { name: 'last 3 months', hidden: true }));
    const tags = screen.getByRole('combobox', { name: `Tags of ${label}` });
    await waitFor(() => expect((tags as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(tags);
    fireEvent.click(await screen.findByRole('option', { name: 'sale (7)', hidden: true }));
    fireEvent.click(screen.getByRole('combobox', { name: `Domains of ${label}` }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shoes (shoes.example)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect((requests.find((r) => r.method === 'PUT')!.body as Report).blocks).toEqual([
      {
        kind: 'widget',
        id: 'widget-1',
        type: 'campaign-visibility',
        title: null,
        scope: { kind: 'campaign', campaignId: 12 },
        range: { kind: 'relative', span: 'quarter' },
        filters: { domains: ['shoes.example'], tags: ['sale'] },
      },
    ]);

    fireEvent.click(within(table).getByRole('button', { name: 'Delete report Monthly visibility' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(within(table).queryByText('Monthly visibility')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/reports/5')).toBe(true);
  });

  it('lets an administrator edit and save the brand template, and shows it read-only to others', async () => {
    const base = {
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/reports': json(200, { items: [], total: 0 }),
      'GET /api/v1/report-brand': json(200, BRAND),
    };
    const { requests } = fakeServer({
      ...base,
      'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS', 'ROLE_ADMIN'])),
      'PUT /api/v1/report-brand': (req: RecordedRequest) => json(200, req.body),
    });
    const { unmount } = renderApp('/folder');
    const brand = await screen.findByRole('region', { name: 'Brand template' });
    const name = await within(brand).findByLabelText(/^Brand name/);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(brand).getByRole('button', { name: 'Save brand template' }));
    expect(await within(brand).findByText('Give the brand a name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme Retail' } });
    fireEvent.click(within(brand).getByRole('button', { name: 'Save brand template' }));
    expect(await within(brand).findByText('Saved: new reports use it.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ ...BRAND, name: 'Acme Retail' });
    unmount();

    fakeServer({ ...base, 'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS'])) });
    renderApp('/folder');
    const readOnly = await screen.findByTestId('brand-read-only');
    expect(within(readOnly).getByText('Acme')).toBeTruthy();
    expect(within(readOnly).getByText('Primary #1c7ed6')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save brand template' })).toBeNull();
  });

  it('says so when the report the address opens is not in the list, instead of showing nothing', async () => {
    fakeServer({
      'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS'])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/reports': json(200, { items: [], total: 0 }),
      'GET /api/v1/report-brand': json(200, BRAND),
    });
    renderApp('/folder?report=9');
    const notice = await screen.findByText(/Report 9 is not among your organisation’s reports/);
    fireEvent.click(within(notice.closest('[role="status"]')!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/Report 9 is not among/)).toBeNull());
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
