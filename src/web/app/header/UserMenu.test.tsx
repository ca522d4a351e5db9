import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

describe('user menu', () => {
  it('changes the password, showing the server’s refusal first', async () => {
    let attempts = 0;
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture([])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/campaigns': json(200, { items: [] }),
      'POST /api/v1/me/password': () =>
        ++attempts === 1
          ? json(400, { error: { code: 'bad_request', message: 'the current password is wrong' } })
          : json(204),
    });
    renderApp('/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    // jsdom lays nothing out, so Mantine keeps the detached dropdown hidden; its items still take clicks.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.change(within(dialog).getByLabelText(/Current password/), {
      target: { value: 'old-password' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^New password/), {
      target: { value: 'a-new-password-2' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Repeat new password/), {
      target: { value: 'a-new-password-2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('The current password is wrong.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'a-new-password-2',
    });
    expect(requests.find((r) => r.method === 'POST')!.headers['X-CSRF-Token']).toBe('csrf-token-1234');
  });
});
