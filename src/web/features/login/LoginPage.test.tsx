// The sign-in page during a first start, against a fake server: the demo workspace's generation shows as a
// progress bar with its phase and the time left, sign-in works meanwhile and the page waits until the
// workspace is ready, then opens the app; a failed generation is shown with its message.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SetupStatus } from '@contracts/setup-status';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const generating: SetupStatus = {
  state: 'generating',
  phase: 'serps',
  done: 13,
  total: 52,
  percent: 26.5,
  elapsedSeconds: 30,
  etaSeconds: 80,
  message: null,
};

describe('the sign-in page during a first start', () => {
  it('shows the generation’s progress, signs in meanwhile and opens the app once it is ready', async () => {
    let status = generating;
    let signedIn = false;
    fakeServer({
      'GET /api/v1/setup-status': () => json(200, status),
      'GET /api/v1/me': () =>
        signedIn
          ? json(200, meFixture(['ROLE_REPORTS']))
          : json(401, { error: { code: 'unauthenticated', message: 'you are not signed in' } }),
      'POST /auth/login': () => {
        signedIn = true;
        return json(200, meFixture(['ROLE_REPORTS']));
      },
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/reports': json(200, { items: [], total: 0 }),
    });
    const { router } = renderApp('/login?next=%2Ffolder');
    expect(await screen.findByText(/Writing the weekly search results \(13 of 52\): 27%/u)).toBeTruthy();
    expect(screen.getByText(/about 80 s left/u)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('26.5');

    fireEvent.change(screen.getByLabelText(/Email/u), { target: { value: 'ada@acme.test' } });
    fireEvent.change(screen.getByLabelText(/Password/u), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(/You are signed in: Sightline opens when the workspace is ready/u),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    status = { ...generating, state: 'ready', done: 52, percent: 100, etaSeconds: null };
    await waitFor(() => expect(router.state.location.pathname).toBe('/folder'));
  });

  it('shows a failed generation with its message', async () => {
    fakeServer({
      'GET /api/v1/setup-status': json(200, {
        ...generating,
        state: 'failed',
        phase: 'keywords',
        etaSeconds: null,
        message: 'No space left on device',
      }),
      'GET /api/v1/me': json(401, { error: { code: 'unauthenticated', message: 'you are not signed in' } }),
    });
    renderApp('/login');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/could not be generated.*No space left on device.*Restart Sightline/u);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
