// The demo's limits, read from the environment once when the app is built and validated with zod, so a bad
// value stops the server with a message naming the variable (like src/server/config.ts, kept apart so the
// server's Config stays as it is): searches per visitor, searches per address, and the window they count in.
import { z } from 'zod';
import { ConfigError } from '../../config';

export interface DemoLimits {
  /** Searches with data a visitor (signed cookie) may run per window: SIGHTLINE_DEMO_SEARCHES, default 3. */
  searchesPerVisitor: number;
  /**
   * Searches with data one address may run per window, whatever cookies it sends (the backstop against a
   * visitor who drops the cookie): SIGHTLINE_DEMO_SEARCHES_PER_ADDRESS, default 30.
   */
  searchesPerAddress: number;
  /** Length of the counting window (ms): SIGHTLINE_DEMO_WINDOW_HOURS, default 24 hours. */
  windowMs: number;
}

const count = (what: string, one: string, fallback: number) =>
  z.coerce
    .number({ message: `expected a number of ${what}` })
    .int(`expected a whole number of ${what}`)
    .min(1, `expected at least 1 ${one}`)
    .max(1_000_000, `expected at most 1,000,000 ${what}`)
    .default(fallback);

const demoEnv = z.object({
  SIGHTLINE_DEMO_SEARCHES: count('searches', 'search', 3),
  SIGHTLINE_DEMO_SEARCHES_PER_ADDRESS: count('searches', 'search', 30),
  SIGHTLINE_DEMO_WINDOW_HOURS: count('hours', 'hour', 24),
});

/** Reads the demo limits from `env`; empty variables count as unset. Throws ConfigError naming bad ones. */
export function loadDemoLimits(env: NodeJS.ProcessEnv = process.env): DemoLimits {
  const present = Object.fromEntries(
    Object.keys(demoEnv.shape)
      .map((k) => [k, env[k]] as const)
      .filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = demoEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    searchesPerVisitor: e.SIGHTLINE_DEMO_SEARCHES,
    searchesPerAddress: e.SIGHTLINE_DEMO_SEARCHES_PER_ADDRESS,
    windowMs: e.SIGHTLINE_DEMO_WINDOW_HOURS * 3_600_000,
  };
}
