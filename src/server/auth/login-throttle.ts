// Sign-in throttling (issue 27 item 3): only failed sign-ins count, per client address and email (10 in 15
// minutes) and per client address across emails (30 in 15 minutes, so one address cannot try many accounts),
// and a success clears its address-and-email count. The client address is Fastify's request.ip, which
// follows X-Forwarded-For only as far as the trustProxy setting allows (TRUST_PROXY), so behind a proxy
// every visitor does not share the proxy's address, and a client cannot forge one. Counts live in memory.

/** Failed sign-ins allowed per client address and email within LOGIN_WINDOW_MS. */
export const LOGIN_ATTEMPTS = 10;
/** Failed sign-ins allowed per client address, whatever the emails, within LOGIN_WINDOW_MS. */
export const LOGIN_ATTEMPTS_PER_ADDRESS = 30;
/** Sign-in throttle window: 15 minutes in milliseconds. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Counters kept at most; the oldest go first (a flood of addresses cannot grow memory without bound). */
const MAX_KEYS = 100_000;

interface Count {
  failures: number;
  /** When the first counted failure happened (ms since epoch); the window runs from it. */
  since: number;
}

export interface Blocked {
  /** Seconds until another attempt is allowed. */
  retryAfterSeconds: number;
  /** Whether the address (across emails) or the address-and-email pair hit its limit. */
  scope: 'address' | 'email';
}

export class LoginThrottle {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Null when the attempt may go ahead, else why not and for how long. */
  check(address: string, email: string): Blocked | null {
    for (const [key, max, scope] of this.limits(address, email)) {
      const c = this.live(key);
      if (c !== null && c.failures >= max) {
        return { retryAfterSeconds: Math.ceil((c.since + LOGIN_WINDOW_MS - this.now()) / 1000), scope };
      }
    }
    return null;
  }

  failed(address: string, email: string): void {
    for (const [key] of this.limits(address, email)) {
      const c = this.live(key) ?? { failures: 0, since: this.now() };
      c.failures += 1;
      this.counts.delete(key);
      this.counts.set(key, c);
    }
    while (this.counts.size > MAX_KEYS) this.counts.delete(this.counts.keys().next().value!);
  }

  succeeded(address: string, email: string): void {
    this.counts.delete(this.limits(address, email)[0]![0]);
  }

  private limits(address: string, email: string): [string, number, Blocked['scope']][] {
    return [
      [`e|${address}|${email.trim().toLowerCase()}`, LOGIN_ATTEMPTS, 'email'],
      [`a|${address}`, LOGIN_ATTEMPTS_PER_ADDRESS, 'address'],
    ];
  }

  private live(key: string): Count | null {
    const c = this.counts.get(key);
    if (c === undefined) return null;
    if (this.now() - c.since >= LOGIN_WINDOW_MS) {
      this.counts.delete(key);
      return null;
    }
    return c;
  }
}
