// Counts each demo visitor's searches, and each address's, within a fixed window (DemoLimits.windowMs) that
// starts at the key's first counted search. Kept in memory: a restart gives everyone a fresh allowance,
// which is harmless for a demo, and the per-address rate limit still bounds the load. The map is pruned
// of expired windows as it grows and never holds more than MAX_KEYS keys (the oldest go first).
export const MAX_KEYS = 100_000;

interface Window {
  count: number;
  /** Epoch ms when the window ends. */
  endsAt: number;
}

export class SearchCounter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs: number) {}

  /** Searches counted for `key` in its current window at `nowMs`. */
  used(key: string, nowMs: number): number {
    const w = this.windows.get(key);
    return w === undefined || w.endsAt <= nowMs ? 0 : w.count;
  }

  /** Counts one search for `key` at `nowMs`. */
  add(key: string, nowMs: number): void {
    const w = this.windows.get(key);
    if (w !== undefined && w.endsAt > nowMs) {
      w.count += 1;
      return;
    }
    this.windows.delete(key);
    if (this.windows.size >= MAX_KEYS) this.prune(nowMs);
    this.windows.set(key, { count: 1, endsAt: nowMs + this.windowMs });
  }

  private prune(nowMs: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= nowMs) this.windows.delete(key);
    // Still full: drop the oldest windows (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}
