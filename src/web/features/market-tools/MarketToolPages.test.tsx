// The market explorer and recommendation screens in jsdom against a fake API: the address's host, market and
// time reach the API; the keyword table and the URL table render their rows; a URL's keywords open from the
// keyboard-reachable URL button; the CSV links carry the selection; an error shows the server's message; a
// user without ROLE_MS_ALL sees no links to them; no host asks for one.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RecommendationResponse } from '@contracts/recommendation';
import type { VeKeywordRankingResponse } from '@contracts/visibility-explorer';
import type { Role } from '@core/roles';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const host = { value: 'me.com', kind: 'domain' as const };
const KEYWORDS: VeKeywordRankingResponse = {
  market: 'gb-en',
  host,
  start: '2025-02-10',
  end: '2025-03-10',
  total: 1,
  items: [
    {
      keyword: 'cheap flights',
      searchVolume: 1000,
      position: 4,
      positionDeltas: { delta: -1, percentageDelta: -20 },
      url: 'https://me.com/a',
      visibilityScore: 131,
      visibilityScoreDeltas: { delta: 59, percentageDelta: 81.9 },
    },
  ],
};
const URLS: RecommendationResponse = {
  market: 'gb-en',
  host,
  date: '2025-03-10',
  start: '2025-02-10',
  opportunity: 206.62,
  total: 1,
  items: [
    {
      url: 'https://me.com/a',
      opportunity: 206.62,
      keywords: 2,
      bestPosition: 4,
      visibilityScore: 81.18,
      visibilityScoreDeltas: { delta: 9.18, percentageDelta: 12.75 },
      behind: [
        { keyword: 'cheap flights', searchVolume: 1000, position: 4, gain: 205 },
        { keyword: 'flight deals', searchVolume: 100, position: 12, gain: 1.62 },
      ],
    },
  ],
};

function server(roles: Role[], recommendation = json(200, URLS)) {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(roles)),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/market-explorer/existing/url/keywords/data': json(200, KEYWORDS),
    'GET /api/recommendation/data/urls': recommendation,
  });
}

describe('market explorer and recommendation screens', () => {
  it('market explorer: asks for the address’s selection and lists the keywords with the CSV link', async () => {
    const { requests } = server(['ROLE_MS_ALL']);
    renderApp('/market-explorer/existing/url/keywords?host=me.com&market=gb-en&time=month');
    expect(await screen.findByText('cheap flights')).toBeTruthy();
    const asked = new URL(requests.find((r) => r.url.includes('/data'))!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      host: 'me.com',
      market: 'gb-en',
      time: 'month',
    });
    expect(screen.getByText('https://me.com/a')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export a year of keywords (CSV)' }).getAttribute('href')).toBe(
      '/api/market-explorer/existing/url/keywords/csv?market=gb-en&host=me.com',
    );
    expect(screen.getByRole('link', { name: 'Recommendation' }).getAttribute('href')).toContain(
      '/recommendation/urls?host=me.com&market=gb-en&time=month',
    );
  });

  it('recommendation: URLs by opportunity, the keywords behind one opened from the keyboard', async () => {
    server(['ROLE_MS_ALL']);
    renderApp('/recommendation/urls?host=me.com&market=gb-en&time=month');
    const open = await screen.findByRole('button', { name: 'Show the keywords behind https://me.com/a' });
    expect(screen.getByRole('table', { name: 'URLs by opportunity' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Keywords behind https://me.com/a' })).toBeNull();
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('table', { name: 'Keywords behind https://me.com/a' })).toBeTruthy();
    expect(screen.getByText('flight deals')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export URLs and keywords (CSV)' }).getAttribute('href')).toBe(
      '/api/recommendation/urls/csv?host=me.com&market=gb-en&time=month',
    );
  });

  it('shows the server’s message when the request fails', async () => {
    server(['ROLE_MS_ALL'], json(404, { error: { code: 'not_found', message: 'market de-de not found' } }));
    renderApp('/recommendation/urls?host=me.com&market=de-de');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/market de-de not found/i));
  });

  it('asks for a host and market when the address has none', async () => {
    server(['ROLE_MS_ALL']);
    renderApp('/market-explorer/existing/url/keywords');
    expect(await screen.findByText('Choose a host and a market')).toBeTruthy();
  });
});
