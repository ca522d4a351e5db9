// The visibility-explorer screen in jsdom against a fake API: a host with a path from the address reaches the
// API encoded as `domains`, the summary's figures and lists are drawn, the keyword table offers its CSV, a
// failed summary shows the server's message, and a range without snapshots says so.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { VeDomainsResponse, VeKeywordRankingResponse } from '@contracts/visibility-explorer';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const deltas = { delta: 1, percentageDelta: 10 };
const SUMMARY: VeDomainsResponse = {
  market: 'gb-en',
  host: { value: 'www.acme.com/blog', kind: 'path' },
  startDate: '2025-02-24',
  endDate: '2025-03-03',
  date: '2025-03-03',
  dates: ['2025-02-24', '2025-03-03'],
  keywords: 1200,
  unknownVolume: 3,
  rankingKeywords: 42,
  visibilityScore: 1234.5,
  visibilityScoreDeltas: deltas,
  visibility: 2.5,
  visibilityDeltas: deltas,
  share: 12.5,
  series: [
    { date: '2025-02-24', keywords: 1200, visibilityScore: 1000, visibility: 2 },
    { date: '2025-03-03', keywords: 1200, visibilityScore: 1234.5, visibility: 2.5 },
  ],
  rankRanges: [{ key: '1-3', keywords: 7 }],
  resultTypes: [{ resultType: 'organic', visibilityScore: 1234.5, share: 100 }],
  topKeywords: [
    {
      keyword: 'cheap flights',
      searchVolume: 9000,
      position: 2,
      url: 'https://www.acme.com/blog/a',
      visibilityScore: 900,
    },
  ],
  topUrls: [{ url: 'https://www.acme.com/blog/a', keywords: 3, bestPosition: 2, visibilityScore: 900 }],
  competitors: [{ domain: 'rival.org', keywords: 30, visibilityScore: 5000, share: 40 }],
};
const KEYWORDS: VeKeywordRankingResponse = {
  market: 'gb-en',
  host: SUMMARY.host,
  start: '2025-02-24',
  end: '2025-03-03',
  total: 1,
  items: [
    {
      keyword: 'cheap flights',
      searchVolume: 9000,
      position: 2,
      positionDeltas: deltas,
      url: 'https://www.acme.com/blog/a',
      visibilityScore: 900,
      visibilityScoreDeltas: deltas,
    },
  ],
};
const VE = '/api/v3/visibility-explorer/gb-en';

function server(domains: { status: number; body?: unknown }) {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_VE'])),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    [`GET ${VE}/domains`]: domains,
    [`GET ${VE}/ranking/keywords`]: json(200, KEYWORDS),
  });
}

describe('visibility-explorer screen', () => {
  it('explores a host with a path from the address and offers its keywords as CSV', async () => {
    const { requests } = server(json(200, SUMMARY));
    renderApp('/www.acme.com/blog/gb-en/competitive-analysis/ve');
    expect(await screen.findByText('rival.org')).toBeTruthy();
    const asked = requests.find((r) => r.url.startsWith(`${VE}/domains`))!;
    expect(new URL(asked.url, 'http://x').searchParams.getAll('domains')).toEqual(['www.acme.com/blog']);
    expect(screen.getByText('42')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Ranking keywords' })).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Export keywords (CSV)' }).getAttribute('href')!;
    expect(csv).toContain(`${VE}/csv/keywords?domains=www.acme.com%2Fblog`);
    expect(csv).toContain('campaign=-');
  });

  it('shows the server’s message when the summary fails', async () => {
    server(json(404, { error: { code: 'not_found', message: 'market gb-en does not exist' } }));
    renderApp('/www.acme.com/blog/gb-en/competitive-analysis/ve');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/market gb-en does not exist/i),
    );
  });

  it('says when the range holds no snapshot', async () => {
    server(json(200, { ...SUMMARY, dates: [], series: [] }));
    renderApp('/www.acme.com/blog/gb-en/competitive-analysis/ve');
    expect(await screen.findByText('No rankings in this range')).toBeTruthy();
  });
});
