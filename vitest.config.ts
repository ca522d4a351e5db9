// Vitest projects: unit tests beside the code, integration tests (API, storage) and end-to-end tests in
// Chromium. One runner for all, so `npm test` reports one result.
import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));
export const aliases = Object.fromEntries(
  ['core', 'contracts', 'storage', 'ingest', 'server', 'web', 'cli'].map((m) => [`@${m}`, src(m)]),
);

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine. The
    // integration files mostly wait on PostgreSQL, ClickHouse, DuckDB's threads and child processes: twelve
    // of the slowest took 218 s with two workers against 475 s with one (same files, load average ≈ 9).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: aliases },
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        resolve: { alias: aliases },
        test: { name: 'web', include: ['src/web/**/*.test.tsx'], environment: 'jsdom', testTimeout: 20_000 },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One demo server and one Chromium for every file (a file may still ask for its own server).
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
