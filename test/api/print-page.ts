// What the report tests share: the web app built once per test file (report generation renders its print
// page in the real Chromium, as `npm start` serves it) and a wait for a generated report to finish.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedReport } from '@contracts/generated-reports';
import type { Client } from './helpers';

/** Builds the web app into a folder of its own (about 10–30 s here) and returns it with its clean-up. */
export function buildPrintPage(name: string): { dir: string; remove: () => void } {
  const dir = join(process.cwd(), 'node_modules', '.cache', `${name}-${process.pid}`);
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], {
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The generated report once it is done or failed, polled every 100 ms for up to 2 min. */
export async function finishedReport(client: Client, id: number): Promise<GeneratedReport> {
  for (let i = 0; i < 1200; i++) {
    const g = (await client.get(`/api/v1/generated-reports/${id}`)).json() as GeneratedReport;
    if (g.status === 'done' || g.status === 'failed') return g;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`generated report ${id} did not finish`);
}
