// Scenario `clusters` (issue 6's bench): keyword clustering of one market snapshot of 100,000 keywords. The
// demo generator writes 100,000 keywords × 1 weekly top-100 SERP into a fresh embedded DuckDB store; each
// timed run is a child process (clusters-child.ts) that reads every keyword's first ten organic URLs and
// volume from the store and clusters them (DESIGN §3: linked when ≥ 3 URLs are shared, soft clusters around
// the highest-volume keyword), and reports its wall-clock time and peak resident memory. With
// BENCH_POSTGRES_URL, a plain-PostgreSQL twin finds the linked pairs with a self-join on the URL and builds
// the same soft clusters from them; its clusters must equal ours before it is timed. With
// BENCH_CLICKHOUSE_URL the same snapshot is generated on ClickHouse and clustered the same way (the child's
// memory is then the clustering's; the server's own is not counted), its clusters checked against ours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CLUSTER_DEPTH, DEFAULT_MIN_SHARED_URLS } from '@core/metrics/clusters';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { runJsonChild } from '../lib/child';
import { generateMarket } from '../lib/demo-market';
import { loadAverage } from '../lib/machine';
import { openBenchClickHouse } from '../lib/server-rank';
import { ms, summarise, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import type { BenchOptions } from './index';
import { loadClusterTwin, twinClusters } from './clusters-postgres';

const KEYWORDS = 100_000;
const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'clusters-child.ts');
/** Issue 6's bounds. */
const LIMIT_MS = 10_000;
const LIMIT_BYTES = 2_000_000_000;

interface ChildAnswer {
  ms: number;
  peakRss: number;
  keywords: number;
  clusters: number;
  multi: number;
  largest: number;
  hubs: string;
}

function runChild(
  engine: 'duckdb' | 'clickhouse',
  store: string,
  market: string,
  date: string,
): Promise<ChildAnswer> {
  return runJsonChild<ChildAnswer>(CHILD, [engine, store, market, date]);
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * The same snapshot generated on ClickHouse and clustered in child processes; adds its row to `rows` and
 * returns its median (null when BENCH_CLICKHOUSE_URL is not set) and a note.
 */
async function clusterOnClickHouse(
  opts: BenchOptions,
  embedded: ChildAnswer,
  timesRun: number,
  rows: string[][],
): Promise<{ median: number | null; note: string }> {
  const server = await openBenchClickHouse(opts.clickhouseUrl, opts.clickhouseCluster);
  if (server === null)
    return { median: null, note: 'Server backend skipped: BENCH_CLICKHOUSE_URL is not set.' };
  try {
    const started = performance.now();
    const market = await generateMarket(server.rank, KEYWORDS, 1, new Date());
    const genS = (performance.now() - started) / 1000;
    const date = (await server.rank.marketSummary(market)).snapshotDates.at(-1)!;
    const store = JSON.stringify(server.options);
    const loadBefore = loadAverage();
    const runs: ChildAnswer[] = [];
    for (let i = 0; i < timesRun; i++) runs.push(await runChild('clickhouse', store, market, date));
    const t = summarise(runs.map((r) => r.ms));
    const peak = Math.max(...runs.map((r) => r.peakRss));
    rows.push([
      `read + cluster (child process), ${server.label}`,
      ms(t.median),
      ms(t.p95),
      String(t.n),
      `${mb(peak)} (client)`,
      t.median <= LIMIT_MS && peak <= LIMIT_BYTES ? 'met' : 'NOT met',
      '—',
    ]);
    const same = runs.every((r) => r.hubs === embedded.hubs);
    return {
      median: t.median,
      note: `${server.label}: the same snapshot generated there in ${genS.toFixed(0)} s; clusters identical to the embedded ones in every run: ${same ? 'yes' : 'NO'}. Peak memory is the child's (the client side); the servers' own is not counted. Load average before: ${loadBefore}.`,
    };
  } finally {
    await server.close();
  }
}

export async function clustersScenario(opts: BenchOptions): Promise<Table> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-clusters-'));
  const file = join(dir, 'rank.duckdb');
  try {
    const rank = await openDuckDbRankStore(file);
    let market: string;
    let date: string;
    try {
      await rank.migrate();
      console.log(`Generating ${KEYWORDS.toLocaleString('en')} keywords × 1 week × top 100…`);
      market = await generateMarket(rank, KEYWORDS, 1, new Date());
      date = (await rank.marketSummary(market)).snapshotDates.at(-1)!;
    } finally {
      await rank.close();
    }
    const timesRun = Math.min(opts.runs, 5);
    const loadBefore = loadAverage();
    const runs: ChildAnswer[] = [];
    for (let i = 0; i < timesRun; i++) runs.push(await runChild('duckdb', file, market, date));
    const loadAfter = loadAverage();
    const t: Timing = summarise(runs.map((r) => r.ms));
    const peak = Math.max(...runs.map((r) => r.peakRss));
    const a = runs[0]!;
    const rows = [
      [
        'read + cluster (child process), embedded DuckDB',
        ms(t.median),
        ms(t.p95),
        String(t.n),
        mb(peak),
        t.median <= LIMIT_MS && peak <= LIMIT_BYTES ? 'met' : 'NOT met',
        '—',
      ],
    ];
    const { median: serverMedian, note: serverNote } = await clusterOnClickHouse(opts, a, timesRun, rows);
    const notes = [
      `Market ${market} at ${date}: ${a.keywords.toLocaleString('en')} keywords with a snapshot, first ${CLUSTER_DEPTH} organic URLs each, linked at ≥ ${DEFAULT_MIN_SHARED_URLS} shared URLs → ${a.clusters.toLocaleString('en')} clusters, ${a.multi.toLocaleString('en')} with more than one keyword, the largest ${a.largest.toLocaleString('en')} keywords. Every run gave the same clusters: ${runs.every((r) => r.hubs === a.hubs) ? 'yes' : 'NO'}.`,
      `Each run is a fresh child process (store opened, then timed: RankStore.readOrganicTop + readKeywords + clusterKeywords); peak memory is the child's VmHWM, the largest of ${runs.length} runs. Issue 6's bounds: ≤ 10 s and ≤ 2 GB.`,
      `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}. Shared 2-core machine.`,
    ];
    notes.push(serverNote);
    if (opts.postgresUrl) {
      const reader = await openDuckDbRankStore(file);
      const client = new pg.Client({ connectionString: opts.postgresUrl });
      await client.connect();
      try {
        const twin = await loadClusterTwin(client, reader, market, date);
        const got = await twinClusters(client);
        const same = got === a.hubs;
        const samples: number[] = [];
        for (let i = 0; i < opts.twinRuns; i++) {
          const started = performance.now();
          await twinClusters(client);
          samples.push(performance.now() - started);
        }
        const tt = summarise(samples);
        rows[0]![6] = `${(t.median / tt.median).toFixed(2)}×`;
        if (serverMedian !== null) rows[1]![6] = `${(serverMedian / tt.median).toFixed(2)}×`;
        rows.push([
          'plain PostgreSQL twin',
          ms(tt.median),
          ms(tt.p95),
          String(tt.n),
          '—',
          '—',
          '1.00× (base)',
        ]);
        notes.push(
          `PostgreSQL twin: ${twin.pairs.toLocaleString('en')} (keyword, URL) rows in an unlogged table with an index on the URL, loaded in ${(twin.loadMs / 1000).toFixed(0)} s (not timed); one self-join query finds the linked keyword pairs, then the soft clusters are built from them in this process (timed together). Same clusters as ours: ${same ? 'yes' : 'NO'}.`,
        );
      } finally {
        await client.end();
        await reader.close();
      }
    } else {
      notes.push('No PostgreSQL twin: BENCH_POSTGRES_URL is not set.');
    }
    return {
      title: `clusters: keyword clustering of ${KEYWORDS.toLocaleString('en')} keywords (top ${CLUSTER_DEPTH} organic)`,
      columns: ['what', 'median ms', 'p95 ms', 'n', 'peak RSS', 'issue 6 bound', 'ours ÷ PostgreSQL'],
      rows,
      notes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
