// Timing helpers of the benchmark harness: run an async action after warm-ups and summarise the wall-clock
// times (milliseconds) as median, 95th percentile (nearest rank) and count, with the process's CPU time per
// run (every thread: DuckDB's too), which other tenants of a shared machine change less than the wall clock.
export interface Timing {
  /** Milliseconds. */
  median: number;
  /** Milliseconds, nearest-rank 95th percentile. */
  p95: number;
  n: number;
  /** Median CPU milliseconds (user + system, all threads of the process) per run; null when not measured. */
  cpuMedian: number | null;
}

function medianOf(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(samples: readonly number[], cpu: readonly number[] = []): Timing {
  if (samples.length === 0) throw new Error('no samples to summarise');
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
  const cpuMedian = cpu.length === 0 ? null : medianOf([...cpu].sort((a, b) => a - b));
  return { median: medianOf(sorted), p95, n: sorted.length, cpuMedian };
}

/** Runs `action` `warmups` times untimed, then `runs` times timed, one after another. */
export async function measure(
  action: () => Promise<unknown>,
  run: { warmups: number; runs: number },
): Promise<Timing> {
  return (await measureRounds([action], run))[0]!;
}

/**
 * Times several actions in rounds: each is warmed up `warmups` times, then every round runs each once, in
 * turn, `runs` rounds. A slow spell of a shared machine then falls on every action's samples alike, instead
 * of on whichever action was being timed during it.
 */
export async function measureRounds(
  actions: readonly (() => Promise<unknown>)[],
  { warmups, runs }: { warmups: number; runs: number },
): Promise<Timing[]> {
  for (const action of actions) for (let i = 0; i < warmups; i += 1) await action();
  const samples = actions.map((): number[] => []);
  const cpu = actions.map((): number[] => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [a, action] of actions.entries()) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await action();
      samples[a]!.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu[a]!.push((used.user + used.system) / 1000);
    }
  }
  return samples.map((x, a) => summarise(x, cpu[a]));
}

/** Milliseconds with one decimal below 100, whole above. */
export function ms(value: number): string {
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}
