// Retry timing of provider requests: exponential backoff with jitter and its cap, Retry-After (seconds or
// an HTTP date) honoured and measured at the replay server, and an API key masked in every message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDERS, ProviderCallError, RateLimiter, sendWithRetry } from '@ingest/providers/index';
import { backoffMs, retryAfterMs } from '@ingest/providers/send';
import { SerpReplayServer } from '../support/serp-replay-server';

const POLICY = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 5000, timeoutMs: 5000 };

let replay: SerpReplayServer;
beforeAll(async () => {
  replay = await SerpReplayServer.start();
});
afterAll(() => replay.close());
beforeEach(() => replay.reset());

describe('provider request retries', () => {
  it('waits half the exponential ceiling plus a random half, capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(POLICY, n, () => 0))).toEqual([500, 1000, 2000, 2500]);
    expect([1, 2, 3, 4].map((n) => backoffMs(POLICY, n, () => 0.999999))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Tue, 10 Mar 2026 08:00:05 GMT', Date.parse('2026-03-10T08:00:00Z'))).toBe(5000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it('honours Retry-After over a shorter backoff, and masks the key in the final message', async () => {
    const serpapi = PROVIDERS.serpapi;
    const key = 'secret-key-0000';
    replay.script('serpapi', [{ status: 429, headers: { 'retry-after': '0.15' } }]);
    const request = serpapi.buildRequest('coffee', 'us-en', {
      apiKey: key,
      baseUrl: replay.baseUrl('serpapi'),
    });
    const limiter = new RateLimiter({ requestsPerSecond: 100, burst: 10, concurrency: 2 });
    const fast = { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 1000, timeoutMs: 5000 };
    const ok = await sendWithRetry(request, {
      limiter,
      policy: fast,
      verdict: (s, b) => serpapi.verdict(s, b),
    });
    expect(ok.attempts).toBe(2);
    const [a, b] = replay.hits.map((h) => h.at);
    expect(b! - a!).toBeGreaterThanOrEqual(148);

    replay.script('serpapi', [{ status: 403, body: JSON.stringify({ error: `key ${key} is disabled` }) }]);
    const failed = sendWithRetry(request, {
      limiter,
      policy: fast,
      verdict: (s, b) => serpapi.verdict(s, b),
      secrets: [key],
    });
    await expect(failed).rejects.toBeInstanceOf(ProviderCallError);
    await expect(failed).rejects.toThrow('SerpApi answered HTTP 403: key •••• is disabled');
  });
});
