// Administration → Audit log against a fake server: who did what when, newest first, a page at a time.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const event = (id: number) => ({
  id,
  at: '2026-03-02T10:15:00Z',
  userEmail: 'ada@acme.test',
  action: id % 2 === 0 ? 'create' : 'rename',
  objectType: 'keyword-group',
  objectId: 21,
  summary: `change number ${id}`,
});

describe('Audit log', () => {
  it('lists the changes with who and when, and pages back through older ones', async () => {
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture(['ROLE_ADMIN'])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v1/admin/audit?offset=0&limit=50': json(200, {
        items: Array.from({ length: 50 }, (_, i) => event(100 - i)),
      }),
      'GET /api/v1/admin/audit?offset=50&limit=50': json(200, { items: [event(50)] }),
    });
    renderApp('/admin/audit/de_DE');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('change number 100')).toBeTruthy();
    expect(within(first).getByText('ada@acme.test')).toBeTruthy();
    expect(within(first).getByText('create')).toBeTruthy();
    expect(within(first).getByText('keyword group 21')).toBeTruthy();
    expect(within(first).getByText(/02\.03\.2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Newer' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('change number 50');
    expect(screen.getByText('Changes 51–51')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/v1/admin/audit?offset=50&limit=50')).toBe(true),
    );
  });
});
