// A provider's rate limit as a token bucket plus a cap on requests in flight. Tokens refill at
// `requestsPerSecond` up to `burst`; each request (retries included) takes one token and one of the
// `concurrency` slots, and gives the slot back when its answer has been read. Waiters are served in arrival
// order. One limiter is shared by every run that uses the same provider account, so two campaigns checked at
// the same hour still stay within the account's limit together.
import { setTimeout as delay } from 'node:timers/promises';
import type { ProviderRateLimit } from './types';

export class RateLimiter {
  private tokens: number;
  private refilledAt: number;
  private inFlight = 0;
  private readonly waiting: { wake: () => void }[] = [];
  /** Token takers queue here so that they are served in order. */
  private tokenQueue: Promise<void> = Promise.resolve();

  constructor(
    readonly limit: ProviderRateLimit,
    /** Milliseconds of a monotonic clock. */
    private readonly clock: () => number = () => performance.now(),
  ) {
    if (!(limit.requestsPerSecond > 0) || !(limit.burst >= 1) || !(limit.concurrency >= 1)) {
      throw new RangeError(
        `a rate limit needs requestsPerSecond > 0, burst ≥ 1 and concurrency ≥ 1 (got ${JSON.stringify(limit)})`,
      );
    }
    this.tokens = limit.burst;
    this.refilledAt = clock();
  }

  /** Waits for a slot and a token; resolves with the function that gives the slot back (call it once). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    await this.slot(signal);
    try {
      await this.token(signal);
    } catch (error) {
      this.free();
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.free();
    };
  }

  /** Requests holding a slot now. */
  get active(): number {
    return this.inFlight;
  }

  private slot(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.inFlight < this.limit.concurrency) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          this.inFlight++;
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private free(): void {
    this.inFlight--;
    const next = this.waiting.shift();
    next?.wake();
  }

  private token(signal?: AbortSignal): Promise<void> {
    const taken = this.tokenQueue.then(() => this.takeToken(signal));
    this.tokenQueue = taken.catch(() => undefined);
    return taken;
  }

  private async takeToken(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock();
      const rate = this.limit.requestsPerSecond / 1000;
      this.tokens = Math.min(this.limit.burst, this.tokens + (now - this.refilledAt) * rate);
      this.refilledAt = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await delay(Math.ceil((1 - this.tokens) / rate), undefined, { signal });
    }
  }
}
