// A first-come, first-served limit on concurrent work (a counting semaphore). The campaign-visibility reads
// use one per shard: a read holds a slot from its first statement to its last, so the statements of an
// admitted read follow one another without waiting behind other reads' statements (an HTTP session of
// ClickHouse expires when it sits idle too long), and the reads beyond the limit wait here, in arrival order,
// before they open a session at all.

export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) {
      throw new RangeError(`a concurrency limit must be a positive integer, got ${limit}`);
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` once a slot is free; the slot passes to the oldest waiter when the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    // The finishing task hands its slot over directly (running stays the same), so no newcomer can overtake.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running--;
      else next();
    }
  }
}
