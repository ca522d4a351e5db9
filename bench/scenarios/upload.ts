// Scenario `upload` (issue 27 item 2): zip bombs sent to a running server while another client keeps asking
// for GET /api/v1/markets. Each case starts `sightline serve --no-demo` (bin/sightline.mjs) in a child
// process on an empty data folder, signs in as the admin, asks for the markets 20 times untimed (warm-up),
// then posts one multipart request and follows the job until it has ended; meanwhile one client sends
// GET /api/v1/markets one after another (a 10 ms pause between answers) over loopback and times each answer. The server's peak resident memory is the kernel's
// high-water mark, VmHWM of /proc/<pid>/status, read when the job has ended (it only grows). Cases: the
// issue's bomb (1,024 MiB of zero bytes in a 1.0 MB zip), three of them in one request, and a zip of CSV rows
// that unpacks past the default 1,024 MB limit (text, so it is read until the limit stops it). Targets:
// median ≤ 100 ms while the upload is processed, peak ≤ 600 MB.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportJobView } from '@contracts/imports';
import { csvRows, repeatedZip, zeros } from '../../test/support/zip-bomb';
import type { RepeatedEntry } from '../../test/support/zip-bomb';
import { loadAverage } from '../lib/machine';
import { ms } from '../lib/stats';
import type { Table } from '../lib/table';
import { freePort } from './first-start';
import { peakRss } from './import-2gb';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ADMIN = { email: 'bench-upload@sightline.local', password: 'bench upload admin password' };
/** Pause between one markets answer and the next request (ms). */
const PAUSE_MS = 10;
/** Untimed markets requests on a fresh server before the timed ones (its first answers compile code). */
const WARMUPS = 20;
/** Longest wait for a server to answer, and for a job to end (ms). */
const DEADLINE_MS = 10 * 60_000;
const TARGET_MEDIAN_MS = 100;
const TARGET_PEAK_MB = 600;

const megabytes = (bytes: number) => Math.round(bytes / 1e6).toLocaleString('en');

interface Server {
  url: string;
  pid: number;
  cookie: string;
  csrf: string;
  stop: () => Promise<void>;
}

/** `sightline serve --no-demo` on an empty data folder, answering and signed in. */
async function startServer(dir: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['bin/sightline.mjs', 'serve', '--no-demo'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      SIGHTLINE_WEB_DIR: join(dir, 'web'),
      SIGHTLINE_ADMIN_EMAIL: ADMIN.email,
      SIGHTLINE_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > DEADLINE_MS) throw new Error(`serve did not answer:\n${output}`);
      const res = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(ADMIN),
      }).catch(() => null);
      if (res?.status === 200) {
        const session = res.headers.getSetCookie().find((c) => c.startsWith('sightline_session='));
        const { csrfToken } = (await res.json()) as { csrfToken: string };
        if (session === undefined) throw new Error('sign-in set no session cookie');
        const cookie = session.split(';')[0]!;
        for (let i = 0; i < WARMUPS; i++)
          await (await fetch(`${url}/api/v1/markets`, { headers: { cookie } })).arrayBuffer();
        return { url, pid: child.pid!, cookie, csrf: csrfToken, stop };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Times GET /api/v1/markets one request after another until `stop` is called; answers' milliseconds. */
function sampleMarkets(server: Server): { stop: () => Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v1/markets`, { headers: { cookie: server.cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/v1/markets answered ${res.status}`);
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

interface CaseResult {
  latencies: number[];
  peakBytes: number;
  seconds: number;
  job: ImportJobView;
}

/** Markets sampled for IDLE_MS on a fresh server without any upload (the reference row). */
const IDLE_MS = 3000;

async function runIdle(): Promise<{ latencies: number[]; peakBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-upload-'));
  const server = await startServer(dir);
  try {
    const sampler = sampleMarkets(server);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const latencies = await sampler.stop();
    return { latencies, peakBytes: peakRss(server.pid) ?? 0 };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One server, one request of `files` while the markets are sampled; the job as it ended. */
async function runCase(files: { name: string; bytes: Buffer }[]): Promise<CaseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-upload-'));
  const server = await startServer(dir);
  try {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
    const sampler = sampleMarkets(server);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/v1/imports`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'x-csrf-token': server.csrf, origin: server.url },
      body: form,
    });
    if (res.status !== 202) throw new Error(`the upload answered ${res.status}: ${await res.text()}`);
    const { id } = (await res.json()) as ImportJobView;
    let job: ImportJobView;
    for (;;) {
      const r = await fetch(`${server.url}/api/v1/imports/${id}`, { headers: { cookie: server.cookie } });
      job = (await r.json()) as ImportJobView;
      if (job.status === 'succeeded' || job.status === 'failed') break;
      if (performance.now() - started > DEADLINE_MS) throw new Error(`import ${id} did not end`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const latencies = await sampler.stop();
    const peakBytes = peakRss(server.pid) ?? 0;
    return { latencies, peakBytes, seconds, job };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function zipOf(entry: RepeatedEntry): Promise<Buffer> {
  console.log(`  upload: making ${entry.name} (${megabytes(entry.block.length * entry.times)} MB unpacked)…`);
  return repeatedZip([entry]);
}

export async function uploadScenario(): Promise<Table> {
  const loadBefore = loadAverage();
  const bomb = await zipOf(zeros('zeros.csv', 1024));
  const rows = await zipOf(csvRows('rows.csv', 1100));
  const cases: { what: string; files: { name: string; bytes: Buffer }[] }[] = [
    {
      what: `1 zip of zeros (${megabytes(bomb.length)} MB → 1,074 MB)`,
      files: [{ name: 'bomb.zip', bytes: bomb }],
    },
    {
      what: `3 such zips in one request`,
      files: ['one.zip', 'two.zip', 'three.zip'].map((name) => ({ name, bytes: bomb })),
    },
    {
      what: `1 zip of CSV rows (${megabytes(rows.length)} MB → ${megabytes(1100 * 1048576)} MB)`,
      files: [{ name: 'rows.zip', bytes: rows }],
    },
  ];
  const idle = await runIdle();
  const idleSorted = [...idle.latencies].sort((a, b) => a - b);
  const out: string[][] = [
    [
      `no upload (${IDLE_MS / 1000} s)`,
      '—',
      '—',
      ms(percentile(idleSorted, 0.5)),
      ms(percentile(idleSorted, 0.99)),
      String(idleSorted.length),
      megabytes(idle.peakBytes),
      '—',
    ],
  ];
  const refusals: string[] = [];
  for (const c of cases) {
    console.log(`  upload: ${c.what} (load ${loadAverage()})…`);
    const r = await runCase(c.files);
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const median = percentile(sorted, 0.5);
    out.push([
      c.what,
      r.job.status,
      r.seconds.toFixed(1),
      ms(median),
      ms(percentile(sorted, 0.99)),
      String(sorted.length),
      megabytes(r.peakBytes),
      median <= TARGET_MEDIAN_MS && r.peakBytes <= TARGET_PEAK_MB * 1e6 ? 'yes' : 'no',
    ]);
    refusals.push(`${c.what}: ${r.job.error ?? '(no error)'} (rows written: ${r.job.rowsWritten})`);
  }
  return {
    title: 'upload: zip bombs refused while GET /api/v1/markets is timed',
    columns: [
      'request',
      'job',
      'to job end s',
      'markets median ms',
      'p99 ms',
      'n',
      'peak RSS MB',
      'on target',
    ],
    rows: out,
    notes: [
      `Targets: markets median ≤ ${TARGET_MEDIAN_MS} ms while the upload is processed, server peak RSS ≤ ` +
        `${TARGET_PEAK_MB} MB (VmHWM of the server process, start-up included). Each case: a fresh ` +
        `\`sightline serve --no-demo\` (embedded stores), ${WARMUPS} untimed GET /api/v1/markets, one ` +
        'multipart POST /api/v1/imports, the job followed to its end; GET /api/v1/markets sent one at a time, ' +
        `${PAUSE_MS} ms after each answer, from the POST to the end of the job.`,
      ...refusals.map((r) => `Refused: ${r}`),
      'No PostgreSQL twin: unpacking and refusing an upload happens before any store is written, so there is ' +
        'no plain-PostgreSQL equivalent to time.',
      `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}. One run per case (n = 1).`,
    ],
  };
}
