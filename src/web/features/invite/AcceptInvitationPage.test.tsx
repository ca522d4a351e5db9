import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const TOKEN = 'MDaqtNdMlKVUyW5T1KFW8Pg1tVBr';

describe('Accept invitation screen', () => {
  it('creates the account and signs the new user in', async () => {
    const { requests } = fakeServer({
      [`GET /auth/invitations/${TOKEN}`]: json(200, {
        email: 'grace@acme.test',
        organisationName: 'Acme Analytics',
        expiresAt: '2099-01-01T00:00:00Z',
      }),
      'POST /auth/invitations/accept': json(200, meFixture([], 9)),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/dashboard': json(200, {
        organisationName: 'Acme Analytics',
        projects: 0,
        campaigns: 0,
        users: 2,
        markets: [],
      }),
    });
    const { router } = renderApp(`/invite/${TOKEN}`);
    expect(await screen.findByText('Join Acme Analytics')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Grace Hopper' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/Repeat password/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords differ')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-password-1' } });
    fireEvent.change(screen.getByLabelText(/Repeat password/), { target: { value: 'a-long-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      token: TOKEN,
      name: 'Grace Hopper',
      password: 'a-long-password-1',
    });
    // A workspace without campaigns opens on the welcome (issue 25 item 7).
    expect(await screen.findByText('Welcome to Sightline')).toBeTruthy();
  });

  it('says when a link was already used, and offers the sign-in page', async () => {
    fakeServer({
      [`GET /auth/invitations/${TOKEN}`]: json(410, {
        error: { code: 'invitation_used', message: 'this invitation was already accepted: sign in instead' },
      }),
    });
    renderApp(`/invite/${TOKEN}/de_DE`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This invitation was already accepted: sign in instead.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login/de_DE');
  });
});
