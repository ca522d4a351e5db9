// Scenario `first-start` (issue 25): what `npm start` does on a fresh clone, timed from outside as a user
// sees it, in child processes: `vite build` of the web app (into a temporary folder), then `sightline serve`
// (bin/sightline.mjs) on an empty data folder. Seconds from each command's start to the server's first HTTP
// answer and to the public set-up status saying the demo workspace (`--keywords` per market × 26 weeks, the
// size serve generates) is ready; npm start's figures add the build's. One run (n = 1).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETUP_STATUS_PATH, type SetupStatus } from '@contracts/setup-status';
import { loadAverage } from '../lib/machine';
import type { Table } from '../lib/table';
import type { BenchOptions } from './index';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** How often the server is asked (ms): the figures are good to a tenth of a second. */
const POLL_MS = 100;
/** Longest wait for the demo workspace (ms): 15 minutes, past the 948 s this issue started from. */
const DEADLINE_MS = 15 * 60_000;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Runs `node args…` in the repository to its end; milliseconds taken. */
async function timeNode(args: string[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}:\n${output}`);
  return performance.now() - started;
}

interface Serve {
  firstAnswerMs: number;
  readyMs: number;
  /** The server's own line on the generation ("Demo workspace ready in … s (phases)"). */
  summary: string;
}

/** Starts `sightline serve` on an empty data folder and waits for the set-up status to say ready. */
async function timeServe(dir: string, webDir: string, keywords: number): Promise<Serve> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/sightline.mjs', 'serve', '--demo-keywords', String(keywords)], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      SIGHTLINE_WEB_DIR: webDir,
      SIGHTLINE_ADMIN_PASSWORD: 'bench first-start admin password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    let firstAnswerMs: number | null = null;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > DEADLINE_MS)
        throw new Error(`no ready workspace in time:\n${output}`);
      let status: SetupStatus | null = null;
      try {
        const res = await fetch(`http://127.0.0.1:${port}${SETUP_STATUS_PATH}`);
        firstAnswerMs ??= performance.now() - started;
        status = (await res.json()) as SetupStatus;
      } catch {
        // not listening yet
      }
      if (status?.state === 'failed') throw new Error(`generating the demo failed: ${status.message}`);
      if (status?.state === 'ready' && firstAnswerMs !== null) {
        const summary = /Demo workspace ready[^\n]*\)/u.exec(output)?.[0] ?? '';
        return { firstAnswerMs, readyMs: performance.now() - started, summary };
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

export async function firstStartScenario(opts: BenchOptions): Promise<Table> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-first-start-'));
  const loadBefore = loadAverage();
  try {
    const webDir = join(dir, 'web');
    console.log('  first-start: vite build…');
    const buildMs = await timeNode([
      join('node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      webDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    console.log(`  first-start: sightline serve (load ${loadAverage()})…`);
    const serve = await timeServe(dir, webDir, opts.size.keywordsPerMarket);
    return {
      title: 'first-start: npm start on an empty data folder (vite build, then sightline serve)',
      columns: ['step', 's'],
      rows: [
        ['vite build', seconds(buildMs)],
        ['serve: first HTTP answer', seconds(serve.firstAnswerMs)],
        ['serve: demo workspace ready', seconds(serve.readyMs)],
        ['npm start: first HTTP answer', seconds(buildMs + serve.firstAnswerMs)],
        ['npm start: demo workspace usable', seconds(buildMs + serve.readyMs)],
      ],
      notes: [
        `${opts.size.keywordsPerMarket.toLocaleString('en')} keywords per market × 26 weeks (serve's size); ` +
          `the server printed: ${serve.summary || '(nothing)'}`,
        'Until the workspace is ready the sign-in page and the set-up status answer, and data routes answer ' +
          '503 DEMO_GENERATING.',
        `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}. One run (n = 1).`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
