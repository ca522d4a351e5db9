// Scenario `load` (issue 7's bench): the API under load — 100 concurrent keep-alive connections for 30 s
// against the campaign domains endpoint of the bench campaign, on a listening app (node:http with a
// keep-alive Agent, one request in flight per connection), on the embedded and the server backends, and the
// same for a plain-PostgreSQL implementation of the same query (load-postgres.ts: the cv scenario's domains
// twin, from 100 pg connections, when BENCH_POSTGRES_URL is set; it needs 100 free connection slots and fails
// first, saying so, without them): requests, requests per second, median and p99 latency, and errors (a
// non-200 answer, a failed request or a timed-out query). No request is cut off: a connection busy at the 30 s
// mark waits for its answer, so the run lasts until the slowest connection's last answer (column `run s`).
// The HTTP client runs in a worker thread of the bench process.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { CV_BASE } from '@contracts/paths';
import { DEFAULT_RANGE_MONTHS, isoDateInZone, subtractMonths } from '@core/date-range';
import { ChServer } from '@storage/rank/clickhouse/client';
import { DEFAULT_CV_READS_PER_SHARD } from '@storage/rank/clickhouse/context';
import { ms } from '../lib/stats';
import type { Table } from '../lib/table';
import { signedInApp, type Workspace } from '../lib/workspace';
import type { BenchOptions } from './index';
import { checkSlotsFirst, LOAD_STATEMENT_TIMEOUT_S, loadPostgresTwin } from './load-postgres';

export const CONNECTIONS = 100;
export const DURATION_MS = 30_000;

export interface LoadResult {
  requests: number;
  errors: number;
  firstError: string | null;
  /** Milliseconds. */
  latencies: number[];
  elapsedMs: number;
}

/** A load run on one backend, with the ClickHouse statements its requests sent (0 on the embedded stores). */
interface BackendLoad extends LoadResult {
  statements: number;
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

/** The endpoint's default range: the 6 months to the workspace's today. */
function rangeOf(ws: Workspace): { start: string; end: string } {
  const end = isoDateInZone(ws.now);
  return { start: subtractMonths(end, DEFAULT_RANGE_MONTHS), end };
}

/** The load on `ws`'s app, and the endpoint's answer (JSON) to the untimed request made first. */
async function loadOn(ws: Workspace): Promise<BackendLoad & { answer: unknown }> {
  const client = await signedInApp(ws);
  try {
    await client.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = client.app.server.address() as AddressInfo;
    const { start, end } = rangeOf(ws);
    const path = `${CV_BASE}/${ws.bench.campaignId}/domains?startDate=${start}&endDate=${end}`;
    const url = new URL(path, `http://127.0.0.1:${port}`);
    const answer: unknown = JSON.parse(await client.get(path));
    process.stdout.write(`  load ${ws.backend}: ${CONNECTIONS} connections for ${DURATION_MS / 1000} s…\n`);
    const before = ChServer.statementsSentByProcess;
    const result = await hammer(url, client.cookie, CONNECTIONS, DURATION_MS);
    return { ...result, answer, statements: ChServer.statementsSentByProcess - before };
  } finally {
    await client.app.close();
  }
}

const TWIN = 'plain PostgreSQL twin';
const median = (r: LoadResult | undefined) =>
  r && r.latencies.length
    ? percentile(
        [...r.latencies].sort((a, b) => a - b),
        0.5,
      )
    : null;

export async function loadScenario(ws: Workspace, opts: BenchOptions): Promise<Table> {
  if (opts.postgresUrl) await checkSlotsFirst(opts.postgresUrl, CONNECTIONS);
  const embedded = await loadOn(ws);
  const results: [string, LoadResult & { statements?: number }][] = [[ws.backend, embedded]];
  const notes: string[] = [];
  const serverWs = await opts.serverWorkspace();
  if (serverWs === null)
    notes.push('Server backends skipped: BENCH_POSTGRES_URL and BENCH_CLICKHOUSE_URL are not both set.');
  else results.push([serverWs.backend, await loadOn(serverWs)]);
  if (!opts.postgresUrl) notes.push('Plain PostgreSQL twin skipped: BENCH_POSTGRES_URL is not set.');
  else {
    const twin = await loadPostgresTwin(
      opts.postgresUrl,
      ws,
      rangeOf(ws),
      embedded.answer,
      CONNECTIONS,
      DURATION_MS,
    );
    notes.push(...twin.notes);
    if (twin.result !== null) {
      results.push([TWIN, twin.result]);
      const pgMedian = median(twin.result);
      const ratios = results
        .filter(([backend]) => backend !== TWIN)
        .map(([backend, r]) => [backend, median(r)] as const);
      notes.push(
        pgMedian === null
          ? `No ratio of medians: none of the plain PostgreSQL twin's ${twin.result.requests} queries answered ` +
              `within the statement_timeout (${LOAD_STATEMENT_TIMEOUT_S} s).`
          : 'Ratio of medians (below 1: Sightline is faster): ' +
              ratios
                .map(([b, m]) => `${b} ÷ plain PostgreSQL ${m === null ? '—' : (m / pgMedian).toFixed(2)}`)
                .join('; ') +
              '.',
      );
    }
  }
  notes.unshift(
    `GET …/domains of the bench campaign (${ws.bench.keywords.toLocaleString('en')} keywords × ${ws.bench.domains.length} ` +
      `domains, default 6-month range) from ${CONNECTIONS} keep-alive connections (node:http Agent), each sending ` +
      `its next request when the last answer ends, for ${DURATION_MS / 1000} s; the client runs in a worker ` +
      'thread of the server’s Node process (its own event loop, the same 2 cores). Latency: request sent to ' +
      'answer read. On ClickHouse, campaign-visibility reads queue per shard in the adapter (at most ' +
      `${DEFAULT_CV_READS_PER_SHARD} at once, cvReadsPerShard), in arrival order. CH statements/request: the ` +
      'ClickHouse statements (HTTP requests, each one round trip) the app sent during the run ÷ its requests.',
  );
  for (const [backend, r] of results) {
    if (r.firstError !== null) notes.push(`${backend}: first error: ${r.firstError}.`);
  }
  return {
    title: `load: ${CONNECTIONS} concurrent connections for ${DURATION_MS / 1000} s on the campaign domains endpoint`,
    columns: [
      'backend',
      'requests',
      'run s',
      'requests/s',
      'median ms',
      'p99 ms',
      'errors',
      'CH statements/request',
    ],
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
        r.statements ? (r.statements / r.requests).toFixed(1) : '—',
      ];
    }),
    notes,
  };
}
