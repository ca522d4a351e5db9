// The public demo page against a fake server: no session needed; the allowance and markets from GET
// /demo/search; a search shows the limited summary; a host without data opens NO_DATA_FOUND; a 402 selects
// LIMIT_REACHED through the user status, whose call button leads to the set-up-a-call dialog, which posts
// /demo/call and thanks the visitor.
import '../../test/dom-setup';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DemoSearchResponse, DemoStatusResponse } from '@contracts/demo';
import { useModalStore } from '../../modals/modal-store';
import { useUserStore } from '../../state/user-store';
import { fakeServer, json } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const status: DemoStatusResponse = {
  searchesUsed: 0,
  searchLimit: 2,
  limitReached: false,
  markets: [{ code: 'gb-en', name: 'United Kingdom (English)' }],
};
const zero = { delta: 0, percentageDelta: null };
const found: DemoSearchResponse = {
  status: 'OK',
  searchesUsed: 1,
  searchLimit: 2,
  limitReached: false,
  summary: {
    market: 'gb-en',
    host: { value: 'acme.com', kind: 'domain' },
    startDate: '2025-09-12',
    endDate: '2026-03-12',
    date: '2026-03-12',
    rankingKeywords: 42,
    visibilityScore: 1234.5,
    visibilityScoreDeltas: zero,
    visibility: 1.5,
    visibilityDeltas: zero,
    series: [{ date: '2026-03-12', visibilityScore: 1234.5, visibility: 1.5 }],
    topKeywords: [{ keyword: 'cheap flights', searchVolume: 90500, position: 2, visibilityScore: 800 }],
  },
};

function search(domain: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Domain' }), { target: { value: domain } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

beforeEach(() => {
  useUserStore.setState({ statusCode: null, limitReached: false });
  useModalStore.setState({ modals: {} });
});

describe('demo page', () => {
  it('shows the allowance, then the limited summary of a search, without a session', async () => {
    const { requests } = fakeServer({
      'GET /demo/search': json(200, status),
      'POST /demo/search': json(200, found),
    });
    renderApp('/demo');
    await screen.findByText('2 of 2 free searches left.');
    search('acme.com');
    const summary = await screen.findByRole('region', { name: 'Demo summary of acme.com' });
    expect(within(summary).getByText('cheap flights')).toBeTruthy();
    expect(within(summary).getAllByRole('button', { name: 'Try this feature' })).toHaveLength(3);
    await screen.findByText('1 of 2 free searches left.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ domain: 'acme.com', market: 'gb-en' });
    expect(requests.some((r) => r.url === '/api/v1/me')).toBe(false);
  });

  it('is reached from the sign-in page by a visitor without an account', async () => {
    fakeServer({
      'GET /api/v1/me': json(401, { error: { code: 'unauthenticated', message: 'sign in' } }),
      'GET /demo/search': json(200, status),
    });
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: /Try the demo/ }));
    await screen.findByText('2 of 2 free searches left.');
    expect(router.state.location.pathname).toBe('/demo');
  });

  it('refuses a value that is not a host without asking the server', async () => {
    const { requests } = fakeServer({ 'GET /demo/search': json(200, status) });
    renderApp('/demo');
    await screen.findByText('2 of 2 free searches left.');
    search('not a host');
    expect(await screen.findByText(/Enter a domain such as example.com/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('opens NO_DATA_FOUND for a host without rankings', async () => {
    fakeServer({
      'GET /demo/search': json(200, status),
      'POST /demo/search': json(200, { ...status, status: 'NO_DATA_FOUND', summary: null }),
    });
    renderApp('/demo');
    await screen.findByText('2 of 2 free searches left.');
    search('nobody.example');
    const dialog = await screen.findByRole('dialog', { name: 'No data found' });
    expect(within(dialog).getByText(/nobody.example does not rank/)).toBeTruthy();
  });

  it('opens LIMIT_REACHED on 402, then the call dialog, and thanks the visitor once the call is booked', async () => {
    const { requests } = fakeServer({
      'GET /demo/search': json(200, { ...status, searchesUsed: 2, limitReached: true }),
      'POST /demo/search': json(402, {
        error: { code: 'LIMIT_REACHED', message: 'the demo allows 2 searches' },
      }),
      'POST /demo/call': json(201, { received: true, id: 9 }),
    });
    renderApp('/demo');
    await screen.findByText('You have used your free searches.');
    search('acme.com');
    const limit = await screen.findByRole('dialog', { name: 'Limit reached' });
    expect(useUserStore.getState()).toMatchObject({ limitReached: true, statusCode: 'LIMIT_REACHED' });
    fireEvent.click(within(limit).getByRole('button', { name: 'Set up a call' }));
    const form = await screen.findByRole('dialog', { name: 'Set up a call' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Vera' } });
    fireEvent.change(within(form).getByLabelText(/^Work email/), { target: { value: 'vera@example.com' } });
    fireEvent.change(within(form).getByLabelText(/^Company/), { target: { value: 'Example Ltd' } });
    fireEvent.click(within(form).getByLabelText('Any time in working hours'));
    fireEvent.click(within(form).getByRole('button', { name: 'Request call' }));
    await screen.findByRole('dialog', { name: 'Call requested' });
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/demo/call')?.body).toEqual({
        name: 'Vera',
        email: 'vera@example.com',
        company: 'Example Ltd',
        preferredTime: 'any',
      }),
    );
  });
});
