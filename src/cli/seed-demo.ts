// Generates the demo workspace into opened stores with a progress bar, and prints what it made and how long
// each phase took. Shared by `sightline serve` (first start) and `sightline demo`.
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import type { Stores } from '@server/context';
import { progressBar } from './progress';

export interface DemoSize {
  keywordsPerMarket: number;
  weeks: number;
  seed: number;
}

export async function seedDemoWithProgress(
  stores: Stores,
  organisationId: number,
  size: DemoSize,
): Promise<void> {
  const bar = progressBar();
  const started = performance.now();
  const summary = await seedDemoWorkspace(
    stores,
    { organisationId, ...size, now: new Date().toISOString() },
    (phase, done, total) => bar.update(phase, done, total),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  bar.finish(`Demo workspace ready in ${seconds} s: ${JSON.stringify(summary)}`);
}
