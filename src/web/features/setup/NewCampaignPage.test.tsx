// The New campaign wizard against a fake server: a new project, a market code checked before it is sent, the
// campaign created when the market step is left (the address then carries it), a paste with a bad line and a
// keyword group, your domain and a suggested competitor, the groups step, skipping rank checks and landing on
// campaign visibility; and the server's refusals shown beside their fields.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CampaignDetail } from '@contracts/workspace';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import type { FakeRoute, RecordedRequest } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const market = {
  code: 'gb-en',
  country: 'gb',
  language: 'en',
  device: 'desktop',
  engine: 'google',
  name: 'United Kingdom (English)',
};

function workspace() {
  const projects: { id: number; name: string; createdAt: string }[] = [];
  let campaign: CampaignDetail | null = null;
  const routes: Record<string, FakeRoute> = {
    'GET /api/v1/me': () => json(200, meFixture(['ROLE_CV', 'ROLE_VE'])),
    'GET /api/v1/projects': () => json(200, { items: projects }),
    'GET /api/v1/markets': () => json(200, { items: [market] }),
    'GET /api/v1/setup/limits': () => json(200, { keywordsPerCampaign: 100_000, domainsPerCampaign: 50 }),
    'POST /api/v1/projects': (req) => {
      const p = { id: 5, name: (req.body as { name: string }).name, createdAt: '2026-01-01T00:00:00Z' };
      projects.push(p);
      return json(201, p);
    },
    'POST /api/v1/campaigns': (req) => {
      const body = req.body as { projectId: number; name: string; market: string };
      if (body.name === 'Taken') {
        return json(400, {
          error: {
            code: 'bad_request',
            message: 'invalid body: name: a campaign name has at most 120 characters',
            details: {
              issues: [{ location: 'body', field: 'name', message: 'a campaign name is not valid' }],
            },
          },
        });
      }
      campaign = {
        id: 21,
        projectId: body.projectId,
        projectName: 'Acme',
        name: body.name,
        market: body.market,
        ctrModel: 'default',
        schedule: null,
        trackedDomains: 0,
        createdAt: '2026-01-02T00:00:00Z',
        domains: [],
        domainGroups: [],
        keywords: 0,
        tags: [],
        groups: [],
      };
      return json(201, campaign);
    },
    'GET /api/v1/campaigns/21': () => json(200, campaign),
    'GET /api/v1/campaigns/21/keywords': () => json(200, { items: [], total: campaign?.keywords ?? 0 }),
    'POST /api/v1/campaigns/21/keywords': (req) => {
      const { keywords } = req.body as { keywords: { keyword: string; group?: string }[] };
      campaign = {
        ...campaign!,
        keywords: keywords.length,
        groups: [{ group: 'Running', keywords: keywords.length }],
      };
      return json(200, { added: keywords.length, merged: 0, total: keywords.length });
    },
    'GET /api/v1/markets/gb-en/keywords': () => json(200, { items: [], total: 0 }),
    'GET /api/v1/campaigns/21/competitor-suggestions': () =>
      json(200, {
        date: '2026-01-05',
        items: [{ domain: 'rival.com', keywords: 3, visibilityScore: 1234.5, visibility: 12.5 }],
      }),
    'POST /api/v1/campaigns/21/domains': (req) => {
      const body = req.body as { value: string; own: boolean };
      const d = {
        id: campaign!.domains.length + 1,
        value: body.value,
        label: body.value,
        color: '#1f77b4',
        isOwn: body.own,
      };
      campaign = { ...campaign!, domains: [...campaign!.domains, d] };
      return json(201, d);
    },
    'GET /api/v1/campaigns/21/rank-checks': () =>
      json(200, { campaignId: 21, market: 'gb-en', keywords: 3, schedule: null, estimates: [], runs: [] }),
  };
  return { routes, requests: () => fakeServer(routes).requests };
}

const sent = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url).map((r) => r.body);

describe('New campaign wizard', () => {
  it('creates project and campaign, adds pasted keywords and domains, and lands on campaign visibility', async () => {
    const requests = workspace().requests();
    const { router } = renderApp('/campaigns/new');

    // Step 1: no project yet, so a new one.
    const projectName = await screen.findByLabelText('Name of the new project');
    fireEvent.change(projectName, { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project and continue' }));

    // Step 2: a bad market code is refused before anything is sent.
    const form = await screen.findByRole('form', { name: 'Market and name' });
    const marketField = within(form).getByLabelText('Market');
    fireEvent.change(marketField, { target: { value: 'uk' } });
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Running shoes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign and continue' }));
    expect(await screen.findByText('Expected a market code such as gb-en or us-en-mobile.')).toBeTruthy();
    expect(sent(requests, 'POST', '/api/v1/campaigns')).toEqual([]);
    fireEvent.change(marketField, { target: { value: 'GB-EN' } });
    expect(within(form).getByText('United Kingdom (English)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign and continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?campaign=21&step=2'));
    expect(sent(requests, 'POST', '/api/v1/projects')).toEqual([{ name: 'Acme' }]);
    expect(sent(requests, 'POST', '/api/v1/campaigns')).toEqual([
      { projectId: 5, name: 'Running shoes', market: 'gb-en' },
    ]);

    // Step 3: a paste with volumes, tags, a bad line and a keyword group for the lines without one.
    const paste = await screen.findByRole('textbox', { name: /^Keywords/ });
    fireEvent.change(paste, {
      target: { value: 'Running Shoes\t74,000\tshoes, brand\ntrail shoes\t1200\nbad\tcze.84\nspikes' },
    });
    fireEvent.change(screen.getByLabelText('Keyword group'), {
      target: { value: 'Running' },
    });
    const preview = await screen.findByTestId('paste-preview');
    expect(within(preview).getByText('3 keywords')).toBeTruthy();
    expect(within(preview).getByText(/Line 3: search volume "cze.84" is not a whole number/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add 3 keywords' }));
    expect(await screen.findByText(/It now holds 3/)).toBeTruthy();
    expect(sent(requests, 'POST', '/api/v1/campaigns/21/keywords')).toEqual([
      {
        keywords: [
          { keyword: 'running shoes', searchVolume: 74_000, tags: ['shoes', 'brand'], group: 'Running' },
          { keyword: 'trail shoes', searchVolume: 1200, group: 'Running' },
          { keyword: 'spikes', group: 'Running' },
        ],
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 4: your domain (checked before it is sent), then a competitor from the suggestions.
    const domain = await screen.findByRole('textbox', { name: /^Your domain/ });
    fireEvent.change(domain, { target: { value: 'intranet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add your domain' }));
    expect(await screen.findByText(/intranet has no dot/)).toBeTruthy();
    fireEvent.change(domain, { target: { value: 'myshop.co.uk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add your domain' }));
    await screen.findByRole('button', { name: 'Stop tracking myshop.co.uk' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add rival.com as a competitor' }));
    await screen.findByRole('button', { name: 'Stop tracking rival.com' });
    expect(sent(requests, 'POST', '/api/v1/campaigns/21/domains')).toEqual([
      { value: 'myshop.co.uk', own: true },
      { value: 'rival.com', own: false },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 5: the groups the keywords brought; step 6: rank checks, skipped.
    expect(await screen.findByRole('button', { name: 'Rename keyword group Running' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/21/competitive-analysis/cv'));
  });

  it('keeps the campaign it created when the browser goes back, instead of creating another', async () => {
    const requests = workspace().requests();
    const { router } = renderApp('/campaigns/new');
    fireEvent.change(await screen.findByLabelText('Name of the new project'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project and continue' }));
    const form = await screen.findByRole('form', { name: 'Market and name' });
    fireEvent.change(within(form).getByLabelText('Market'), { target: { value: 'gb-en' } });
    fireEvent.change(within(form).getByLabelText('Campaign name'), { target: { value: 'Shoes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign and continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?campaign=21&step=2'));
    await router.navigate(-1);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const again = await screen.findByRole('form', { name: 'Market and name' });
    expect(within(again).getByLabelText('Campaign name').getAttribute('value')).toBe('Shoes');
    fireEvent.click(within(again).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?campaign=21&step=2'));
    expect(sent(requests, 'POST', '/api/v1/campaigns')).toHaveLength(1);
  });

  it('shows the server’s refusal beside the field it names, and keeps the step', async () => {
    const requests = workspace().requests();
    const { router } = renderApp('/campaigns/new');
    fireEvent.change(await screen.findByLabelText('Name of the new project'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project and continue' }));
    await new Promise((r) => setTimeout(r, 3000));
    console.log(
      'DEBUG',
      document.querySelector('main')?.textContent,
      requests.map((r) => r.method + ' ' + r.url),
    );
    fireEvent.change(
      within(await screen.findByRole('form', { name: 'Market and name' })).getByLabelText('Market'),
      { target: { value: 'gb-en' } },
    );
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign and continue' }));
    expect(await screen.findByText('A campaign name is not valid.')).toBeTruthy();
    expect(screen.getByLabelText('Campaign name').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('?step=1');
    expect(sent(requests, 'POST', '/api/v1/campaigns')).toHaveLength(1);
  });
});
