// Vitest global setup of the e2e project: one demo server for every end-to-end file, started before the
// first file and stopped after the last (starting one, mostly generating its demo workspace, took 20–25 s per
// file). The workspace is generated once by a first server that is then stopped: the shared server runs on a
// copy of its data folder, and a file that needs a server of its own with the same demo size (another
// environment) starts one on another copy in seconds. Each file signs in as its own administrator
// (e2e/support/harness.ts), so sign-in rate limits and sessions stay per file. Chromium is not shared:
// launching it takes about 0.7 s, less than connecting to a shared one over CDP (0.9 s), and a browser reached
// through `chromium.connect` cannot hand tests a download's local path.
import type { TestProject } from 'vitest/node';
import { readLog, startServer, type RunningServer } from './server';
import { SHARED_SERVER } from './shared';

let template: RunningServer | undefined;
let server: RunningServer | undefined;

/** Signs in as the first administrator through the API: its session cookie, CSRF token and roles. */
async function adminSession(s: RunningServer) {
  const res = await fetch(`${s.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify({ email: s.adminEmail, password: s.adminPassword }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  const me = (await res.json()) as { csrfToken: string; user: { roles: string[] } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { cookie, csrfToken: me.csrfToken, roles: me.user.roles };
}

export async function setup(project: TestProject): Promise<void> {
  try {
    template = await startServer(SHARED_SERVER);
    await template.halt();
    server = await startServer(SHARED_SERVER, template.dataDir);
    const { url, adminEmail, adminPassword, dataDir, logFile } = server;
    project.provide('e2eShared', {
      server: { url, adminEmail, adminPassword, dataDir, logFile },
      session: await adminSession(server),
      template: { demoKeywords: SHARED_SERVER.demoKeywords!, dataDir: template.dataDir },
    });
  } catch (e) {
    await teardown();
    throw e;
  }
}

export async function teardown(): Promise<void> {
  if (server?.exited()) {
    console.error(`the shared e2e server exited before the end of the run:\n${readLog(server.logFile)}`);
  }
  await Promise.allSettled([server?.stop(), template?.stop()]);
  server = undefined;
  template = undefined;
}
