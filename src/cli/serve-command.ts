// `sightline serve`: open the stores, create the first admin and listen; then, on a first start with empty
// stores (or when the last start stopped while generating), generate the demo workspace in the background.
// Sign-in and the set-up status answer at once; data routes answer 503 until the workspace is ready
// (http/setup-gate.ts). Serves until SIGINT/SIGTERM.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '@server/config';
import type { Stores } from '@server/context';
import { serve } from '@server/serve';
import type { DemoSetup } from '@server/services/demo/demo-setup';
import { intOption } from './options';
import { seedDemoSearchConsoleRows, seedDemoWithProgress, type DemoSize } from './seed-demo';

export interface ServeArgs {
  demoKeywords: string | undefined;
  noDemo: boolean;
}

/**
 * A file in DATA_DIR that exists while the demo workspace is being generated: a start that finds it (the
 * last one stopped or failed midway) generates the workspace again, which replaces what the last one wrote.
 */
const GENERATING_MARKER = 'demo-generating';

/** Generates the demo workspace as `setup`'s job; a failure is printed, and shown by the set-up status. */
async function generateDemo(
  setup: DemoSetup,
  stores: Stores,
  organisationId: number,
  marker: string,
  size: DemoSize,
): Promise<void> {
  const error = await setup.run(async (progress) => {
    await writeFile(marker, `${new Date().toISOString()}\n`);
    await seedDemoWithProgress(stores, organisationId, size, progress);
    await rm(marker, { force: true });
  });
  if (error !== null) {
    console.error(
      `Generating the demo workspace failed: ${error.message}\nRestart Sightline to generate it again.`,
    );
    return;
  }
  // After the workspace is marked usable: the rows take seconds the first screens do not need.
  try {
    await seedDemoSearchConsoleRows(stores, organisationId, size);
  } catch (e) {
    console.error(
      `Writing the demo's Search Console rows failed: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

export async function runServe(args: ServeArgs): Promise<number> {
  const config = loadConfig();
  const demoKeywords = intOption('demo-keywords', args.demoKeywords, 20_000, 100, 5_000_000);
  const { app, stores, adminOrgId, demoSetup } = await serve(config);
  const marker = join(config.dataDir, GENERATING_MARKER);
  const empty = (await stores.meta.counts()).campaigns === 0 && (await stores.rank.counts()).keywords === 0;
  const generate = !args.noDemo && (empty || existsSync(marker));
  // Before listening, so that no request finds the workspace half built.
  if (generate) demoSetup.begin();
  await app.listen({ port: config.port, host: config.host });
  console.log(`Sightline is serving http://localhost:${config.port}`);
  const stop = () => {
    // The generation writes its rows in one transaction: exiting leaves none of them, and the marker makes
    // the next start generate again (closing the stores would wait for the generation to end).
    if (demoSetup.status().state === 'generating') {
      console.error('Stopped while generating the demo workspace: the next start generates it again.');
      process.exit(1);
    }
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (generate) {
    console.log(
      'Generating the demo workspace in the background (once; later starts reuse it). Sign in meanwhile: ' +
        'the sign-in page shows its progress.',
    );
    void generateDemo(demoSetup, stores, adminOrgId, marker, {
      keywordsPerMarket: demoKeywords,
      weeks: 26,
      seed: 42,
    });
  }
  return 0;
}
