// The one-to-one screens in jsdom against a fake API: the signed-in screen asks for the address's hosts,
// market and time, shows the group counts and rows, asks the server for another group or order from the
// keyboard-reachable buttons, and links both CSVs; the share link's page asks no session, shows no sidebar,
// sends the token and says who shared it; a refused link shows the server's reason with no retry.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OneToOneResponse } from '@contracts/one-to-one';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const cell = (position: number | null, score: number) => ({
  position,
  url: position === null ? null : `https://x.com/${position}`,
  positionStart: position,
  score,
  scoreDeltas: { delta: 0, percentageDelta: null },
});
const summary = (value: string, visibilityScore: number) => ({
  host: { value, kind: 'domain' as const },
  visibilityScore,
  visibilityScoreDeltas: { delta: 10, percentageDelta: 5 },
  visibility: 12.5,
  visibilityDeltas: { delta: 0.5, percentageDelta: 4 },
  rankingKeywords: 2,
});
const DATA: OneToOneResponse = {
  market: 'gb-en',
  time: 'month',
  startDate: '2025-02-12',
  endDate: '2025-03-12',
  start: '2025-03-03',
  end: '2025-03-10',
  a: summary('a.com', 306.18),
  b: summary('b.com', 118),
  series: [
    {
      date: '2025-03-10',
      a: { visibilityScore: 306.18, visibility: 12.5 },
      b: { visibilityScore: 118, visibility: 4.8 },
    },
  ],
  counts: { shared: 1, onlyA: 1, onlyB: 1, aAhead: 1, bAhead: 0 },
  group: 'all',
  total: 3,
  page: 1,
  pageSize: 50,
  items: [
    {
      keyword: 'cheap flights',
      searchVolume: 1000,
      groups: ['shared', 'aAhead'],
      a: cell(1, 285),
      b: cell(3, 110),
    },
    { keyword: 'hotels', searchVolume: 500, groups: ['onlyA'], a: cell(7, 20), b: cell(null, 0) },
    { keyword: 'car hire', searchVolume: null, groups: ['onlyB'], a: cell(null, 0), b: cell(2, 0) },
  ],
  shared: null,
};

const asked = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('one-to-one comparison screens', () => {
  it('compares the address’s hosts and asks the server for another group or order', async () => {
    const { requests } = fakeServer({
      'GET /api/v1/me': json(200, meFixture(['ROLE_MS_ALL'])),
      'GET /api/v1/projects': json(200, { items: [] }),
      'GET /api/v1/markets': json(200, { items: [] }),
      'GET /api/v2/1-2-1/share-links': json(200, { items: [] }),
      'GET /api/v2/1-2-1/data': json(200, DATA),
      'GET /api/v1/annotations': json(200, { items: [] }),
    });
    renderApp('/a.com,b.com/month/gb-en/1-2-1');
    expect(await screen.findByText('cheap flights')).toBeTruthy();
    // The chart draws the organisation-wide annotations (no campaign).
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.startsWith('/api/v1/annotations') && !r.url.includes('campaign=1')),
      ).toBe(true),
    );
    const data = () => requests.filter((r) => r.url.startsWith('/api/v2/1-2-1/data'));
    expect(asked(data()[0]!.url)).toMatchObject({
      host: 'a.com,b.com',
      market: 'gb-en',
      time: 'month',
      group: 'all',
    });
    expect(screen.getByRole('button', { name: 'Only a.com: 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Export keywords (CSV)' }).getAttribute('href')).toBe(
      '/a.com,b.com/gb-en/1-2-1/keyword-csv?time=month',
    );
    expect(screen.getByRole('link', { name: 'Export comparison (CSV)' }).getAttribute('href')).toBe(
      '/a.com,b.com/gb-en/1-2-1?time=month',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Only a.com: 1' }));
    await waitFor(() => expect(asked(data().at(-1)!.url).group).toBe('onlyA'));
    fireEvent.click(screen.getByRole('button', { name: /^Position B/ }));
    await waitFor(() =>
      expect(asked(data().at(-1)!.url)).toMatchObject({
        sortField: 'bPosition',
        sortDirection: 'asc',
        page: '1',
      }),
    );
  });

  it('opens a share link without a session or navigation, sending its token', async () => {
    const { requests } = fakeServer({
      'GET /api/v2/1-2-1/data': json(200, {
        ...DATA,
        shared: { organisation: 'Acme', expiresAt: '2025-03-19T12:00:00.000Z' },
      }),
    });
    renderApp('/a.com,b.com/month/gb-en/1-2-1/v1.7.1742385600.mac');
    expect((await screen.findByTestId('shared-line')).textContent).toMatch(
      /^Shared read-only by Acme · expires /,
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/v1/me'))).toBe(false);
    // The organisation's annotations are for signed-in users: a share link's page never asks for them.
    expect(requests.some((r) => r.url.startsWith('/api/v1/annotations'))).toBe(false);
    expect(asked(requests[0]!.url).share).toBe('v1.7.1742385600.mac');
    expect(screen.getByRole('link', { name: 'Export keywords (CSV)' }).getAttribute('href')).toBe(
      '/a.com,b.com/gb-en/1-2-1/keyword-csv/v1.7.1742385600.mac?time=month',
    );
  });

  it('shows why a share link does not open, without a retry that cannot help', async () => {
    const message = 'This share link was revoked on 2025-03-12 12:00 UTC; ask its owner for a new one';
    fakeServer({ 'GET /api/v2/1-2-1/data': json(410, { error: { code: 'share_link_revoked', message } }) });
    renderApp('/a.com,b.com/year/gb-en/1-2-1/v1.7.1.mac');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(message));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
