// Sends one provider request within its rate limit, retrying what is worth retrying: network errors, time-
// outs, HTTP 408/429/5xx and the provider's own "busy" codes (its descriptor's verdict). Waits between
// attempts grow exponentially with jitter (half fixed, half random, so that many keywords failing at once
// do not retry in step), honour a Retry-After header, and are capped; attempts are bounded. A refusal that
// repetition cannot cure (a wrong key, no credits, a bad parameter) fails at once with the provider's words.
// The API key never appears in a message: any occurrence is masked.
import { setTimeout as delay } from 'node:timers/promises';
import type { RateLimiter } from './rate-limiter';
import type { ProviderRequest, Verdict } from './types';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Wait after the first failure (ms); doubles with each further one. */
  baseDelayMs: number;
  /** Longest wait between attempts (ms), Retry-After included. */
  maxDelayMs: number;
  /** Time allowed for one answer (ms). */
  timeoutMs: number;
}

/** Five attempts, 2 s doubling to at most a minute, a minute per answer: a run survives a few minutes of trouble. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  timeoutMs: 60_000,
};

export interface SendOutcome {
  status: number;
  body: string;
  attempts: number;
}

export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    /** True when the last failure was a retryable one (the attempts ran out). */
    readonly exhausted: boolean,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

export interface SendOptions {
  limiter: RateLimiter;
  policy: RetryPolicy;
  verdict: (status: number, body: string) => Verdict;
  /** Aborts waiting and the request in flight (a server shutting down, a run failing elsewhere). */
  signal?: AbortSignal;
  /** Secrets to mask in messages (the API key). */
  secrets?: readonly string[];
  /** 0 ≤ x < 1; tests pass a fixed one. */
  random?: () => number;
  onRetry?: (attempt: number, waitMs: number, reason: string) => void;
}

function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('••••');
  return out;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before attempt `attempt + 1`: half of min(cap, base·2^(attempt−1)) plus a random half. */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export async function sendWithRetry(request: ProviderRequest, options: SendOptions): Promise<SendOutcome> {
  const { policy, limiter, signal } = options;
  const secrets = options.secrets ?? [];
  const random = options.random ?? Math.random;
  let last = '';
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    signal?.throwIfAborted();
    const release = await limiter.acquire(signal);
    let wait: number | null = null;
    try {
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body = await response.text();
      const v = options.verdict(response.status, body);
      if (v.ok) return { status: response.status, body, attempts: attempt };
      last = mask(v.message, secrets);
      if (!v.retry) throw new ProviderCallError(last, attempt, false);
      wait = retryAfterMs(response.headers.get('retry-after'));
    } catch (error) {
      if (error instanceof ProviderCallError) throw error;
      signal?.throwIfAborted();
      last =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${Math.round(policy.timeoutMs / 1000)} s`
          : `network error: ${mask(describe(error), secrets)}`;
    } finally {
      release();
    }
    if (attempt === policy.maxAttempts) break;
    const backoff = backoffMs(policy, attempt, random);
    const ms = Math.min(policy.maxDelayMs, Math.max(backoff, wait ?? 0));
    options.onRetry?.(attempt, ms, last);
    await delay(ms, undefined, { signal });
  }
  throw new ProviderCallError(
    `${last} (gave up after ${policy.maxAttempts} attempts)`,
    policy.maxAttempts,
    true,
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const inner = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  return inner !== '' && inner !== error.message ? `${error.message} (${inner})` : error.message;
}
