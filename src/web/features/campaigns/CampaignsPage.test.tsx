import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const campaigns = [
  {
    id: 11,
    projectId: 1,
    projectName: 'Retail',
    name: 'UK fashion',
    market: 'gb-en',
    ctrModel: 'default',
    schedule: 'weekly',
    trackedDomains: 1204,
    createdAt: '2025-03-01T09:00:00Z',
  },
  {
    id: 12,
    projectId: 1,
    projectName: 'Retail',
    name: 'DE shoes',
    market: 'de-de',
    ctrModel: 'default',
    schedule: null,
    trackedDomains: 3,
    createdAt: '2025-04-02T09:00:00Z',
  },
];

function server() {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS'])),
    'GET /api/v1/projects': json(200, {
      items: [{ id: 1, name: 'Retail', createdAt: '2025-01-01T00:00:00Z' }],
    }),
    'GET /api/v1/markets': json(200, {
      items: [
        {
          code: 'gb-en',
          country: 'gb',
          language: 'en',
          device: 'desktop',
          engine: 'google',
          name: 'United Kingdom',
        },
        {
          code: 'de-de',
          country: 'de',
          language: 'de',
          device: 'desktop',
          engine: 'google',
          name: 'Germany',
        },
      ],
    }),
    'GET /api/v1/campaigns?projectId=1': json(200, { items: campaigns }),
  });
}

describe('Campaigns screen', () => {
  it('lists the current project’s campaigns from the server, formatted for the address’s locale', async () => {
    const { requests } = server();
    renderApp('/campaigns/de_DE');
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'DE shoes',
      'UK fashion',
    ]);
    const uk = rows[1]!;
    expect(within(uk).getByRole('link', { name: 'UK fashion' }).getAttribute('href')).toBe(
      '/campaigns/11/de_DE',
    );
    expect(within(uk).getByText('1.204')).toBeTruthy();
    expect(within(uk).getByText('01.03.2025')).toBeTruthy();
    expect(within(uk).getByText('Weekly')).toBeTruthy();
    await waitFor(() => expect(within(uk).getByText('United Kingdom')).toBeTruthy());
    expect(within(rows[0]!).getByText('Not scheduled')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/v1/campaigns?projectId=1')).toBe(true);
    // The shell around it: breadcrumb title and the gated sidebar.
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Campaigns');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Report Creation' }).getAttribute('href')).toBe(
      '/folder/de_DE',
    );
    expect(within(nav).queryByText('Users and roles')).toBeNull();
  });

  it('says what happened when the campaigns cannot be loaded', async () => {
    fakeServer({
      'GET /api/v1/me': json(200, meFixture([])),
      'GET /api/v1/projects': json(200, {
        items: [{ id: 1, name: 'Retail', createdAt: '2025-01-01T00:00:00Z' }],
      }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/campaigns?projectId=1': json(403, {
        error: { code: 'forbidden', message: 'project 1 belongs to another organisation' },
      }),
    });
    renderApp('/campaigns');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Campaigns could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('Project 1 belongs to another organisation.')).toBeTruthy();
    expect(within(alert).getByText(/Request failed with status code 403/)).toBeTruthy();
  });

  it('sends a signed-out visitor to the sign-in page, and an unknown address to the not-found page', async () => {
    fakeServer({ 'GET /api/v1/me': json(401, { error: { code: 'unauthenticated', message: 'sign in' } }) });
    const { router } = renderApp('/campaigns');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fcampaigns');
    await router.navigate('/ranktracking');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
