// `npm run bench -- [scenario…] [--keywords N] [--weeks N] [--runs N] [--warmups N]`: runs the named
// scenarios (all when none), prints a table per scenario and writes its section of bench/RESULTS.md with the
// machine's description. The PostgreSQL comparisons use BENCH_POSTGRES_URL; without it they are skipped and
// the output says so.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine, machineMarkdown } from './lib/machine';
import { writeResults } from './lib/results';
import { markdownTable, printTable, type Table } from './lib/table';
import { buildWorkspace, type DemoSize, type Workspace } from './lib/workspace';
import { cvScenario } from './scenarios/cv';
import { demoTable } from './scenarios/demo';

const SCENARIOS = ['demo', 'cv'] as const;
type Scenario = (typeof SCENARIOS)[number];

const isScenario = (name: string): name is Scenario => (SCENARIOS as readonly string[]).includes(name);

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
    },
  });
  const unknown = positionals.filter((p) => !isScenario(p));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.join(', ')}`);
  }
  const chosen = positionals.length === 0 ? [...SCENARIOS] : SCENARIOS.filter((s) => positionals.includes(s));
  const size: DemoSize = {
    keywordsPerMarket: positiveInt('keywords', values.keywords, 20_000),
    weeks: positiveInt('weeks', values.weeks, 26),
  };
  const runs = positiveInt('runs', values.runs, 15);
  const warmups = positiveInt('warmups', values.warmups, 2);
  const postgresUrl = process.env.BENCH_POSTGRES_URL?.trim() || undefined;
  if (!postgresUrl) console.warn('PostgreSQL comparison skipped: BENCH_POSTGRES_URL is not set.');

  const machine = await describeMachine(postgresUrl);
  const when = new Date().toISOString();
  const sizeText = `${size.keywordsPerMarket.toLocaleString('en')} keywords per market × ${size.weeks} weeks`;
  console.log(`Sightline bench: ${chosen.join(', ')} at ${sizeText}`);
  console.log(`${machine.cpu} × ${machine.cores}, ${machine.memoryGiB} GiB, Node ${machine.node}`);
  console.log(`DuckDB ${machine.duckdb}; PostgreSQL ${machine.postgres}`);

  console.log('Building the demo workspace…');
  const ws: Workspace = await buildWorkspace(size);
  const sections = new Map<string, string>();
  try {
    for (const scenario of chosen) {
      const table: Table =
        scenario === 'demo' ? demoTable(ws) : await cvScenario(ws, { runs, warmups, postgresUrl });
      printTable(table);
      sections.set(scenario, [`Run ${when} at ${sizeText}.`, '', markdownTable(table)].join('\n'));
    }
  } finally {
    await ws.close();
  }
  const path = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  writeResults(path, machineMarkdown(machine, when), sections);
  console.log(`\nWrote ${path}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
