// `npm run bench -- [scenario…] [--keywords N] [--weeks N] [--runs N] [--warmups N] [--twin-runs N]
// [--ve-store DIR]`: runs
// the named scenarios (all when none), prints a table per scenario and writes its section of bench/RESULTS.md
// with the machine's description. The plain-PostgreSQL twins use BENCH_POSTGRES_URL; the server backends
// (PostgreSQL + ClickHouse, a fresh database on each, dropped afterwards) need BENCH_POSTGRES_URL and
// BENCH_CLICKHOUSE_URL (BENCH_CLICKHOUSE_CLUSTER names the cluster); without them those parts are skipped and
// the output says so.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine, machineMarkdown } from './lib/machine';
import { writeResults } from './lib/results';
import { markdownTable, printTable } from './lib/table';
import { buildWorkspace, type DemoSize, type Workspace } from './lib/workspace';
import { SCENARIOS, type BenchOptions } from './scenarios/index';

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return n;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      keywords: { type: 'string' },
      weeks: { type: 'string' },
      runs: { type: 'string' },
      warmups: { type: 'string' },
      'twin-runs': { type: 'string' },
      've-store': { type: 'string' },
    },
  });
  const names = Object.keys(SCENARIOS);
  const unknown = positionals.filter((p) => !(p in SCENARIOS));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${names.join(', ')}`);
  }
  const chosen = positionals.length === 0 ? names : names.filter((s) => positionals.includes(s));
  const size: DemoSize = {
    keywordsPerMarket: positiveInt('keywords', values.keywords, 20_000),
    weeks: positiveInt('weeks', values.weeks, 26),
  };
  const env = (name: string) => process.env[name]?.trim() || undefined;
  let server: Promise<Workspace | null> | null = null;
  const opts: BenchOptions = {
    size,
    runs: positiveInt('runs', values.runs, 15),
    warmups: positiveInt('warmups', values.warmups, 2),
    postgresUrl: env('BENCH_POSTGRES_URL'),
    clickhouseUrl: env('BENCH_CLICKHOUSE_URL'),
    clickhouseCluster: env('BENCH_CLICKHOUSE_CLUSTER'),
    twinRuns: positiveInt('twin-runs', values['twin-runs'], 5),
    veStore: values['ve-store'],
    serverWorkspace: () => {
      const postgresUrl = opts.postgresUrl;
      const clickhouseUrl = opts.clickhouseUrl;
      if (!postgresUrl || !clickhouseUrl) return Promise.resolve(null);
      server ??= (async () => {
        console.log('Building the demo workspace on PostgreSQL + ClickHouse…');
        return buildWorkspace(size, {
          postgresUrl,
          clickhouseUrl,
          clickhouseCluster: opts.clickhouseCluster,
        });
      })();
      return server;
    },
  };
  if (!opts.postgresUrl) console.warn('PostgreSQL comparison skipped: BENCH_POSTGRES_URL is not set.');

  const machine = await describeMachine(opts.postgresUrl, opts.clickhouseUrl);
  const when = new Date().toISOString();
  const sizeText = `${size.keywordsPerMarket.toLocaleString('en')} keywords per market × ${size.weeks} weeks`;
  console.log(`Sightline bench: ${chosen.join(', ')} at ${sizeText}`);
  console.log(`${machine.cpu} × ${machine.cores}, ${machine.memoryGiB} GiB, Node ${machine.node}`);
  console.log(`DuckDB ${machine.duckdb}; PostgreSQL ${machine.postgres}; ClickHouse ${machine.clickhouse}`);

  let ws: Workspace | null = null;
  const sections = new Map<string, string>();
  try {
    for (const name of chosen) {
      const scenario = SCENARIOS[name]!;
      if (scenario.needsWorkspace && ws === null) {
        console.log('Building the demo workspace…');
        ws = await buildWorkspace(size);
      }
      const tables = await scenario.run(ws, opts);
      for (const table of tables) printTable(table);
      const body = tables.map((t) => markdownTable(t)).join('\n\n');
      sections.set(name, [`Run ${when} at ${sizeText}.`, '', body].join('\n'));
    }
  } finally {
    await ws?.close();
    if (server !== null) await (await (server as Promise<Workspace | null>).catch(() => null))?.close();
  }
  const path = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  writeResults(path, machineMarkdown(machine, when), sections);
  console.log(`\nWrote ${path}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
