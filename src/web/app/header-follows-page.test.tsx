// The header and sidebar follow the page (issue 26 item 5): sign-in lands on the Visibility Explorer (spec §2,
// §9) of the current project's own site, or on its search page when the project has no site; a campaign's
// page puts its own project and market in the header; the sidebar's explorer is a link on every page.
import '../test/dom-setup';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@core/roles';
import { useMarketStore } from '../state/market-store';
import { useProjectStore } from '../state/project-store';
import { fakeServer, json, meFixture } from '../test/fake-server';
import { renderApp } from '../test/render';

const ROLES: Role[] = ['ROLE_CV', 'ROLE_VE'];
const market = (code: string, name: string) => ({
  code,
  country: code.slice(0, 2),
  language: 'en',
  device: 'desktop',
  engine: 'google',
  name,
});
const project = (id: number, name: string) => ({ id, name, createdAt: '2026-01-01T00:00:00.000Z' });
const US_CAMPAIGN = {
  id: 2,
  projectId: 2,
  projectName: 'Clearpath Money',
  name: 'US personal finance',
  market: 'us-en',
  ctrModel: 'default',
  schedule: null,
  trackedDomains: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  domains: [
    { id: 1, value: 'moneyharbor.com', label: 'Money Harbor', color: '#1f77b4', isOwn: false },
    { id: 2, value: 'clearpathmoney.com', label: 'Clearpath Money', color: '#ff7f0e', isOwn: true },
  ],
  domainGroups: [],
  keywords: 198,
  tags: [],
  groups: [],
};

function server(sites: string[]) {
  fakeServer({
    'GET /api/v1/me': json(200, meFixture(ROLES)),
    'GET /api/v1/projects': json(200, {
      items: [project(1, 'Wanderlane Travel'), project(2, 'Clearpath Money')],
    }),
    'GET /api/v1/projects/1': json(200, {
      ...project(1, 'Wanderlane Travel'),
      sites: sites.map((host, i) => ({ id: i + 1, host })),
      campaigns: [],
    }),
    'GET /api/v1/projects/2': json(200, {
      ...project(2, 'Clearpath Money'),
      sites: [{ id: 9, host: 'www.clearpathmoney.com' }],
      campaigns: [],
    }),
    'GET /api/v1/markets': json(200, {
      items: [market('gb-en', 'United Kingdom (English)'), market('us-en', 'United States (English)')],
    }),
    'GET /api/v1/campaigns/2': json(200, US_CAMPAIGN),
  });
}

const path = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  useProjectStore.setState({ projects: [], currentProjectId: null });
  useMarketStore.setState({ market: null });
});

describe('landing (spec §2, §9)', () => {
  it("opens the Visibility Explorer on the current project's own site in the current market", async () => {
    server(['www.wanderlane.co.uk', 'blog.wanderlane.co.uk']);
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/www.wanderlane.co.uk/gb-en/competitive-analysis/ve'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visibility explorer: www.wanderlane.co.uk' }),
    ).toBeTruthy();
  });

  it('opens the explorer search page, in the current market, when the project has no site', async () => {
    server([]);
    const { router } = renderApp('/');
    await waitFor(() => expect(path(router)).toBe('/competitive-analysis/ve?market=gb-en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visibility explorer' })).toBeTruthy();
    expect(await screen.findByText('Choose a host and a market')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const explorer = within(nav).getByRole('link', { name: 'Visibility Explorer' });
    expect(explorer.getAttribute('aria-current')).toBe('page');
  });
});

describe('the header follows the page', () => {
  it("shows a campaign's own project and market, and links the explorer to its own domain", async () => {
    server(['www.wanderlane.co.uk']);
    renderApp('/2/competitive-analysis/cv');
    await waitFor(() => expect(useProjectStore.getState().currentProjectId).toBe(2));
    expect(useMarketStore.getState().market).toBe('us-en');
    // The header's selects (and their copies in the phone's drawer) name the campaign's project and market.
    await waitFor(() =>
      expect(screen.getAllByLabelText('Current project').map((i) => (i as HTMLInputElement).value)).toEqual([
        'Clearpath Money',
        'Clearpath Money',
      ]),
    );
    expect(screen.getAllByLabelText('Market').map((i) => (i as HTMLInputElement).value)).toEqual([
      'United States (English)',
      'United States (English)',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Visibility Explorer' }).getAttribute('href')).toBe(
        '/clearpathmoney.com/us-en/competitive-analysis/ve',
      ),
    );
  });
});
