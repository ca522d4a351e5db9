// The campaign's Rank checks panel against a fake server: estimate, schedule, confirmation, run now, history
// and the error state.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CostEstimate, RankCheckProviderId, RankChecksResponse, RunView } from '@contracts/rank-checks';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const campaign = {
  id: 11,
  projectId: 1,
  projectName: 'Retail',
  name: 'UK fashion',
  market: 'gb-en',
  ctrModel: 'default',
  schedule: null,
  trackedDomains: 0,
  createdAt: '2025-03-01T09:00:00Z',
  domains: [],
  domainGroups: [],
  keywords: 200,
  tags: [],
  groups: [],
};

const estimate = (
  provider: RankCheckProviderId,
  label: string,
  price: number,
  keySet: boolean,
  unsupported: string | null = null,
): CostEstimate => ({
  provider,
  label,
  keywords: 200,
  priceUsd: price,
  perRunUsd: Math.round(200 * price * 10_000) / 10_000,
  monthlyUsd: { daily: 200 * price * 30.4375, weekly: (200 * price * 30.4375) / 7 },
  keySet,
  unsupported,
});

const failedRun: RunView = {
  id: 3,
  provider: 'valueserp',
  origin: 'schedule',
  status: 'failed',
  phase: 'done',
  keywords: 200,
  requestsDone: 12,
  requestsFailed: 1,
  attempts: 17,
  resultsWritten: 0,
  rowsRejected: 0,
  estimatedCostUsd: 0.5,
  costUsd: 0.03,
  importJobId: 9,
  error: 'keyword "boots": ValueSERP answered HTTP 401: Invalid API key; nothing was imported',
  lastError: null,
  createdAt: '2025-03-02T06:00:00Z',
  startedAt: '2025-03-02T06:00:00Z',
  finishedAt: '2025-03-02T06:00:40Z',
  durationMs: 40_000,
};

function base(): Record<string, unknown> {
  return {
    'GET /api/v1/me': json(200, meFixture(['ROLE_CV'])),
    'GET /api/v1/projects': json(200, {
      items: [{ id: 1, name: 'Retail', createdAt: '2025-01-01T00:00:00Z' }],
    }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/campaigns/11': json(200, campaign),
  };
}

describe('Rank checks panel', () => {
  it('shows the estimate, saves a schedule, asks for confirmation, and lists the run history', async () => {
    let view: RankChecksResponse = {
      campaignId: 11,
      market: 'gb-en',
      keywords: 200,
      schedule: null,
      estimates: [
        estimate('serpapi', 'SerpApi', 0.015, false),
        estimate('dataforseo', 'DataForSEO', 0.0155, false),
        estimate('valueserp', 'ValueSERP', 0.0025, true),
        estimate('serper', 'Serper', 0.002, true),
      ],
      runs: [failedRun],
    };
    const { requests } = fakeServer({
      ...(base() as Record<string, { status: number; body?: unknown }>),
      'GET /api/v1/campaigns/11/rank-checks': () => json(200, view),
      'PUT /api/v1/campaigns/11/rank-checks/schedule': (req) => {
        const body = req.body as { provider: 'valueserp'; frequency: 'daily'; hour: number };
        view = {
          ...view,
          schedule: {
            provider: body.provider,
            frequency: body.frequency,
            hour: body.hour,
            weekday: null,
            enabled: true,
            confirmed: false,
            confirmedAt: null,
            nextRunAt: null,
            perRunUsd: 0.5,
            monthlyUsd: 15.2188,
            createdAt: '2025-03-05T00:00:00Z',
            updatedAt: '2025-03-05T00:00:00Z',
          },
        };
        return json(200, view);
      },
      'POST /api/v1/campaigns/11/rank-checks/schedule/confirm': () => {
        view = {
          ...view,
          schedule: {
            ...view.schedule!,
            confirmed: true,
            confirmedAt: '2025-03-05T00:00:00Z',
            nextRunAt: '2025-03-06T06:00:00Z',
          },
        };
        return json(200, view);
      },
    });
    renderApp('/campaigns/11');
    await screen.findByRole('heading', { name: 'Rank checks' });
    // ValueSERP is the first provider with a key: 200 keywords × $0.0025 = $0.50 a run, $15.22 a month daily.
    const estimateText = await screen.findByTestId('rank-check-estimate');
    expect(estimateText.textContent).toContain('$0.50 per run');
    expect(estimateText.textContent).toContain('$15.22');
    const history = screen.getByRole('table', { name: 'Rank-check runs' });
    expect(within(history).getByText(/ValueSERP answered HTTP 401/)).toBeTruthy();
    expect(within(history).getByText('12 / 200')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await screen.findByText('Confirm the cost before the first run');
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      provider: 'valueserp',
      frequency: 'daily',
      hour: 6,
      enabled: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm estimate' }));
    await screen.findByText('Confirmed');
    expect(screen.queryByText('Confirm the cost before the first run')).toBeNull();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/schedule/confirm'))).toBe(true);
  });

  it('asks before a run not covered by a confirmed schedule, and shows the server’s refusal', async () => {
    const view: RankChecksResponse = {
      campaignId: 11,
      market: 'gb-en',
      keywords: 200,
      schedule: null,
      estimates: [estimate('serper', 'Serper', 0.002, true)],
      runs: [],
    };
    const { requests } = fakeServer({
      ...(base() as Record<string, { status: number; body?: unknown }>),
      'GET /api/v1/campaigns/11/rank-checks': json(200, view),
      'POST /api/v1/campaigns/11/rank-checks/runs': json(409, {
        error: { code: 'conflict', message: 'campaign 11 has a rank check running: wait for it to end' },
      }),
    });
    renderApp('/campaigns/11');
    expect(await screen.findByText('No runs yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(dialog.textContent).toMatch(/200 keywords with Serper and costs about (US)?\$0\.40 /),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and run' }));
    await screen.findByText('Campaign 11 has a rank check running: wait for it to end.');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ provider: 'serper', confirm: true });
  });

  it('says when the rank checks cannot be loaded', async () => {
    fakeServer({
      ...(base() as Record<string, { status: number; body?: unknown }>),
      'GET /api/v1/campaigns/11/rank-checks': json(500, { error: { code: 'internal', message: 'boom' } }),
    });
    renderApp('/campaigns/11');
    // The campaign page holds other panels (keywords, domains): the rank checks' own alert says so.
    const title = await screen.findByText('Rank checks could not be loaded', {}, { timeout: 10_000 });
    expect(title.closest('[role="alert"]')).not.toBeNull();
  });
});
