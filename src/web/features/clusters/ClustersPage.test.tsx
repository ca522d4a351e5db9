// The content-cluster screens in jsdom against a fake API: the address's host, market and time reach the
// API; a running job shows its progress bar and is asked again until the clusters arrive; a cluster's
// keywords open from the keyboard-reachable hub button; the CSV link carries the selection; an error shows
// the server's message; no host asks for one.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ClusterRunning, ExistingClustersResponse, NewClustersResponse } from '@contracts/clusters';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const RUNNING: ClusterRunning = {
  status: 'running',
  market: 'gb-en',
  date: '2025-03-10',
  phase: 'clustering',
  progress: 0.4,
};
const head = {
  status: 'done' as const,
  market: 'gb-en',
  host: { value: 'me.com', kind: 'domain' as const },
  date: '2025-03-10',
  minShared: 3,
  clusteredKeywords: 6,
  clusters: 4,
  total: 1,
  page: 1,
  limit: 50,
};
const EXISTING: ExistingClustersResponse = {
  ...head,
  time: 'month',
  comparedWith: '2025-02-10',
  comparisonClamped: false,
  items: [
    {
      hub: 'cheap flights',
      keywords: [
        { keyword: 'cheap flights', searchVolume: 1000, position: 5, url: 'https://me.com/flights' },
        { keyword: 'flights cheap', searchVolume: 200, position: null, url: null },
      ],
      searchVolume: 1200,
      bestPosition: 5,
      url: 'https://me.com/flights',
      visibilityScore: 82.2,
      visibilityScoreDeltas: { delta: -202.8, percentageDelta: -71.2 },
    },
  ],
};
const NEW: NewClustersResponse = {
  ...head,
  competitors: ['rival.com'],
  candidates: [
    { domain: 'rival.com', topicalShare: 0.6, keywords: 5, leftOut: null },
    { domain: 'wiki.org', topicalShare: 0.05, keywords: 40, leftOut: 'not topical' },
  ],
  items: [
    {
      hub: 'ferries',
      keywords: [{ keyword: 'ferries', searchVolume: 500 }],
      searchVolume: 500,
      competitors: [{ domain: 'rival.com', bestPosition: 1 }],
    },
  ],
};
const BASE = '/api/marketshare';

function server(existing: (n: number) => { status: number; body?: unknown }) {
  let calls = 0;
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_MS_ALL'])),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    [`GET ${BASE}/existing/cluster/data`]: () => existing(calls++),
    [`GET ${BASE}/new/cluster/data`]: json(200, NEW),
  });
}

describe('content-cluster screens', () => {
  it('shows the job’s progress, then the clusters with expandable keywords and the CSV link', async () => {
    const { requests } = server((n) => (n === 0 ? json(202, RUNNING) : json(200, EXISTING)));
    renderApp('/marketshare/existing/cluster?host=me.com&market=gb-en&time=month');
    expect(await screen.findByRole('progressbar', { name: 'Clustering progress' })).toBeTruthy();
    expect(screen.getByText(/Clustering the keywords of gb-en/)).toBeTruthy();
    const hub = await screen.findByRole(
      'button',
      { name: 'Show the keywords of cheap flights' },
      { timeout: 3000 },
    );
    const asked = new URL(requests.find((r) => r.url.startsWith(`${BASE}/existing`))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      host: 'me.com',
      market: 'gb-en',
      time: 'month',
    });
    expect(screen.getByRole('table', { name: 'Clusters to optimise' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Keywords of cheap flights' })).toBeNull();
    expect(hub.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(hub);
    expect(hub.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('table', { name: 'Keywords of cheap flights' })).toBeTruthy();
    expect(screen.getByText('flights cheap')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Export clusters (CSV)' }).getAttribute('href')!;
    expect(csv).toBe(`${BASE}/existing/cluster/csv?market=gb-en&host=me.com&time=month`);
    expect(screen.getByRole('link', { name: 'New content suggestions' }).getAttribute('href')).toContain(
      '/marketshare/new/cluster?host=me.com&market=gb-en&time=month',
    );
  });

  it('lists new-content clusters with their competitors', async () => {
    server(() => json(200, EXISTING));
    renderApp('/marketshare/new/cluster?host=me.com&market=gb-en');
    expect(await screen.findByRole('table', { name: 'Clusters to write for' })).toBeTruthy();
    expect(screen.getByText('rival.com #1')).toBeTruthy();
  });

  it('shows the server’s message when the job failed', async () => {
    server(() =>
      json(503, {
        error: { code: 'cluster_job_failed', message: 'clustering gb-en at 2025-03-10 failed: disk full' },
      }),
    );
    renderApp('/marketshare/existing/cluster?host=me.com&market=gb-en');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/disk full/));
  });

  it('asks for a host and market when the address has none', async () => {
    server(() => json(200, EXISTING));
    renderApp('/marketshare/existing/cluster');
    expect(await screen.findByText('Choose a host and a market')).toBeTruthy();
  });
});
