// Rank-check runs end to end against the replay server and real stores: a run fetches every campaign
// keyword and writes them through one import job, readable from the RankStore; a 429 (and a dropped
// connection) are retried after exponential backoff; a permanent refusal fails the run and writes nothing;
// the per-provider rate limit holds, measured by arrival times at the replay server.
import { readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '@ingest/providers/index';
import { SerpReplayServer } from '../support/serp-replay-server';
import { FAST, lastRun, openHarness, type Harness } from './harness';

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

async function harness(keywords = COFFEE, rps?: number) {
  h = await openHarness(replay, { market: 'us-en', keywords });
  await h.service.saveKey(h.auth, 'serpapi', {
    apiKey: SERP_KEY,
    ...(rps !== undefined ? { requestsPerSecondOverride: rps } : {}),
  });
  return h;
}

describe('rank-check runs', () => {
  it('fetches every keyword and writes them in one import, readable from the RankStore', async () => {
    const t = await harness(COFFEE, 1000);
    const queued = await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
    expect(queued).toMatchObject({ status: 'queued', keywords: 7, estimatedCostUsd: 0.105 });
    const run = await lastRun(t);
    expect(run).toMatchObject({
      status: 'succeeded',
      keywords: 7,
      requestsDone: 7,
      requestsFailed: 0,
      attempts: 7,
      resultsWritten: 70,
      error: null,
    });
    expect(run.costUsd).toBeCloseTo(7 * PROVIDERS.serpapi.costPerRequestUsd, 6);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(replay.hits.map((x) => x.keyword).sort()).toEqual([...COFFEE].sort());
    const job = await t.stores.meta.getImportJob(run.importJobId!);
    expect(job).toMatchObject({ status: 'succeeded', campaignId: t.campaign.id, format: 'serpapi' });
    expect(await t.stores.rank.counts()).toMatchObject({ keywords: 7, serpResults: 70, snapshotDates: 1 });
    const snapshot = await t.stores.rank.readSnapshot('us-en', '2025-09-10');
    expect(snapshot).toHaveLength(70);
    expect(new Set(snapshot.map((r) => r.keywordId)).size).toBe(7);
    expect(readdirSync(t.uploadsDir)).toEqual([]);
    expect(job!.files).toHaveLength(7);
  });

  it('retries a 429 and a dropped connection with growing waits, then succeeds', async () => {
    const t = await harness(['coffee']);
    replay.script('serpapi', [{ status: 429 }, 'drop']);
    await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
    const run = await lastRun(t);
    expect(run).toMatchObject({ status: 'succeeded', attempts: 3, requestsDone: 1, resultsWritten: 10 });
    expect(replay.hits.map((x) => x.status)).toEqual([429, 0, 200]);
    // With random() = 0.5 the waits are 3/4 of base·2^(n−1): 30 ms, then 60 ms (measured at the server).
    const [a, b, c] = replay.hits.map((x) => x.at);
    expect(b! - a!).toBeGreaterThanOrEqual(0.75 * FAST.baseDelayMs - 2);
    expect(c! - b!).toBeGreaterThanOrEqual(0.75 * FAST.baseDelayMs * 2 - 2);
  });

  it('a permanent refusal fails the run, names the keyword and writes nothing', async () => {
    const t = await harness(['coffee', 'latte']);
    replay.script('serpapi', [
      { status: 401, body: JSON.stringify({ error: `Invalid API key ${SERP_KEY}` }) },
    ]);
    await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
    const run = await lastRun(t);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/SerpApi answered HTTP 401: Invalid API key/);
    expect(run.error).toMatch(/nothing was imported/);
    expect(run.error).not.toContain(SERP_KEY);
    expect(run.resultsWritten).toBe(0);
    expect(await t.stores.rank.counts()).toMatchObject({ serpResults: 0 });
    const job = await t.stores.meta.getImportJob(run.importJobId!);
    expect(job).toMatchObject({ status: 'failed' });
    expect(readdirSync(t.uploadsDir)).toEqual([]);
  });

  it('gives up after the attempts run out on 5xx, writing nothing', async () => {
    const t = await harness(['coffee']);
    replay.script('serpapi', [{ status: 503 }, { status: 502 }, { status: 500 }]);
    await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
    const run = await lastRun(t);
    expect(run).toMatchObject({ status: 'failed', attempts: 3, requestsFailed: 1 });
    expect(run.error).toMatch(/gave up after 3 attempts/);
    expect(await t.stores.rank.counts()).toMatchObject({ serpResults: 0 });
  });

  it('keeps to the rate limit: requests land no faster than the bucket refills', async () => {
    // 5 requests a second with a burst of 5 (SerpApi's bucket size): after the burst, one every 200 ms.
    const t = await harness(COFFEE, 5);
    await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
    expect((await lastRun(t)).status).toBe('succeeded');
    const at = replay.hits.map((x) => x.at).sort((x, y) => x - y);
    expect(at).toHaveLength(7);
    const burst = PROVIDERS.serpapi.rateLimit.burst;
    // Any window holding burst + k requests spans at least k refill intervals (200 ms). Arrival is measured,
    // not token time: the first requests also open their connections, and the machine is shared, so 25 ms
    // of slack is allowed.
    for (let i = 0; i < at.length; i++)
      for (let j = i + burst; j < at.length; j++)
        expect(at[j]! - at[i]!).toBeGreaterThanOrEqual((j - i - burst + 1) * 200 - 25);
  });

  it('a server stopping mid-run aborts the wait, fails the run and writes nothing', async () => {
    h = await openHarness(replay, {
      market: 'us-en',
      keywords: ['coffee'],
      policy: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, timeoutMs: 5000 },
    });
    await h.service.saveKey(h.auth, 'serpapi', { apiKey: SERP_KEY });
    replay.script('serpapi', [{ status: 503 }]);
    await h.service.runNow(h.auth, h.campaign.id, { provider: 'serpapi', confirm: true });
    while (replay.hits.length === 0) await new Promise((r) => setTimeout(r, 5));
    const t0 = performance.now();
    await h.service.stop();
    expect(performance.now() - t0).toBeLessThan(5000);
    const [run] = await h.stores.meta.listRankCheckRuns(h.campaign.id, 1);
    expect(run).toMatchObject({ status: 'failed', resultsWritten: 0 });
    expect(run!.error).toMatch(/server shut down during the run; nothing was written/);
    expect(await h.stores.rank.counts()).toMatchObject({ serpResults: 0 });
  });

  it('refuses a second run of the same campaign while one is in flight', async () => {
    const t = await harness(['coffee']);
    replay.script('serpapi', [{ status: 429 }]);
    await t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true });
    await expect(
      t.service.runNow(t.auth, t.campaign.id, { provider: 'serpapi', confirm: true }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await lastRun(t)).status).toBe('succeeded');
  });
});
