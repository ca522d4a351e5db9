// The API tokens dialog of the account menu against a fake server: the list, a create with the secret shown
// once (and the CSRF token sent), and a revoke that waits for its confirmation.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiTokenBody } from '@contracts/api-tokens';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const SECRET = `slt_${'a'.repeat(43)}`;

function token(id: number, name: string, over: Partial<ApiTokenBody> = {}): ApiTokenBody {
  return {
    id,
    name,
    scope: 'read',
    createdAt: '2025-06-01T09:00:00.000Z',
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    status: 'active',
    ...over,
  };
}

describe('API tokens dialog', () => {
  it('lists tokens, creates one showing its secret once, and revokes after confirmation', async () => {
    let items = [token(1, 'old script', { scope: 'write', lastUsedAt: '2025-06-02T10:00:00.000Z' })];
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture([])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/campaigns': json(200, { items: [] }),
      'GET /api/v1/me/tokens': () => json(200, { items }),
      'POST /api/v1/me/tokens': () => {
        const created = token(2, 'nightly export', { expiresAt: '2025-08-30T09:00:00.000Z' });
        items = [created, ...items];
        return json(201, { token: created, secret: SECRET });
      },
      'DELETE /api/v1/me/tokens/1': () => {
        items = items.map((t) => (t.id === 1 ? { ...t, status: 'revoked', revokedAt: t.createdAt } : t));
        return json(204);
      },
    });
    renderApp('/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'API tokens', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'API tokens' });
    const list = await within(dialog).findByRole('table', { name: 'Your API tokens' });
    expect(within(list).getByText('old script')).toBeTruthy();
    expect(within(list).getByText('Read and write')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText(/Name the token after what uses it/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'nightly export' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect((await within(dialog).findByTestId('api-token-secret')).textContent).toBe(SECRET);
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ name: 'nightly export', scope: 'read', expiresInDays: 90 });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-token-1234');
    expect(await within(dialog).findByTestId('api-token-2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(within(dialog).queryByTestId('api-token-secret')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke the API token old script' }));
    const confirm = within(dialog).getByRole('alertdialog');
    expect(within(confirm).getByText('Revoke “old script”?')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(within(dialog).queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/v1/me/tokens/1']);
    await waitFor(() =>
      expect(within(within(dialog).getByTestId('api-token-1')).getByText('revoked')).toBeTruthy(),
    );
  });
});
