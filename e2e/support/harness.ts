// One demo server and one Chromium per end-to-end file: started before the file's tests, closed after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type ServerOptions } from './server';

export interface E2e {
  readonly server: RunningServer;
  readonly browser: Browser;
}

export function useServerAndBrowser(opts: ServerOptions = { demoKeywords: 1500 }): E2e {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(opts);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
