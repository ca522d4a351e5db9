// Scenario `load` (issue 7's bench): the API under load — 100 concurrent keep-alive connections for 30 s
// against the campaign domains endpoint of the bench campaign, on a listening app (node:http with a
// keep-alive Agent, one request in flight per connection), on the embedded and the server backends: requests,
// requests per second, median and p99 latency, and errors (a non-200 answer or a failed request; must be 0).
// No request is cut off: a connection busy at the 30 s mark waits for its answer, so the run lasts until the
// slowest connection's last answer (column `run s`). The client runs in a worker thread of the bench process.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { CV_BASE } from '@contracts/campaign-visibility';
import { DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { DEFAULT_CV_READS_PER_SHARD } from '@storage/rank/clickhouse/context';
import { ms } from '../lib/stats';
import type { Table } from '../lib/table';
import { signedInApp, type Workspace } from '../lib/workspace';
import type { BenchOptions } from './index';

export const CONNECTIONS = 100;
export const DURATION_MS = 30_000;

interface LoadResult {
  requests: number;
  errors: number;
  firstError: string | null;
  /** Milliseconds. */
  latencies: number[];
  elapsedMs: number;
}

/** Nearest-rank percentile of ascending samples (milliseconds). */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * The client, run in a worker thread so that it does not share the server's event loop: plain JavaScript
 * (workerData: url, cookie, connections, durationMs), posting back a LoadResult.
 */
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData: w } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: w.connections });
const latencies = [];
let errors = 0;
let firstError = null;
const get = () => new Promise((resolve, reject) => {
  const req = http.get(w.url, { agent, headers: { cookie: w.cookie } }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
    res.on('error', reject);
  });
  req.on('error', reject);
});
const started = performance.now();
const until = started + w.durationMs;
async function worker() {
  while (performance.now() < until) {
    const t0 = performance.now();
    try {
      const status = await get();
      if (status === 200) latencies.push(performance.now() - t0);
      else { errors += 1; firstError = firstError ?? 'HTTP ' + status; }
    } catch (error) {
      errors += 1;
      firstError = firstError ?? String(error && error.message);
    }
  }
}
Promise.all(Array.from({ length: w.connections }, worker)).then(() => {
  agent.destroy();
  parentPort.postMessage({ requests: latencies.length + errors, errors, firstError, latencies,
    elapsedMs: performance.now() - started });
});
`;

function hammer(url: URL, cookie: string, connections: number, durationMs: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { url: url.toString(), cookie, connections, durationMs },
    });
    worker.once('message', (r: LoadResult) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function loadOn(ws: Workspace): Promise<LoadResult & { url: string }> {
  const client = await signedInApp(ws);
  try {
    await client.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = client.app.server.address() as AddressInfo;
    const end = isoDateInZone(ws.now);
    const path =
      `${CV_BASE}/${ws.bench.campaignId}/domains?startDate=${subtractMonths(end, DEFAULT_RANGE_MONTHS)}` +
      `&endDate=${end}`;
    const url = new URL(path, `http://127.0.0.1:${port}`);
    await client.get(path);
    process.stdout.write(`  load ${ws.backend}: ${CONNECTIONS} connections for ${DURATION_MS / 1000} s…\n`);
    return { ...(await hammer(url, client.cookie, CONNECTIONS, DURATION_MS)), url: path };
  } finally {
    await client.app.close();
  }
}

export async function loadScenario(ws: Workspace, opts: BenchOptions): Promise<Table> {
  const results: [string, LoadResult][] = [[ws.backend, await loadOn(ws)]];
  const notes: string[] = [];
  const serverWs = await opts.serverWorkspace();
  if (serverWs === null)
    notes.push('Server backends skipped: BENCH_POSTGRES_URL and BENCH_CLICKHOUSE_URL are not both set.');
  else results.push([serverWs.backend, await loadOn(serverWs)]);
  notes.unshift(
    `GET …/domains of the bench campaign (${ws.bench.keywords.toLocaleString('en')} keywords × ${ws.bench.domains.length} ` +
      `domains, default 6-month range) from ${CONNECTIONS} keep-alive connections (node:http Agent), each sending ` +
      `its next request when the last answer ends, for ${DURATION_MS / 1000} s; the client runs in a worker ` +
      'thread of the server’s Node process (its own event loop, the same 2 cores). Latency: request sent to ' +
      'answer read. On ClickHouse, campaign-visibility reads queue per shard in the adapter (at most ' +
      `${DEFAULT_CV_READS_PER_SHARD} at once, cvReadsPerShard), in arrival order.`,
  );
  notes.push(
    'Plain PostgreSQL is not put under this load: the same domains query on plain PostgreSQL tables (scenario ' +
      'cv, row domains, PostgreSQL column) takes tens of seconds for one request alone, so 100 connections at ' +
      'once on 2 cores would answer none within the 30 s; the cv scenario gives its one-at-a-time figure.',
  );
  for (const [backend, r] of results) {
    if (r.firstError !== null) notes.push(`${backend}: first error: ${r.firstError}.`);
  }
  return {
    title: `load: ${CONNECTIONS} concurrent connections for ${DURATION_MS / 1000} s on the campaign domains endpoint`,
    columns: ['backend', 'requests', 'run s', 'requests/s', 'median ms', 'p99 ms', 'errors'],
    rows: results.map(([backend, r]) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      return [
        backend,
        String(r.requests),
        (r.elapsedMs / 1000).toFixed(0),
        (r.requests / (r.elapsedMs / 1000)).toFixed(1),
        sorted.length ? ms(percentile(sorted, 0.5)) : '—',
        sorted.length ? ms(percentile(sorted, 0.99)) : '—',
        String(r.errors),
      ];
    }),
    notes,
  };
}
