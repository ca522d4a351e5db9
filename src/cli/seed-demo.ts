// Generates the demo workspace into opened stores with a progress bar, and prints what it made and how long
// each phase took, then its Search Console rows. Shared by `sightline serve` (first start, in the background)
// and `sightline demo`.
import {
  seedDemoWorkspace,
  type DemoProgress,
  type SeedDemoSummary,
} from '@server/services/demo/seed-demo-workspace';
import { seedDemoSearchConsole } from '@server/services/demo/seed-demo-search-console';
import type { Stores } from '@server/context';
import { progressBar } from './progress';

export interface DemoSize {
  keywordsPerMarket: number;
  weeks: number;
  seed: number;
}

const n = (x: number) => x.toLocaleString('en-GB');

function describe(summary: SeedDemoSummary, seconds: string): string {
  const phases = Object.entries(summary.timings)
    .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
  const projects = summary.projects.map(
    (p) => `  - ${p.name}: campaign ${p.campaignId} "${p.campaign}" (${p.market}, ${n(p.keywords)} keywords)`,
  );
  return [
    `Demo workspace ready in ${seconds} s (${phases}):`,
    `  ${summary.markets.join(', ')}; ${n(summary.keywords)} keywords; ${n(summary.serpResults)} SERP results; ` +
      `weekly snapshots up to ${summary.endDate}`,
    ...projects,
  ].join('\n');
}

export async function seedDemoWithProgress(
  stores: Stores,
  organisationId: number,
  size: DemoSize,
  onProgress?: DemoProgress,
): Promise<SeedDemoSummary> {
  const bar = progressBar();
  const started = performance.now();
  const summary = await seedDemoWorkspace(
    stores,
    { organisationId, ...size, now: new Date().toISOString() },
    (phase, done, total) => {
      bar.update(phase, done, total);
      onProgress?.(phase, done, total);
    },
  );
  bar.finish(describe(summary, ((performance.now() - started) / 1000).toFixed(1)));
  return summary;
}

/**
 * The demo's Search Console rows (seed-demo-search-console.ts), after the workspace: `serve` runs it once the
 * workspace is usable, as it is not needed by the first screens. Prints what it wrote.
 */
export async function seedDemoSearchConsoleRows(
  stores: Stores,
  organisationId: number,
  size: DemoSize,
): Promise<void> {
  const started = performance.now();
  const summary = await seedDemoSearchConsole(stores, organisationId, size.seed, new Date());
  console.log(
    `Demo Search Console rows ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${n(summary.rows)} rows of ${summary.sites.join(', ')}`,
  );
}
