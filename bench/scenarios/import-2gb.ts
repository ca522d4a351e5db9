// Scenario `import-2gb` (issue 3): peak memory of `sightline import` on a ≈2 GB generic SERP CSV
// (import-data.ts: 10,000 keywords × 100 positions × 20 weekly dates = 20,000,000 rows). The CLI runs in a
// child process (bin/sightline.mjs, the installed command) into fresh stores in a temp folder; its peak
// resident memory is the kernel's high-water mark, VmHWM of /proc/<pid>/status, read every 100 ms until it
// exits (the mark only grows, so the last reading is the peak). The bound is 1 GB.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Table } from '../lib/table';
import { serpCsvRows, writeBenchSerpCsv } from './import-data';
import type { SerpCsvShape } from './import-data';
import { loadAverage } from '../lib/machine';
import { yesterday } from './import';

const SHAPE: SerpCsvShape = { keywords: 10_000, dates: 20 };
const LIMIT_BYTES = 1_000_000_000;
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'sightline.mjs');

/** VmHWM of a process in bytes, or null once it has gone. */
export function peakRss(pid: number): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

interface CliRun {
  code: number | null;
  seconds: number;
  peak: number;
  /** VmHWM when the CLI reported the writing phase (the commit), 0 if it never did. */
  peakReading: number;
  output: string;
}

async function runCli(file: string, dataDir: string): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'import', file, '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  let output = '';
  let peak = 0;
  let peakReading = 0;
  const take = (d: Buffer) => {
    output += d.toString();
    // Off a terminal the progress bar prints one line per phase: `writing…` starts the commit.
    if (peakReading === 0 && output.includes('writing'))
      peakReading = Math.max(peak, peakRss(child.pid!) ?? 0);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const timer = setInterval(() => {
    const v = child.pid === undefined ? null : peakRss(child.pid);
    if (v !== null) peak = Math.max(peak, v);
  }, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (c) => resolve(c));
  });
  clearInterval(timer);
  return { code, seconds: (performance.now() - started) / 1000, peak, peakReading, output };
}

export async function import2gbScenario(): Promise<Table> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-import-2gb-'));
  try {
    const file = join(dir, 'serp-2gb.csv');
    const rows = serpCsvRows(SHAPE);
    console.log(`Writing ${rows.toLocaleString('en')} rows to ${file}…`);
    const bytes = await writeBenchSerpCsv(file, SHAPE, yesterday());
    console.log(`Running sightline import on ${(bytes / 1e9).toFixed(2)} GB in a child process…`);
    const loadBefore = loadAverage();
    const run = await runCli(file, join(dir, 'data'));
    if (run.code !== 0)
      throw new Error(`sightline import exited with ${run.code}:\n${run.output.slice(-2000)}`);
    const summary = run.output
      .split('\n')
      .filter((l) => /^\s+(read|written|rejected|duration)\s/u.test(l))
      .map((l) => l.trim().replace(/\s+/gu, ' '));
    const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
    return {
      title: `import-2gb: peak memory of sightline import on a ${(bytes / 1e9).toFixed(2)} GB generic SERP CSV`,
      columns: ['what', 'value'],
      rows: [
        ['file', `${(bytes / 1e9).toFixed(2)} GB, ${rows.toLocaleString('en')} rows`],
        ['peak RSS (VmHWM)', mb(run.peak)],
        ['  of which before the commit (reading and staging)', mb(run.peakReading)],
        ['bound', `${mb(LIMIT_BYTES)}: ${run.peak < LIMIT_BYTES ? 'met' : 'NOT met'}`],
        ['wall clock (child process, incl. start-up)', `${run.seconds.toFixed(1)} s`],
        ...summary.map((l): [string, string] => {
          const [k, ...v] = l.split(' ');
          return [`CLI summary: ${k!}`, v.join(' ')];
        }),
      ],
      notes: [
        'One run (n = 1); VmHWM read every 100 ms from /proc/<pid>/status of the CLI process (DuckDB runs inside it).',
        'Timed on a shared machine: other work running at the same time slows the wall clock, not the memory.',
        `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}.`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
