// Timing helpers of the benchmark harness: run an async action after warm-ups and summarise the wall-clock
// times (milliseconds) as median, 95th percentile (nearest rank) and count.
export interface Timing {
  /** Milliseconds. */
  median: number;
  /** Milliseconds, nearest-rank 95th percentile. */
  p95: number;
  n: number;
}

export function summarise(samples: readonly number[]): Timing {
  if (samples.length === 0) throw new Error('no samples to summarise');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
  return { median, p95, n: sorted.length };
}

/** Runs `action` `warmups` times untimed, then `runs` times timed, one after another. */
export async function measure(
  action: () => Promise<unknown>,
  { warmups, runs }: { warmups: number; runs: number },
): Promise<Timing> {
  for (let i = 0; i < warmups; i += 1) await action();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

/** Milliseconds with one decimal below 100, whole above. */
export function ms(value: number): string {
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}
