// The server and Chromium of an end-to-end file. By default a file uses the run's shared demo server
// (e2e/support/global-setup.ts) and signs in as an administrator of its own, created for the file with the
// first administrator's roles (sign-in attempts are rate limited per address and email, so files sharing one
// account would run out); a file asking for other server options (size, environment) gets a server of its
// own, started before its tests (on a copy of the shared server's workspace when the demo size is the same)
// and stopped after them. Each file launches its own Chromium, closed after its tests. A file on the shared
// server sees what earlier files left there (users, share links, cached clusters): one that needs a pristine
// server passes other options.
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser';
import { readLog, startServer, type ServerAddress, type ServerOptions } from './server';
import { SHARED_SERVER, wantsSharedServer, type SharedE2e } from './shared';

export interface E2e {
  readonly server: ServerAddress & { output: () => string };
  readonly browser: Browser;
}

/** Creates an administrator for this file through an invitation from the shared session. */
async function fileAdministrator(shared: SharedE2e): Promise<{ email: string; password: string }> {
  const { url } = shared.server;
  const file = basename(expect.getState().testPath ?? 'e2e', '.test.ts').replace(/[^a-z0-9-]/gi, '-');
  const email = `e2e-${file}-${randomBytes(3).toString('hex')}@sightline.local`.toLowerCase();
  const password = `e2e-${randomBytes(12).toString('hex')}`;
  const fail = (what: string): never => {
    throw new Error(`${what}\nshared server log:\n${readLog(shared.server.logFile)}`);
  };
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    try {
      return await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, ...headers },
        body: JSON.stringify(body),
      });
    } catch (e) {
      return fail(`POST ${path} failed (is the shared server down?): ${(e as Error).message}`);
    }
  };
  const invite = await post(
    '/api/v1/admin/invitations',
    { email, roles: shared.session.roles },
    { cookie: shared.session.cookie, 'x-csrf-token': shared.session.csrfToken },
  );
  if (invite.status !== 201)
    fail(`inviting the file's administrator: ${invite.status} ${await invite.text()}`);
  // Without PUBLIC_URL the invite link is a path.
  const token = ((await invite.json()) as { inviteUrl: string }).inviteUrl.split('/').pop();
  const accept = await post('/auth/invitations/accept', { token, name: `E2E ${file}`, password });
  if (accept.status !== 200) fail(`accepting the invitation: ${accept.status} ${await accept.text()}`);
  return { email, password };
}

export function useServerAndBrowser(opts: ServerOptions = SHARED_SERVER): E2e {
  const shared = inject('e2eShared');
  let server: E2e['server'] | undefined;
  let browser: Browser | undefined;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (shared && wantsSharedServer(opts)) {
      const admin = await fileAdministrator(shared);
      const { logFile } = shared.server;
      server = {
        ...shared.server,
        adminEmail: admin.email,
        adminPassword: admin.password,
        output: () => readLog(logFile),
      };
    } else {
      const sameDemo =
        shared &&
        !opts.noDemo &&
        (opts.demoKeywords ?? SHARED_SERVER.demoKeywords) === shared.template.demoKeywords;
      const own = await startServer(opts, sameDemo ? shared.template.dataDir : undefined);
      server = own;
      stop = own.stop;
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the ${what} has not started (beforeAll failed?)`);
    return v;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * A new browser context (viewport, downloads: `options`) with a page signed in as the file's administrator;
 * `errors` collects the page's uncaught errors, which a test expects to stay empty.
 */
export async function signedInPage(
  e2e: E2e,
  options: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e2e.browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { url, adminEmail, adminPassword } = e2e.server;
  await signIn(page, url, adminEmail, adminPassword);
  return { context, page, errors };
}
