// An empty workspace opens on the welcome, with its three ways in, never on an empty chart.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const overview = (campaigns: number) => ({
  organisationName: 'Acme Analytics',
  projects: 0,
  campaigns,
  users: 1,
  markets: [],
});

function server(roles: Parameters<typeof meFixture>[0], campaigns = 0) {
  fakeServer({
    'GET /api/v1/me': json(200, meFixture(roles)),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/dashboard': json(200, overview(campaigns)),
  });
}

describe('Welcome', () => {
  it('leads an empty workspace to the wizard, the importer and the explorer', async () => {
    server(['ROLE_CV', 'ROLE_VE']);
    renderApp('/');
    const welcome = await screen.findByTestId('welcome');
    expect(within(welcome).getByText('Welcome to Sightline')).toBeTruthy();
    expect(within(welcome).getByText(/Acme Analytics has no campaign yet/)).toBeTruthy();
    expect(within(welcome).getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe(
      '/campaigns/new',
    );
    expect(within(welcome).getByRole('link', { name: 'Import data' }).getAttribute('href')).toBe('/imports');
    expect(within(welcome).getByText(/import some first, then explore any domain/)).toBeTruthy();
    expect(document.querySelector('canvas, [data-echart]')).toBeNull();
  });

  it('offers only what the roles open', async () => {
    server(['ROLE_VE']);
    renderApp('/dashboard');
    const welcome = await screen.findByTestId('welcome');
    expect(within(welcome).queryByRole('link', { name: 'New campaign' })).toBeNull();
    expect(within(welcome).getByText('Explore a domain')).toBeTruthy();
  });
});
