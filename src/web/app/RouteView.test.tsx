import '../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useNavigationStore } from '../state/navigation-store';
import { fakeServer, json, meFixture } from '../test/fake-server';
import { renderApp } from '../test/render';

function server() {
  fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_REPORTS'])),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/reports': json(200, { items: [], total: 0 }),
    'GET /api/v1/campaigns': json(200, { items: [] }),
  });
}

describe('landing and navigation state', () => {
  it('opens the first visible item when the default, Visibility Explorer, needs a role the user lacks (ROLE_VE), keeping the locale', async () => {
    server();
    const { router } = renderApp('/de_DE');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/de_DE'));
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('sets the section and sub-section from the address', async () => {
    server();
    renderApp('/folder');
    expect(await screen.findByText('No reports yet')).toBeTruthy();
    expect(useNavigationStore.getState()).toMatchObject({ section: 'reporting', subSection: 'folder' });
    expect(document.title).toBe('Report Creation · Sightline');
  });
});
