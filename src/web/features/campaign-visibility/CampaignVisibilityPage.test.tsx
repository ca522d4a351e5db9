import '../../test/dom-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type {
  CvCompetitorsResponse,
  CvDomainsResponse,
  CvFiltersResponse,
} from '@contracts/campaign-visibility';
import { duplicateValueMessage } from '@core/filters';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { dropEarlyRequests } from '../../api/client';
import { startEarlyRequests } from '../../app/early-requests';
import { renderApp } from '../../test/render';
import { sendFirstReadsEarly } from './first-reads';
import { fitWidgetsConfig, moveWidget } from './widget-catalog';

const FILTERS: CvFiltersResponse = {
  market: 'gb-en',
  dates: ['2025-02-24', '2025-03-03'],
  domains: [
    { value: 'a.com', label: 'A', color: '#1f77b4', isOwn: true },
    { value: 'b.com', label: 'B', color: '#ff7f0e', isOwn: false },
  ],
  domainGroups: [],
  tags: [{ value: 'deals', keywords: 3 }],
  groups: [],
  resultTypes: [{ value: 'organic', label: 'Organic' }],
  keywords: 3,
};

const deltas = { delta: 0, percentageDelta: null };
function domains(keys: string[]): CvDomainsResponse {
  return {
    startDate: '2025-02-24',
    endDate: '2025-03-03',
    dates: ['2025-02-24', '2025-03-03'],
    keywords: 3,
    unknownVolume: 0,
    useWholeMarket: false,
    items: keys.map((key, i) => ({
      key,
      kind: 'domain',
      label: key,
      color: null,
      visibilityScore: 100 * (i + 1),
      visibilityScoreDeltas: deltas,
      visibility: 10 * (i + 1),
      visibilityDeltas: deltas,
      share: i === 0 ? 33.33333 : 66.66667,
      shareDeltas: deltas,
      series: [{ date: '2025-03-03', visibilityScore: 100 * (i + 1), visibility: 10, share: 50 }],
    })),
  };
}

const CV = '/api/v3/campaign-visibility/3';

function server() {
  return fakeServer({
    'GET /api/v1/me': json(200, meFixture(['ROLE_CV'])),
    'GET /api/v1/projects': json(200, { items: [] }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/campaigns/3': json(404, { error: { code: 'not_found', message: 'no such campaign' } }),
    'GET /api/v2/widgets': json(200, { moduleName: 'campaign-visibility', config: null, updatedAt: null }),
    [`GET ${CV}/filters`]: json(200, FILTERS),
    [`GET ${CV}/domains`]: (req) => {
      const keys = new URL(req.url, 'http://x').searchParams.getAll('domains');
      return json(200, domains(keys));
    },
    [`GET ${CV}/tags`]: json(200, { date: '2025-03-03', useWholeMarket: false, domains: [], items: [] }),
    [`GET ${CV}/rank-ranges`]: json(500, { error: { code: 'internal', message: 'the rank store is down' } }),
    [`GET ${CV}/competitors`]: json(200, COMPETITORS),
  });
}

const COMPETITORS: CvCompetitorsResponse = {
  startDate: '2025-02-24',
  endDate: '2025-03-03',
  total: 2,
  items: [
    {
      domain: 'b.com',
      rank: 1,
      visibilityScore: 200,
      share: 60,
      visibilityScoreDeltas: deltas,
      rankChange: 2,
      tracked: null,
    },
    {
      domain: 'c.com',
      rank: 2,
      visibilityScore: 100,
      share: 40,
      visibilityScoreDeltas: deltas,
      rankChange: -1,
      tracked: null,
    },
  ],
};

afterEach(dropEarlyRequests);

const widget = (id: string) => document.querySelector(`[data-widget="${id}"]`);

describe('campaign-visibility screen', () => {
  it('draws a widget with the API’s numbers, an empty one and a failed one, each in its own state', async () => {
    server();
    renderApp('/3/competitive-analysis/cv');
    await waitFor(() => expect(widget('share-of-visibility')?.getAttribute('data-state')).toBe('ready'));
    const rows = [...widget('share-of-visibility')!.querySelectorAll('[data-chart-data] tbody tr')].map(
      (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['a.com', '33.3333', '10', '100'],
      ['b.com', '66.6667', '20', '200'],
    ]);
    await waitFor(() => expect(widget('visibility-by-tag')?.getAttribute('data-state')).toBe('empty'));
    await waitFor(() => expect(widget('rank-ranges')?.getAttribute('data-state')).toBe('error'));
    expect(widget('rank-ranges')!.textContent).toContain('The rank store is down.');
  });

  it('shows the rank change of each domain in the competitors league, up is better (issue 26)', async () => {
    server();
    renderApp('/3/competitive-analysis/cv');
    await waitFor(() => expect(widget('competitors-league')?.getAttribute('data-state')).toBe('ready'));
    const rows = [
      ...widget('competitors-league')!.querySelectorAll('table[aria-label="Competitors league"] tbody tr'),
    ];
    expect(rows.map((tr) => tr.querySelector('td:first-child')?.textContent)).toEqual(['1▲ 2', '2▼ 1']);
  });

  it.each([
    ['when the screen asks for its own data', false],
    ['when the boot sent its requests early', true],
  ])('asks each endpoint of the visible widgets once, %s', async (_what, early) => {
    const { requests } = server();
    if (early) {
      startEarlyRequests('/3/competitive-analysis/cv');
      void sendFirstReadsEarly(3);
      // The widgets' reads leave as soon as the options and the config answered, before anything is drawn.
      await waitFor(() => expect(requests.some((r) => r.url.startsWith(`${CV}/domains?`))).toBe(true));
    }
    renderApp('/3/competitive-analysis/cv');
    await waitFor(() => expect(widget('share-of-visibility')?.getAttribute('data-state')).toBe('ready'));
    await waitFor(() => expect(widget('rank-ranges')?.getAttribute('data-state')).toBe('error'));
    // The ranking tables below the widgets are not part of this (they draw when scrolled near).
    const cv = requests
      .filter((r) => r.url.startsWith(`${CV}/`) && !r.url.startsWith(`${CV}/ranking/`))
      .map((r) => r.url);
    const counts = new Map<string, number>();
    for (const url of cv) counts.set(url, (counts.get(url) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(requests.filter((r) => r.url === '/api/v1/me')).toHaveLength(1);
    const endpoints = [...counts.keys()].map((u) => new URL(u, 'http://x').pathname.slice(CV.length + 1));
    expect(endpoints.sort()).toEqual([
      'competitors',
      'domains',
      'filters',
      'rank-ranges',
      'result-type-prominence',
      'search-volume-ranges',
      'tags',
      'visibility-score-lost',
      'visibility-share',
    ]);
  });

  it('hides a domain from the requests, and refuses a duplicate domain with the spec warning', async () => {
    const { requests } = server();
    renderApp('/3/competitive-analysis/cv');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide B' }));
    await waitFor(() => {
      const last = requests.filter((r) => r.url.startsWith(`${CV}/domains`)).at(-1)!;
      expect(new URL(last.url, 'http://x').searchParams.getAll('domains')).toEqual(['a.com']);
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Add a domain' }), { target: { value: 'a.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(duplicateValueMessage('domains', 'a.com'))).toBeTruthy();
  });
});

describe('widgets config', () => {
  it('keeps known widgets in saved order, appends new ones, drops unknown ids and moves within bounds', () => {
    const fitted = fitWidgetsConfig({
      widgets: [
        { id: 'rank-ranges', visible: false },
        { id: 'gone', visible: true },
      ],
      expanded: 'gone',
    });
    expect(fitted.widgets[0]).toEqual({ id: 'rank-ranges', visible: false });
    expect(fitted.widgets).toHaveLength(10);
    expect(fitted.expanded).toBeNull();
    expect(moveWidget(fitted, 'rank-ranges', -1)).toBe(fitted);
    expect(moveWidget(fitted, 'rank-ranges', 1).widgets[1]!.id).toBe('rank-ranges');
  });
});
