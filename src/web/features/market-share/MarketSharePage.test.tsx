// The market-share screen in jsdom against a fake API: the address's market, time and host reach both
// requests; the table lists every host with its share, sorts from the keyboard-reachable header buttons; the
// matrix switches between tags and groups and says what to do when there are none; the CSV links carry the
// selection; the empty variant asks for a market among the organisation's and /marketshare redirects to it.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MarketShareMatrixResponse, MarketShareResponse } from '@contracts/market-share';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const d = (delta: number) => ({ delta, percentageDelta: null });
const flags = { leader: true, tracked: false, own: false, selected: false };
const OVERVIEW: MarketShareResponse = {
  market: 'gb-en',
  time: 'month',
  startDate: '2025-02-12',
  endDate: '2025-03-12',
  host: 'newco.io',
  dates: ['2025-03-03', '2025-03-10'],
  marketVisibilityScores: [580.5, 486.2],
  hosts: [
    {
      host: 'acme.com',
      ...flags,
      tracked: true,
      own: true,
      rank: 1,
      visibilityScore: 300.7,
      share: 61.85,
      visibilityScoreDeltas: d(115.2),
      shareDeltas: d(29.9),
      rankChange: 1,
      visibilityScores: [185.5, 300.7],
      shares: [31.96, 61.85],
    },
    {
      host: 'other.org',
      ...flags,
      rank: 2,
      visibilityScore: 157,
      share: 32.29,
      visibilityScoreDeltas: d(-128),
      shareDeltas: d(-16.8),
      rankChange: -1,
      visibilityScores: [285, 157],
      shares: [49.1, 32.29],
    },
    {
      host: 'newco.io',
      ...flags,
      leader: false,
      selected: true,
      rank: null,
      visibilityScore: 0,
      share: 0,
      visibilityScoreDeltas: d(0),
      shareDeltas: d(0),
      rankChange: null,
      visibilityScores: [0, 0],
      shares: [0, 0],
    },
  ],
};
const matrix = (by: 'tags' | 'groups', labels: string[]): MarketShareMatrixResponse => ({
  market: 'gb-en',
  by,
  date: '2025-03-10',
  campaigns: 1,
  labels: labels.map((label) => ({ label, keywords: 2, visibilityScore: 486.2 })),
  rows: OVERVIEW.hosts.map((h) => ({
    host: h.host,
    leader: h.leader,
    tracked: h.tracked,
    own: h.own,
    selected: h.selected,
    cells: labels.map(() => ({ visibilityScore: h.visibilityScore, share: h.share })),
  })),
});

function server() {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_MS_ALL'])),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, {
      items: [
        {
          code: 'gb-en',
          name: 'United Kingdom',
          country: 'gb',
          language: 'en',
          device: 'desktop',
          engine: 'google',
        },
        {
          code: 'us-en',
          name: 'United States',
          country: 'us',
          language: 'en',
          device: 'desktop',
          engine: 'google',
        },
      ],
    }),
    'GET /api/v1/campaigns': json(200, {
      items: [
        {
          id: 1,
          projectId: 1,
          projectName: 'P',
          name: 'UK',
          market: 'gb-en',
          ctrModel: 'default',
          schedule: null,
          trackedDomains: 2,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
    }),
    'GET /api/marketshare/data/overview': json(200, OVERVIEW),
    'GET /api/marketshare/data/competitive-matrix': (req) =>
      req.url.includes('by=groups')
        ? json(200, matrix('groups', []))
        : json(200, matrix('tags', ['travel', 'hotels'])),
  });
}

describe('market share screen', () => {
  it('shows the table, chart data and matrix for the address’s market, time and host', async () => {
    const { requests } = server();
    renderApp('/newco.io/marketshare/overview/gb-en/month');
    const table = await screen.findByRole('table', { name: 'Hosts by share of visibility' });
    const overview = new URL(requests.find((r) => r.url.includes('/overview'))!.url, 'http://x');
    expect(Object.fromEntries(overview.searchParams)).toEqual({
      market: 'gb-en',
      time: 'month',
      host: 'newco.io',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'acme.comyours',
      'other.org',
      'newco.iohighlighted',
    ]);
    expect(within(rows[0]!).getByText('61.85%')).toBeTruthy();
    expect(within(rows[0]!).getByText('▲ 1')).toBeTruthy();
    // Sort by host from the header button.
    fireEvent.click(within(table).getByRole('button', { name: /Host/ }));
    const sorted = within(table).getAllByRole('row').slice(1);
    expect(sorted.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'acme.comyours',
      'newco.iohighlighted',
      'other.org',
    ]);
    const m = await screen.findByRole('table', { name: 'Share of visibility by keyword tag' });
    expect(within(m).getByText('travel')).toBeTruthy();
    expect(within(m).getAllByText('61.9%').length).toBe(2);
    expect(screen.getByRole('link', { name: 'Export table and series (CSV)' }).getAttribute('href')).toBe(
      '/api/marketshare/data/csv?market=gb-en&time=month&host=newco.io&kind=overview',
    );
    expect(screen.getByRole('link', { name: 'Export matrix (CSV)' }).getAttribute('href')).toBe(
      '/api/marketshare/data/csv?market=gb-en&time=month&host=newco.io&kind=matrix&by=tags',
    );
    expect(screen.getByRole('link', { name: 'Market explorer' }).getAttribute('href')).toContain(
      'host=newco.io',
    );
  });

  it('says what to do when the campaigns carry no keyword groups', async () => {
    server();
    renderApp('/marketshare/overview/gb-en/month');
    await screen.findByRole('table', { name: 'Share of visibility by keyword tag' });
    fireEvent.click(screen.getByText('Keyword groups'));
    expect(await screen.findByText('No keyword groups yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export matrix (CSV)' }).getAttribute('href')).toContain(
      'by=groups',
    );
  });

  it('the empty variant asks for a market, offering the organisation’s; /marketshare redirects there', async () => {
    const { requests } = server();
    renderApp('/marketshare');
    expect(await screen.findByText('Choose a market')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show market share' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Show market share' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const form = screen.getByRole('form', { name: 'Choose host, market and time' });
    fireEvent.click(within(form).getByLabelText('Market'));
    expect(await screen.findByRole('option', { name: 'United Kingdom (gb-en)', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'United States (us-en)', hidden: true })).toBeNull();
    // jsdom lays nothing out, so Mantine keeps the detached dropdown hidden; its options still take clicks.
    fireEvent.click(screen.getByRole('option', { name: 'United Kingdom (gb-en)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Show market share' }));
    expect(await screen.findByRole('table', { name: 'Hosts by share of visibility' })).toBeTruthy();
    const asked = new URL(requests.find((r) => r.url.includes('/overview'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ market: 'gb-en', time: 'year' });
  });
});
