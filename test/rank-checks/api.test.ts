// Rank checks through the API, with the providers' base URLs pointed at the replay server
// (SIGHTLINE_SERP_BASE_URLS): keys are an administrator's and never come back, schedules and runs need
// ROLE_CV, bad input answers 400 naming the field, a run's cost must be accepted first, and "run now"
// fetches from the replay server and lands in the RankStore. The routes appear in /api/openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProvidersResponse, RankChecksResponse, RunView } from '@contracts/rank-checks';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from '../api/helpers';
import { SerpReplayServer } from '../support/serp-replay-server';

const NOW = '2026-03-10T08:00:00.000Z';
const KEY = 'serpapi-secret-key-5678';
const COFFEE = ['coffee', 'latte', 'cortado'];

let replay: SerpReplayServer;
let t: TestApp;
let admin: Client;
let analyst: Client;
let nobody: Client;
let outsider: Client;
let campaignId: number;

beforeAll(async () => {
  replay = await SerpReplayServer.start();
  t = await createTestApp({
    env: { SIGHTLINE_SERP_BASE_URLS: replay.envValue() },
    now: () => new Date(NOW),
  });
  const { meta, rank } = t.stores;
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'admin@acme.test', ['ROLE_ADMIN']);
  await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, acme.id, 'nobody@acme.test', []);
  await seedUser(t.stores, globex.id, 'analyst@globex.test', ['ROLE_CV', 'ROLE_ADMIN']);
  const project = await meta.createProject(acme.id, 'Coffee', NOW);
  campaignId = (
    await meta.createCampaign(
      { organisationId: acme.id, projectId: project.id, name: 'Coffee', market: 'us-en' },
      NOW,
    )
  ).id;
  const ids = await rank.upsertKeywords(
    'us-en',
    COFFEE.map((text) => ({ text, sv: 1000 })),
  );
  await rank.setCampaignKeywords(
    campaignId,
    'us-en',
    [...ids.values()].map((keywordId) => ({ keywordId, tags: [], groups: [] })),
  );
  admin = await Client.signIn(t.app, 'admin@acme.test');
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
  nobody = await Client.signIn(t.app, 'nobody@acme.test');
  outsider = await Client.signIn(t.app, 'analyst@globex.test');
});

afterAll(async () => {
  await t.close();
  await replay.close();
});

const keyUrl = (p: string) => `/api/v1/rank-checks/providers/${p}/key`;
const base = () => `/api/v1/campaigns/${campaignId}/rank-checks`;

async function finished(client: Client, runId: number): Promise<RunView> {
  for (let i = 0; i < 400; i++) {
    const view = (await client.get(base())).json() as RankChecksResponse;
    const run = view.runs.find((r) => r.id === runId);
    if (run && (run.status === 'succeeded' || run.status === 'failed')) return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}

describe('SERP provider keys', () => {
  it('only administrators store keys; others are told which role they need', async () => {
    const res = await analyst.send('PUT', keyUrl('serpapi'), { apiKey: KEY });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toMatch(/ROLE_ADMIN/);
    expect((await nobody.get('/api/v1/rank-checks/providers')).statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const short = await admin.send('PUT', keyUrl('serpapi'), { apiKey: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toMatch(/apiKey: an API key has at least 8 characters/);
    const unknown = await admin.send('PUT', keyUrl('bing'), { apiKey: KEY });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toMatch(/serpapi, dataforseo, valueserp, serper/);
    const dfs = await admin.send('PUT', keyUrl('dataforseo'), { apiKey: 'loginwithoutpassword' });
    expect(dfs.statusCode).toBe(400);
    expect(errorOf(dfs).message).toMatch(/login:password/);
    const noKey = await admin.send('PUT', keyUrl('serper'), { costOverrideUsd: 0.001 });
    expect(noKey.statusCode).toBe(400);
  });

  it('stores a key encrypted and never returns it: administrators see its last four characters', async () => {
    const res = await admin.send('PUT', keyUrl('serpapi'), { apiKey: KEY, costOverrideUsd: 0.01 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(KEY);
    expect(res.json()).toMatchObject({ id: 'serpapi', priceUsd: 0.01, key: { set: true, last4: '5678' } });
    const stored = await t.stores.meta.listProviderCredentials(
      (await t.stores.meta.listOrganisations())[0]!.id,
    );
    expect(stored[0]!.keyCiphertext).not.toContain(KEY);
    for (const client of [admin, analyst]) {
      const list = await client.get('/api/v1/rank-checks/providers');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(KEY);
      const serpapi = (list.json() as ProvidersResponse).items.find((p) => p.id === 'serpapi')!;
      expect(serpapi.key).toMatchObject({ set: true, last4: client === admin ? '5678' : null });
    }
    const other = (await outsider.get('/api/v1/rank-checks/providers')).json() as ProvidersResponse;
    expect(other.items.every((p) => !p.key.set)).toBe(true);
  });

  it('removes a key; removing it again is 404', async () => {
    await admin.send('PUT', keyUrl('serper'), { apiKey: 'serper-key-0000' });
    expect((await admin.send('DELETE', keyUrl('serper'))).statusCode).toBe(204);
    expect((await admin.send('DELETE', keyUrl('serper'))).statusCode).toBe(404);
  });
});

describe('campaign rank checks', () => {
  it('need ROLE_CV and the campaign of your organisation', async () => {
    expect((await admin.get(base())).statusCode).toBe(403);
    expect((await outsider.get(base())).statusCode).toBe(404);
  });

  it('estimate every provider: keywords × price, monthly for daily and weekly', async () => {
    const res = await analyst.get(base());
    expect(res.statusCode).toBe(200);
    const view = res.json() as RankChecksResponse;
    expect(view).toMatchObject({ keywords: 3, market: 'us-en', schedule: null, runs: [] });
    const serpapi = view.estimates.find((e) => e.provider === 'serpapi')!;
    expect(serpapi).toMatchObject({ keySet: true, priceUsd: 0.01, perRunUsd: 0.03, unsupported: null });
    expect(serpapi.monthlyUsd.daily).toBeCloseTo(0.03 * (365.25 / 12), 4);
    expect(serpapi.monthlyUsd.weekly).toBeCloseTo((0.03 * (365.25 / 12)) / 7, 4);
  });

  it('validates a schedule, naming the field', async () => {
    const weekly = await analyst.send('PUT', `${base()}/schedule`, {
      provider: 'serpapi',
      frequency: 'weekly',
      hour: 6,
    });
    expect(weekly.statusCode).toBe(400);
    expect(errorOf(weekly).message).toMatch(/weekday/);
    const hour = await analyst.send('PUT', `${base()}/schedule`, {
      provider: 'serpapi',
      frequency: 'daily',
      hour: 24,
    });
    expect(errorOf(hour).message).toMatch(/hour: an hour from 0 to 23/);
  });

  it('runs only after the estimate is confirmed, then fetches from the provider and writes the results', async () => {
    const saved = await analyst.send('PUT', `${base()}/schedule`, {
      provider: 'serpapi',
      frequency: 'daily',
      hour: 5,
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as RankChecksResponse).schedule).toMatchObject({
      provider: 'serpapi',
      confirmed: false,
      nextRunAt: null,
      perRunUsd: 0.03,
    });
    const early = await analyst.send('POST', `${base()}/runs`, {});
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toMatch(/confirm the estimate/);

    const confirmed = await analyst.send('POST', `${base()}/schedule/confirm`);
    expect(confirmed.statusCode).toBe(200);
    const schedule = (confirmed.json() as RankChecksResponse).schedule!;
    expect(schedule.confirmed).toBe(true);
    expect(schedule.nextRunAt).toMatch(/T05:00:00/);

    const started = await analyst.send('POST', `${base()}/runs`, {});
    expect(started.statusCode).toBe(202);
    const run = await finished(analyst, (started.json() as RunView).id);
    expect(run).toMatchObject({
      status: 'succeeded',
      origin: 'manual',
      keywords: 3,
      requestsDone: 3,
      resultsWritten: 30,
      costUsd: 0.03,
      phase: 'done',
    });
    expect(replay.hits.every((h) => new URL(h.url, 'http://x').searchParams.get('api_key') === KEY)).toBe(
      true,
    );
    expect(await t.stores.rank.counts()).toMatchObject({ serpResults: 30 });
  });

  it('a provider without a key is refused with what to do', async () => {
    const res = await analyst.send('POST', `${base()}/runs`, { provider: 'valueserp', confirm: true });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toMatch(/no ValueSERP API key: an administrator can add it/);
  });

  it('changing the provider asks for a new confirmation; deleting the schedule keeps the history', async () => {
    const changed = await analyst.send('PUT', `${base()}/schedule`, {
      provider: 'dataforseo',
      frequency: 'weekly',
      weekday: 1,
      hour: 3,
    });
    expect((changed.json() as RankChecksResponse).schedule).toMatchObject({ confirmed: false, weekday: 1 });
    expect((await analyst.send('DELETE', `${base()}/schedule`)).statusCode).toBe(204);
    const view = (await analyst.get(base())).json() as RankChecksResponse;
    expect(view.schedule).toBeNull();
    expect(view.runs).toHaveLength(1);
  });

  it('appear in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/v1/rank-checks/providers',
      '/api/v1/rank-checks/providers/{provider}/key',
      '/api/v1/campaigns/{id}/rank-checks',
      '/api/v1/campaigns/{id}/rank-checks/schedule',
      '/api/v1/campaigns/{id}/rank-checks/schedule/confirm',
      '/api/v1/campaigns/{id}/rank-checks/runs',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});
