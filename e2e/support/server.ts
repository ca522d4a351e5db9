// Starts the real `sightline serve` as a child process on a free loopback port with a fresh data folder and
// a small demo workspace, for end-to-end tests; stop() kills it and removes the folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  output: () => string;
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
  /** Extra environment of the server process (e.g. a lower demo search allowance). */
  env?: Record<string, string>;
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-e2e-'));
  const port = await freePort();
  const adminEmail = 'admin@sightline.local';
  const adminPassword = 'e2e-admin-password-0001';
  let out = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/sightline.mjs', 'serve', '--demo-keywords', String(opts.demoKeywords ?? 1500)],
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
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/v1/me`);
      if (res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    adminEmail,
    adminPassword,
    dataDir,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
