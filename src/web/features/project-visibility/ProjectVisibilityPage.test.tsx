// The project-visibility screen in jsdom against a fake API: the project of the address (ldx-4) is asked for,
// the first own domain's figures, chart data and per-campaign table are drawn, another domain can be picked,
// the table sorts by keyboard, the CSV link carries the range, and the loading, empty and error states show.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PvResponse, PvScope } from '@contracts/project-visibility';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const D1 = '2025-01-06';
const D2 = '2025-01-13';
const deltas = (start: number, end: number) => ({
  delta: end - start,
  percentageDelta: start === 0 ? null : ((end - start) / start) * 100,
});

/** A scope whose domain i has the visibility scores `vs[i]` at D1 and D2 (visibility and share made up). */
function scope(
  key: string,
  name: string,
  keywords: number,
  vs: [number, number][],
  dates = [D1, D2],
): PvScope {
  return {
    key,
    campaignId: key === 'total' ? null : Number(key),
    name,
    market: key === 'total' ? null : 'gb-en',
    keywords,
    unknownVolume: 0,
    dates,
    domains: vs.map(([a, b], i) => ({
      key: ['acme.com', 'rival.com'][i]!,
      visibilityScore: b,
      visibilityScoreDeltas: deltas(a, b),
      visibility: b / 10,
      visibilityDeltas: deltas(a / 10, b / 10),
      share: 50,
      shareDeltas: deltas(50, 50),
      series: dates.map((date, j) => ({ date, visibilityScore: j === 0 ? a : b, visibility: 1, share: 50 })),
    })),
  };
}

const SUMMARY: PvResponse = {
  project: { id: 4, name: 'Acme' },
  startDate: '2024-12-01',
  endDate: '2025-01-31',
  domains: [
    { key: 'acme.com', label: 'Acme', color: '#1f77b4', isOwn: true },
    { key: 'rival.com', label: 'Rival', color: '#ff7f0e', isOwn: false },
  ],
  total: scope('total', 'All campaigns', 3, [
    [307, 222],
    [214, 285],
  ]),
  campaigns: [
    scope('7', 'Shoes', 2, [
      [307, 214],
      [214, 285],
    ]),
    scope('8', 'Socks', 2, [
      [22, 65],
      [57, 0],
    ]),
  ],
};

const PV = '/api/v3/project-visibility/ldx-4';

function server(summary: { status: number; body?: unknown }) {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_CV'])),
    'GET /api/v1/projects': json(200, {
      items: [{ id: 4, name: 'Acme', createdAt: '2025-01-01T00:00:00.000Z' }],
    }),
    'GET /api/v1/markets': json(200, { items: [] }),
    [`GET ${PV}/domains`]: summary,
  });
}

const PAGE = '/ldx-4/competitive-analysis/project-visibility';

describe('project-visibility screen', () => {
  it('shows the total and each campaign of the first own domain', async () => {
    const { requests } = server(json(200, SUMMARY));
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: /Campaigns of the project for Acme/ });
    expect(requests.some((r) => r.url.startsWith(`${PV}/domains`))).toBe(true);
    expect(screen.getByText('222', { selector: 'p' })).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Campaign'),
      expect.stringMatching(/^All campaigns.*3222/u),
      expect.stringMatching(/^Shoesgb-en2214/u),
      expect.stringMatching(/^Socksgb-en265/u),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Chart data' }));
    const data = await screen.findByRole('table', { name: 'Chart data' });
    const last = within(data).getAllByRole('row').at(-1)!;
    expect([...last.querySelectorAll('td')].map((td) => td.getAttribute('data-value'))).toEqual([
      null,
      '222',
      '214',
      '65',
    ]);
    const csv = screen.getByRole('link', { name: 'Export summary (CSV)' }).getAttribute('href')!;
    expect(csv).toMatch(new RegExp(`^${PV}/csv\\?startDate=\\d{4}-\\d{2}-\\d{2}&endDate=`, 'u'));
  });

  it('switches to another domain', async () => {
    server(json(200, SUMMARY));
    renderApp(PAGE);
    await screen.findByRole('table', { name: /Campaigns of the project for Acme/ });
    fireEvent.click(screen.getByLabelText('Domain', { selector: 'input' }));
    fireEvent.click(await screen.findByText('Rival (rival.com)'));
    expect(await screen.findByRole('table', { name: /Campaigns of the project for Rival/ })).toBeTruthy();
    expect(screen.getByText('285', { selector: 'p' })).toBeTruthy();
  });

  it('sorts the campaigns with a column’s header button', async () => {
    server(json(200, SUMMARY));
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: /Campaigns of the project/ });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')!.textContent);
    const sort = within(table).getByRole('button', { name: /^Visibility score/ });
    fireEvent.click(sort);
    await waitFor(() => expect(names()).toEqual(['All campaigns', 'Shoes', 'Socks']));
    fireEvent.click(sort);
    await waitFor(() => expect(names()).toEqual(['Socks', 'Shoes', 'All campaigns']));
  });

  it('shows the server’s message when the summary fails', async () => {
    server(json(404, { error: { code: 'not_found', message: 'project 4 does not exist' } }));
    renderApp(PAGE);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/project 4 does not exist/iu), {
      timeout: 5000,
    });
  });

  it('says when the range holds no snapshot, or the project has no campaigns', async () => {
    server(
      json(200, {
        ...SUMMARY,
        total: scope(
          'total',
          'All campaigns',
          3,
          [
            [0, 0],
            [0, 0],
          ],
          [],
        ),
      }),
    );
    const first = renderApp(PAGE);
    expect(await screen.findByText('No rankings in this range')).toBeTruthy();
    first.unmount();
    server(json(200, { ...SUMMARY, campaigns: [] }));
    renderApp(PAGE);
    expect(await screen.findByText('This project has no campaigns')).toBeTruthy();
  });

  it('refuses an address that names no project', async () => {
    server(json(200, SUMMARY));
    renderApp('/acme/competitive-analysis/project-visibility');
    expect(await screen.findByText('Not a project address')).toBeTruthy();
  });
});
