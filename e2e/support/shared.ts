// What the end-to-end global setup hands every test file (through vitest's provide/inject): the shared demo
// server's address, an administrator session on it, and the stopped server's data folder other servers of
// the same demo size start from.
import type { ServerAddress, ServerOptions } from './server';

/** The server options of the shared server: a file asking for exactly these uses it. */
export const SHARED_SERVER: ServerOptions = { demoKeywords: 1500 };

export interface SharedE2e {
  server: ServerAddress;
  /** A session of the server's first administrator, for creating each file's own administrator. */
  session: { cookie: string; csrfToken: string; roles: string[] };
  /** Data folder (demo workspace and admin) of a stopped server started with `demoKeywords`; read only. */
  template: { demoKeywords: number; dataDir: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the e2e project runs without e2e/support/global-setup.ts. */
    e2eShared?: SharedE2e;
  }
}

/** Whether `opts` asks for the shared server (a demo of the same size, no extra environment). */
export function wantsSharedServer(opts: ServerOptions): boolean {
  return (
    !opts.noDemo &&
    (opts.demoKeywords ?? SHARED_SERVER.demoKeywords) === SHARED_SERVER.demoKeywords &&
    Object.keys(opts.env ?? {}).length === 0
  );
}
