// The Search Console screens in jsdom against a fake API: Raw Search Analytics asks for the site's default
// period and shows totals and rows; Keyword-to-Page flags a split query; an API error shows the server's
// message; no imported site says where to import; CTR Models lists models and fits one from the form.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CtrModelDetail } from '@contracts/ctr-models';
import type {
  GscAnalyticsResponse,
  GscKeywordPagesResponse,
  GscSitesResponse,
} from '@contracts/search-console';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const SITES: GscSitesResponse = {
  items: [
    {
      site: 'flashcomindonesia.com',
      rows: 6000,
      tables: [
        {
          searchType: 'web',
          dimensions: ['date', 'page', 'query'],
          period: '',
          rows: 6000,
          firstDate: '2024-03-30',
          lastDate: '2025-08-08',
        },
      ],
    },
  ],
};
const metrics = { clicks: 18, impressions: 29, ctr: 18 / 29, position: 1.8 };
const SOURCE = {
  site: 'flashcomindonesia.com',
  searchType: 'web',
  dimensions: ['date' as const, 'page' as const, 'query' as const],
  period: '',
  dated: true,
  firstDate: '2024-03-30',
  lastDate: '2025-08-08',
  current: { start: '2025-05-11', end: '2025-08-08' },
  previous: null,
};
const ANALYTICS: GscAnalyticsResponse = {
  source: SOURCE,
  totals: { clicks: 9862, impressions: 33511, ctr: 0.294, position: 4.2, previous: null },
  daily: [{ date: '2025-08-08', ...metrics, previous: null }],
  rows: [{ keys: { query: 'cara membuat windows portable' }, ...metrics, previous: null }],
  total: 1,
};
const KEYWORD_PAGES: GscKeywordPagesResponse = {
  source: SOURCE,
  rows: [
    {
      query: 'flashcom indonesia',
      ...metrics,
      split: true,
      trackedPosition: null,
      pages: [
        { page: 'https://flashcomindonesia.com/', ...metrics, clicks: 12, clickShare: 12 / 18 },
        { page: 'https://flashcomindonesia.com/about', ...metrics, clicks: 6, clickShare: 6 / 18 },
      ],
    },
  ],
  total: 1,
};
const values = Array.from({ length: 100 }, (_, i) => 0.3 / (i + 1));
const FITTED: CtrModelDetail = {
  id: '1',
  name: 'Fitted: flashcomindonesia.com, all devices',
  kind: 'fitted',
  basis: 'fitted from flashcomindonesia.com’s Search Console rows',
  site: 'flashcomindonesia.com',
  device: null,
  brand: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  values,
  buckets: [{ bucket: 1, clicks: 300, impressions: 1000, ctr: 0.3, low: 0.27, high: 0.33 }],
  fit: { startDate: '2024-03-30', endDate: '2025-08-08', brandTerms: [], lastReliable: 1 },
};

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_CV'])),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/search-console/sites': json(200, SITES),
    ...routes,
  });
}

describe('Search Console screens', () => {
  it('Raw Search Analytics asks for the last 90 days of the site and shows totals and rows', async () => {
    const { requests } = server({ 'GET /api/v1/search-console/analytics': json(200, ANALYTICS) });
    renderApp('/rawsearchanalytics');
    expect(await screen.findByText('cara membuat windows portable')).toBeTruthy();
    expect(screen.getByText('9,862')).toBeTruthy();
    const asked = new URL(requests.find((r) => r.url.includes('/analytics'))!.url, 'http://x');
    expect(asked.searchParams.get('site')).toBe('flashcomindonesia.com');
    expect(asked.searchParams.get('startDate')).toBe('2025-05-11');
    expect(asked.searchParams.get('endDate')).toBe('2025-08-08');
    expect(asked.searchParams.getAll('dimensions')).toEqual(['query']);
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toContain(
      '/api/v1/search-console/analytics/csv?site=flashcomindonesia.com',
    );
  });

  it('Keyword-to-Page flags a split query with its pages’ click shares', async () => {
    server({ 'GET /api/v1/search-console/keyword-pages': json(200, KEYWORD_PAGES) });
    renderApp('/searchanalytics');
    expect(await screen.findByText('flashcom indonesia')).toBeTruthy();
    expect(screen.getByText('split')).toBeTruthy();
    expect(screen.getByText(/flashcomindonesia\.com\/about · 6 clicks \(33%\)/u)).toBeTruthy();
  });

  it('shows the server’s message on an error', async () => {
    server({
      'GET /api/v1/search-console/analytics': json(400, {
        error: { code: 'bad_request', message: 'no imported Search Console table holds country' },
      }),
    });
    renderApp('/rawsearchanalytics');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/no imported Search Console table holds country/iu);
  });

  it('says where to import when no site has rows', async () => {
    server({ 'GET /api/v1/search-console/sites': json(200, { items: [] }) });
    renderApp('/searchpages');
    expect(await screen.findByText('No Search Console data yet')).toBeTruthy();
  });

  it('CTR Models lists the models and fits one from the form', async () => {
    const { requests } = server({
      'GET /api/v1/ctr-models': json(200, {
        items: [
          { ...FITTED, id: 'default', name: 'Default curve', kind: 'default', site: null, createdAt: null },
        ],
      }),
      'POST /api/v1/ctr-models/fit': json(201, FITTED),
      'GET /api/v1/ctr-models/1': json(200, FITTED),
    });
    renderApp('/ctr_models');
    expect((await screen.findAllByRole('button', { name: 'Default curve' })).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Fit model' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ site: 'flashcomindonesia.com' });
    expect(await screen.findByText('Observed buckets')).toBeTruthy();
  });
});
