import { describe, expect, it } from 'vitest';
import { ClusterJobs, FAILURE_KEPT_MS, KEPT_RESULTS, type JobRun } from './cluster-jobs';
import type { MarketClusters } from './cluster-market';

const result = (market: string, date: string): MarketClusters => ({
  market,
  date,
  minShared: 3,
  keywords: 0,
  clusters: [],
});

/** A job the test finishes by hand, reporting progress through `report`. */
function controlled() {
  let report: Parameters<JobRun>[0] = () => {};
  let finish: (r: MarketClusters) => void = () => {};
  let fail: (e: Error) => void = () => {};
  let runs = 0;
  const run: JobRun = (onProgress) => {
    runs++;
    report = onProgress;
    return new Promise((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    run,
    report: (p: number) => report('clustering', p),
    finish: (r: MarketClusters) => finish(r),
    fail: (e: Error) => fail(e),
    runs: () => runs,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const key = { market: 'gb-en', date: '2025-03-10', minShared: 3 };

describe('cluster job registry', () => {
  it('runs one job per key, shows its progress, then keeps its result', async () => {
    const jobs = new ClusterJobs();
    const job = controlled();
    expect(jobs.get(key, job.run)).toEqual({ status: 'running', phase: 'reading', progress: 0 });
    job.report(0.5);
    expect(jobs.get(key, job.run)).toEqual({ status: 'running', phase: 'clustering', progress: 0.5 });
    job.finish(result('gb-en', key.date));
    await flush();
    expect(jobs.get(key, job.run)).toEqual({ status: 'done', result: result('gb-en', key.date) });
    expect(job.runs()).toBe(1);
    // A newer snapshot (or another minShared) is another key: a new job.
    expect(jobs.get({ ...key, date: '2025-03-17' }, job.run).status).toBe('running');
    expect(jobs.get({ ...key, minShared: 2 }, job.run).status).toBe('running');
    expect(job.runs()).toBe(3);
  });

  it('keeps a failure with its message, and starts again once it is old', async () => {
    let now = 1_000;
    const seen: unknown[] = [];
    const jobs = new ClusterJobs(
      () => now,
      (e) => seen.push(e),
    );
    const job = controlled();
    jobs.get(key, job.run);
    job.fail(new Error('store closed'));
    await flush();
    expect(jobs.get(key, job.run)).toEqual({ status: 'failed', message: 'store closed', at: 1_000 });
    expect(seen).toHaveLength(1);
    now += FAILURE_KEPT_MS - 1;
    expect(jobs.get(key, job.run).status).toBe('failed');
    now += 1;
    expect(jobs.get(key, job.run).status).toBe('running');
    expect(job.runs()).toBe(2);
  });

  it('keeps the most recently used results only, never dropping a running job', async () => {
    const jobs = new ClusterJobs();
    const running = controlled();
    jobs.get({ ...key, market: 'xx-xx' }, running.run);
    const markets = Array.from({ length: KEPT_RESULTS + 2 }, (_, i) => `m${i}-en`);
    for (const market of markets) {
      jobs.get({ ...key, market }, async () => result(market, key.date));
      await flush();
    }
    // m0 and m1 were dropped when m6 and m7 finished; m2, the oldest kept, is read and so becomes the most
    // recent: the next result drops m3 instead.
    const reader = controlled();
    expect(jobs.get({ ...key, market: 'm2-en' }, reader.run).status).toBe('done');
    jobs.get({ ...key, market: 'z0-en' }, async () => result('z0-en', key.date));
    await flush();
    expect(jobs.size).toBe(KEPT_RESULTS + 1);
    const again = controlled();
    expect(jobs.get({ ...key, market: 'xx-xx' }, again.run).status).toBe('running');
    expect(jobs.get({ ...key, market: 'm2-en' }, again.run).status).toBe('done');
    expect(jobs.get({ ...key, market: 'm4-en' }, again.run).status).toBe('done');
    expect(reader.runs() + again.runs()).toBe(0);
    expect(jobs.get({ ...key, market: 'm3-en' }, again.run).status).toBe('running');
    expect(again.runs()).toBe(1);
  });
});
