// Issue 26 item 4: a rank check ends. An unreachable provider fails the run after the first keyword's few
// attempts (the probe), not after one attempt per keyword; a run past its retry budget stops with the last
// error; a run can be cancelled; removing the provider key or the schedule stops the run in flight. Each
// stopped run is recorded failed with why, and nothing of it is written.
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retryBudget } from '@server/services/rank-checks/runner';
import { SerpReplayServer } from '../support/serp-replay-server';
import { lastRun, openHarness, type Harness } from './harness';

const COFFEE = [
  'coffee',
  'iced coffee',
  'cortado',
  'latte',
  'matcha',
  'pumpkin spice latte',
  'oatmilk latte',
];
const SERP_KEY = 'serpapi-key-abcd1234';
/** Long waits between attempts: a run stays in flight until something stops it. */
const SLOW = { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, timeoutMs: 5000 };

let replay: SerpReplayServer;
let h: Harness | null = null;

beforeAll(async () => {
  replay = await SerpReplayServer.start();
});
afterAll(() => replay.close());
afterEach(async () => {
  await h?.close();
  h = null;
  replay.reset();
});

/** A loopback port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function inFlight(t: Harness) {
  await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
  while (replay.hits.length === 0) await new Promise((r) => setTimeout(r, 5));
  const [run] = await t.stores.meta.listRankCheckRuns(t.campaign.id, 1);
  return run!;
}

describe('a rank check always ends', () => {
  it('fails fast with the provider unreachable: the first keyword alone, a few attempts', async () => {
    const port = await closedPort();
    const keywords = Array.from({ length: 300 }, (_, i) => `keyword ${i}`);
    h = await openHarness(replay, {
      market: 'us-en',
      keywords,
      policy: { maxAttempts: 5, baseDelayMs: 40, maxDelayMs: 200, timeoutMs: 5000 },
      baseUrls: { serpapi: `http://127.0.0.1:${port}` },
    });
    await h.service.saveKey(h.auth, 'serpapi', { apiKey: SERP_KEY });
    const t0 = performance.now();
    await h.service.runNow(h.auth, h.campaign.id, { provider: 'serpapi', confirm: true });
    const run = await lastRun(h);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(run).toMatchObject({ status: 'failed', requestsDone: 0, requestsFailed: 1, attempts: 3 });
    expect(run.error).toMatch(/network error/u);
    expect(run.error).toMatch(/gave up after 3 attempts/u);
    expect(await h.stores.rank.counts()).toMatchObject({ serpResults: 0 });
  });

  it('stops a run past its retry budget with the last error', async () => {
    h = await openHarness(replay, { market: 'us-en', keywords: COFFEE });
    // A fast bucket: the run makes some 18 requests.
    await h.service.saveKey(h.auth, 'serpapi', { apiKey: SERP_KEY, requestsPerSecondOverride: 50 });
    // The probe succeeds, then the provider struggles: every answer a 503.
    replay.script('serpapi', ['real', ...Array.from({ length: 40 }, () => ({ status: 503 }))]);
    await h.service.runNow(h.auth, h.campaign.id, { provider: 'serpapi', confirm: true });
    const run = await lastRun(h);
    expect(retryBudget(COFFEE.length)).toBe(10);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(
      /gave up after 11 failed attempts, the retry budget of a run of 7 keywords \(10\)/u,
    );
    expect(run.error).toMatch(/last error: SerpApi answered HTTP 503/u);
    expect(await h.stores.rank.counts()).toMatchObject({ serpResults: 0 });
  });

  it('shows the last failure while a run retries, and can be cancelled', async () => {
    h = await openHarness(replay, { market: 'us-en', keywords: ['coffee'], policy: SLOW });
    await h.service.saveKey(h.auth, 'serpapi', { apiKey: SERP_KEY });
    replay.script('serpapi', [{ status: 503 }]);
    const run = await inFlight(h);
    await expect
      .poll(async () => (await h!.service.campaign(h!.auth, h!.campaign.id)).runs[0]!.lastError)
      .toMatch(/HTTP 503/u);
    await expect(h.service.cancel(h.auth, h.campaign.id, run.id + 1)).rejects.toMatchObject({
      statusCode: 404,
    });
    const t0 = performance.now();
    await h.service.cancel(h.auth, h.campaign.id, run.id);
    expect(performance.now() - t0).toBeLessThan(5000);
    const ended = await lastRun(h);
    expect(ended).toMatchObject({ id: run.id, status: 'failed', resultsWritten: 0 });
    expect(ended.error).toBe('cancelled by analyst@acme.test; nothing was written');
    expect((await h.service.campaign(h.auth, h.campaign.id)).runs[0]!.lastError).toBeNull();
  });

  it('stops when its provider key is removed', async () => {
    h = await openHarness(replay, { market: 'us-en', keywords: ['coffee'], policy: SLOW });
    await h.service.saveKey(h.auth, 'serpapi', { apiKey: SERP_KEY });
    replay.script('serpapi', [{ status: 503 }]);
    await inFlight(h);
    await h.service.deleteKey(h.auth, 'serpapi');
    const ended = await lastRun(h);
    expect(ended.status).toBe('failed');
    expect(ended.error).toBe(
      'stopped: the SerpApi key was removed by analyst@acme.test; nothing was written',
    );
  });

  it('stops when its schedule is deleted', async () => {
    h = await openHarness(replay, { market: 'us-en', keywords: ['coffee'], policy: SLOW });
    await h.service.saveKey(h.auth, 'serpapi', { apiKey: SERP_KEY });
    await h.service.saveSchedule(h.auth, h.campaign.id, {
      provider: 'serpapi',
      frequency: 'daily',
      hour: 6,
      enabled: true,
    });
    await h.service.confirm(h.auth, h.campaign.id);
    replay.script('serpapi', [{ status: 503 }]);
    await inFlight(h);
    await h.service.deleteSchedule(h.auth, h.campaign.id);
    const ended = await lastRun(h);
    expect(ended.status).toBe('failed');
    expect(ended.error).toBe('stopped: the schedule was deleted by analyst@acme.test; nothing was written');
  });
});
