// The in-process registry of cluster jobs: one job per key (market, snapshot date, minShared), started on
// the first request and run in the background; later requests read its progress or its result. Finished
// results are kept in a small LRU (a market of 100,000 keywords holds some tens of MB of clusters); a
// failure is kept with its message, so polling clients see it instead of starting the same failing work
// again, until FAILURE_KEPT_MS have passed. A newer snapshot is a new key, so it clusters afresh.
import type { ClusterPhase, MarketClusters } from './cluster-market';

/** Finished results kept (least recently used dropped first). */
export const KEPT_RESULTS = 6;
/** How long a failure is reported before a request may start the job again (ms). */
export const FAILURE_KEPT_MS = 60_000;

export type JobState =
  | { status: 'running'; phase: ClusterPhase; progress: number }
  | { status: 'done'; result: MarketClusters }
  | { status: 'failed'; message: string; at: number };

export interface JobKey {
  market: string;
  date: string;
  minShared: number;
}

export type JobRun = (onProgress: (phase: ClusterPhase, progress: number) => void) => Promise<MarketClusters>;

const keyOf = (k: JobKey) => `${k.market}|${k.date}|${k.minShared}`;

export class ClusterJobs {
  /** Insertion order is recency: a read moves the entry to the end. */
  private readonly jobs = new Map<string, JobState>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onError: (error: unknown, key: JobKey) => void = () => {},
  ) {}

  /** The job's state, starting it with `run` when there is none (or only an old failure). */
  get(key: JobKey, run: JobRun): JobState {
    const k = keyOf(key);
    const known = this.jobs.get(k);
    if (known !== undefined && !(known.status === 'failed' && this.now() - known.at >= FAILURE_KEPT_MS)) {
      this.jobs.delete(k);
      this.jobs.set(k, known);
      return known;
    }
    // Updated in place as the job reports, so every reader of the entry sees the latest progress.
    const state: JobState & { status: 'running' } = { status: 'running', phase: 'reading', progress: 0 };
    this.jobs.set(k, state);
    run((phase, progress) => {
      state.phase = phase;
      state.progress = progress;
    }).then(
      (result) => this.settle(k, { status: 'done', result }),
      (error: unknown) => {
        this.onError(error, key);
        const message = error instanceof Error ? error.message : String(error);
        this.settle(k, { status: 'failed', message, at: this.now() });
      },
    );
    return state;
  }

  private settle(k: string, state: JobState): void {
    this.jobs.delete(k);
    this.jobs.set(k, state);
    const finished = [...this.jobs].filter(([, s]) => s.status !== 'running');
    for (const [old] of finished.slice(0, Math.max(0, finished.length - KEPT_RESULTS))) this.jobs.delete(old);
  }

  /** Jobs held (running, done or failed). */
  get size(): number {
    return this.jobs.size;
  }
}
