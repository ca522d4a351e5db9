// The dashboards screen against a fake server: the default dashboard opens with its widgets (the workspace
// overview with its counts; a failing widget shows its own error while the others draw), the switcher lists
// the dashboards, the widget menu removes a widget or moves it from the keyboard, each saved at once, and
// "Create report from dashboard" (ROLE_REPORTS only) makes the report and opens it in Report Creation.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard } from '@contracts/dashboards';
import type { Role } from '@core/roles';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import type { RecordedRequest } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const overview = {
  organisationName: 'Acme Analytics',
  projects: 1,
  campaigns: 2,
  users: 3,
  markets: [],
};

const board: Dashboard = {
  id: 5,
  name: 'Weekly review',
  visibility: 'private',
  ownerId: 1,
  createdBy: 1,
  isDefault: true,
  editable: true,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
  widgets: [
    {
      id: 'overview',
      type: 'workspace-overview',
      scope: { kind: 'workspace' },
      filters: { domains: [], tags: [] },
      range: { kind: 'relative', span: 'half-year' },
      title: null,
      layout: { x: 0, y: 0, w: 12, h: 10 },
    },
    {
      id: 'w2',
      type: 'market-share',
      scope: { kind: 'market', market: 'gb-en' },
      filters: { domains: [], tags: [] },
      range: { kind: 'relative', span: 'year' },
      title: null,
      layout: { x: 0, y: 10, w: 12, h: 12 },
    },
  ],
};

const cvWidget: Dashboard['widgets'][number] = {
  id: 'w3',
  type: 'campaign-visibility',
  scope: { kind: 'campaign', campaignId: 3 },
  filters: { domains: ['b.com'], tags: [] },
  range: { kind: 'fixed', from: '2025-01-01', to: '2025-03-03' },
  title: null,
  layout: { x: 0, y: 22, w: 6, h: 9 },
};

const CV = '/api/v3/campaign-visibility/3';

function server(dashboard: Dashboard = board, roles: Role[] = ['ROLE_CV', 'ROLE_MS_ALL']) {
  return fakeServer({
    [`GET ${CV}/filters`]: json(200, {
      market: 'gb-en',
      dates: ['2025-02-24', '2025-03-03'],
      domains: [
        { value: 'a.com', label: 'A', color: '#1f77b4', isOwn: true },
        { value: 'b.com', label: 'B', color: '#ff7f0e', isOwn: false },
      ],
      domainGroups: [],
      tags: [],
      groups: [],
      resultTypes: [],
      keywords: 3,
    }),
    [`GET ${CV}/domains`]: json(200, {
      startDate: '2025-01-01',
      endDate: '2025-03-03',
      dates: ['2025-02-24', '2025-03-03'],
      keywords: 3,
      unknownVolume: 0,
      useWholeMarket: false,
      items: [
        {
          key: 'b.com',
          kind: 'domain',
          label: 'B',
          color: '#ff7f0e',
          visibilityScore: 120,
          visibilityScoreDeltas: { delta: 20, percentageDelta: 20 },
          visibility: 12,
          visibilityDeltas: { delta: 2, percentageDelta: 20 },
          share: 100,
          shareDeltas: { delta: 0, percentageDelta: 0 },
          series: [
            { date: '2025-02-24', visibilityScore: 100, visibility: 10, share: 100 },
            { date: '2025-03-03', visibilityScore: 120, visibility: 12, share: 100 },
          ],
        },
      ],
    }),
    'GET /api/v1/me': json(200, meFixture(roles)),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/campaigns': json(200, { items: [] }),
    'GET /api/v1/dashboard': json(200, overview),
    'GET /api/v1/annotations': json(200, { items: [] }),
    'GET /api/v1/dashboards/default': json(200, dashboard),
    'GET /api/v1/dashboards': json(200, {
      defaultId: 5,
      items: [
        { ...board, widgets: undefined, widgetCount: 2 },
        {
          ...board,
          id: 6,
          name: 'Team',
          visibility: 'shared',
          ownerId: null,
          isDefault: false,
          widgetCount: 0,
        },
      ].map(({ widgets: _w, ...rest }) => rest),
    }),
    'GET /api/marketshare/data/overview': json(500, { error: { code: 'internal', message: 'boom' } }),
    'POST /api/v1/dashboards/5/report': json(201, {
      id: 9,
      name: 'Weekly review',
      title: 'Weekly review',
      blocks: [],
      period: { kind: 'relative', span: 'last-month' },
      campaignId: 3,
      campaignName: 'Travel',
      sections: [],
      format: 'html',
      createdBy: 1,
      createdAt: '2025-03-05T00:00:00.000Z',
    }),
    'PATCH /api/v1/dashboards/5': (req: RecordedRequest) => {
      const patch = req.body as { widgets?: Dashboard['widgets'] };
      return json(200, { ...board, widgets: patch.widgets ?? board.widgets });
    },
  });
}

describe('dashboards screen', () => {
  it('opens the default dashboard with its widgets, each in its own state', async () => {
    server();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Weekly review/ });
    const overviewTile = await screen.findByRole('group', { name: /Workspace overview: Whole workspace/ });
    await within(overviewTile).findByText('Projects');
    const share = screen.getByRole('group', { name: /Market share: gb-en · last 12 months/ });
    await waitFor(() => expect(share.querySelector('[data-state="error"]')).not.toBeNull());
    expect(overviewTile.querySelector('[data-state="ready"]')).not.toBeNull();
    expect(overviewTile.tabIndex).toBe(0);
  });

  it('draws a campaign widget through the campaign screen’s component, narrowed to its domains and range', async () => {
    const { requests } = server({ ...board, widgets: [cvWidget] });
    renderApp('/dashboard');
    const tile = await screen.findByRole('group', {
      name: /Campaign visibility over time: Campaign 3 · 2025-01-01 – 2025-03-03/,
    });
    await waitFor(() =>
      expect(tile.querySelector('[data-widget="visibility"]')?.getAttribute('data-state')).toBe('ready'),
    );
    const read = new URL(requests.find((r) => r.url.startsWith(`${CV}/domains`))!.url, 'http://x')
      .searchParams;
    expect(read.getAll('domains')).toEqual(['b.com']);
    expect([read.get('startDate'), read.get('endDate')]).toEqual(['2025-01-01', '2025-03-03']);
    // No expand button on a dashboard: the widget keeps its cell.
    expect(within(tile).queryByRole('button', { name: /Expand/ })).toBeNull();
  });

  it('removes a widget and moves one from its menu, saving each change', async () => {
    const { requests } = server();
    renderApp('/dashboard');
    const tile = await screen.findByRole('group', { name: /Workspace overview/ });
    fireEvent.click(within(tile).getByRole('button', { name: 'Widget menu: Workspace overview' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        // Past the market-share widget below it (the grid packs upwards, so one row would be undone).
        layout: [{ id: 'overview', x: 0, y: 11, w: 12, h: 10 }],
      }),
    );
    const share = screen.getByRole('group', { name: /Market share/ });
    fireEvent.click(within(share).getByRole('button', { name: 'Widget menu: Market share' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({
        widgets: [board.widgets[0]],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: /Market share/ })).toBeNull());
  });

  it('creates a report from the dashboard with ROLE_REPORTS and opens it in the editor', async () => {
    const { requests } = server(board, ['ROLE_CV', 'ROLE_MS_ALL', 'ROLE_REPORTS']);
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Weekly review/ });
    fireEvent.click(screen.getByRole('button', { name: 'Dashboard actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create report from dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/folder'));
    expect(router.state.location.search).toBe('?report=9');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/v1/dashboards/5/report',
    ]);
  });

  it('offers no report action without ROLE_REPORTS', async () => {
    server();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Weekly review/ });
    fireEvent.click(screen.getByRole('button', { name: 'Dashboard actions' }));
    await screen.findByRole('menuitem', { name: 'Duplicate' });
    expect(screen.queryByRole('menuitem', { name: 'Create report from dashboard' })).toBeNull();
  });
});
