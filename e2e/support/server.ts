// Starts the real `sightline serve` as a child process on a free loopback port with a fresh data folder and
// a small demo workspace, for end-to-end tests, and waits until that workspace is ready (a fresh one also
// until its Search Console rows, written after it, are in); stop() kills it and removes the folder. The
// data folder may start as a copy of a stopped server's (its demo workspace and admin
// already there: a start in seconds instead of generating the workspace). The server's output goes to a log
// file beside the data folder too, so a test process other than the one that started it (the shared server
// of e2e/support/global-setup.ts) can still print it when something fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETUP_STATUS_PATH, type SetupStatus } from '@contracts/setup-status';

/** How a test reaches a running server; serialisable, so a global setup can hand it to test files. */
export interface ServerAddress {
  url: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  logFile: string;
}

export interface RunningServer extends ServerAddress {
  output: () => string;
  /** Whether the process has exited (crashed, or stopped). */
  exited: () => boolean;
  /** Ends the process and keeps its folder (e.g. to copy its data). */
  halt: () => Promise<void>;
  /** Ends the process and removes its folder. */
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerOptions {
  demoKeywords?: number;
  /** Start on an empty workspace (`serve --no-demo`): no demo is generated, only the admin is created. */
  noDemo?: boolean;
  /** Extra environment of the server process (e.g. a lower demo search allowance). */
  env?: Record<string, string>;
}

/** The server's log so far, or a note that it cannot be read (folder already removed). */
export function readLog(logFile: string): string {
  try {
    return readFileSync(logFile, 'utf8');
  } catch (e) {
    return `(server log ${logFile} unreadable: ${(e as Error).message})`;
  }
}

/**
 * Resolves once `url` answers and its workspace is ready (the set-up status; the demo workspace is generated
 * after the server listens), or throws with the log, also when generating it failed.
 */
async function waitUntilUp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  // Listening takes a few seconds, generating the e2e demo workspace (1,500 keywords per market) some more:
  // the whole global set-up (two starts, one generation) took 30 s on a busy 2-core machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${readLog(logFile)}`);
    let status: SetupStatus | null = null;
    try {
      const res = await fetch(`${url}${SETUP_STATUS_PATH}`);
      if (res.status === 200) status = (await res.json()) as SetupStatus;
    } catch {
      // not listening yet
    }
    if (status?.state === 'ready') return;
    if (status?.state === 'failed') {
      throw new Error(`generating the demo workspace failed: ${status.message}\n${readLog(logFile)}`);
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${readLog(logFile)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts a server with `opts`; `copyOf` is the data folder of a stopped server started with the same
 * demoKeywords and admin (the defaults here), copied in as its data.
 */
export async function startServer(opts: ServerOptions = {}, copyOf?: string): Promise<RunningServer> {
  const root = mkdtempSync(join(tmpdir(), 'sightline-e2e-'));
  const dataDir = join(root, 'data');
  if (copyOf) cpSync(copyOf, dataDir, { recursive: true });
  else mkdirSync(dataDir);
  const logFile = join(root, 'server.log');
  appendFileSync(logFile, '');
  const port = await freePort();
  const adminEmail = 'admin@sightline.local';
  const adminPassword = 'e2e-admin-password-0001';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'bin/sightline.mjs',
      'serve',
      ...(opts.noDemo ? ['--no-demo'] : ['--demo-keywords', String(opts.demoKeywords ?? 1500)]),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SIGHTLINE_ADMIN_EMAIL: adminEmail,
        SIGHTLINE_ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const log = (d: Buffer) => {
    out += d.toString();
    appendFileSync(logFile, d);
  };
  child.stdout?.on('data', log);
  child.stderr?.on('data', log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, child, logFile);
    // A fresh demo writes its Search Console rows after it is marked ready: a template copied before that
    // would lack them.
    if (!copyOf && !opts.noDemo) {
      const deadline = Date.now() + 120_000;
      while (!/Search Console rows (ready|failed)/u.test(out)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`the demo's Search Console rows were not written:\n${readLog(logFile)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } catch (e) {
    child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    // A server that does not finish within 10 s of SIGTERM is killed outright.
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };
  return {
    url,
    adminEmail,
    adminPassword,
    dataDir,
    logFile,
    output: () => out,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    halt,
    stop: async () => {
      await halt();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
