import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

describe('Users and roles screen', () => {
  it('changes a role with its checkbox and shows a new invitation link once', async () => {
    const users = [
      {
        id: 1,
        email: 'ada@acme.test',
        name: 'Ada Lovelace',
        roles: ['ROLE_ADMIN'],
        disabled: false,
        createdAt: '2025-01-01T00:00:00Z',
      },
      {
        id: 2,
        email: 'alan@acme.test',
        name: 'Alan Turing',
        roles: ['ROLE_CV'],
        disabled: false,
        createdAt: '2025-01-02T00:00:00Z',
      },
    ];
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture(['ROLE_ADMIN'])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/admin/users': () => json(200, { items: users, total: users.length }),
      'GET /api/v1/admin/invitations': json(200, { items: [], total: 0 }),
      'PUT /api/v1/admin/users/2/roles': (req) => {
        users[1]!.roles = (req.body as { roles: string[] }).roles;
        return json(204);
      },
      'POST /api/v1/admin/invitations': json(201, {
        invitation: {
          email: 'grace@acme.test',
          roles: ['ROLE_VE'],
          createdAt: '2025-03-01T10:00:00Z',
          expiresAt: '2025-03-08T10:00:00Z',
          acceptedAt: null,
        },
        inviteUrl: '/invite/0123456789abcdef0123',
      }),
    });
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const own = within(table).getByRole('checkbox', {
      name: 'ROLE_ADMIN for Ada Lovelace',
    }) as HTMLInputElement;
    expect(own.disabled).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'ROLE_REPORTS for Alan Turing' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ roles: ['ROLE_CV', 'ROLE_REPORTS'] });
    await waitFor(() =>
      expect(
        (within(table).getByRole('checkbox', { name: 'ROLE_REPORTS for Alan Turing' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    expect(screen.getByText(/Use Invite user to add someone/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'Grace@Acme.test' } });
    fireEvent.click(within(dialog).getByLabelText('Visibility explorer'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create invitation' }));
    const link = await within(dialog).findByTestId('invite-url');
    expect(link.textContent).toBe(`${window.location.origin}/invite/0123456789abcdef0123`);
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      email: 'grace@acme.test',
      roles: ['ROLE_VE'],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).queryByTestId('invite-url')).toBeNull();
  });
});
