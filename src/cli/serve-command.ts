// `sightline serve`: open the stores, create the first admin and listen; then, on a first start with empty
// stores (or when the last start stopped while generating), generate the demo workspace in the background,
// then its Search Console rows (again when the last start stopped while writing them).
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
/**
 * A file in DATA_DIR that exists while the demo's Search Console rows are being written, after the workspace
 * is ready: a start that finds it writes them again (an import replaces rows of the same key).
 */
const SEARCH_CONSOLE_MARKER = 'demo-search-console';

/** Writes the demo's Search Console rows under their marker; a failure is printed and leaves the marker. */
async function writeSearchConsoleRows(
  stores: Stores,
  organisationId: number,
  marker: string,
  size: DemoSize,
): Promise<void> {
  try {
    await writeFile(marker, `${new Date().toISOString()}\n`);
    await seedDemoSearchConsoleRows(stores, organisationId, size);
    await rm(marker, { force: true });
  } catch (e) {
    console.error(
      `Writing the demo's Search Console rows failed: ${e instanceof Error ? e.message : String(e)}\n` +
        'Restart Sightline to write them again.',
    );
  }
}

/** Generates the demo workspace as `setup`'s job; a failure is printed, and shown by the set-up status. */
async function generateDemo(
  setup: DemoSetup,
  stores: Stores,
  organisationId: number,
  markers: { generating: string; searchConsole: string },
  size: DemoSize,
): Promise<void> {
  const marker = markers.generating;
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
  await writeSearchConsoleRows(stores, organisationId, markers.searchConsole, size);
}

export async function runServe(args: ServeArgs): Promise<number> {
  const config = loadConfig();
  const demoKeywords = intOption('demo-keywords', args.demoKeywords, 20_000, 100, 5_000_000);
  const { app, stores, adminOrgId, demoSetup } = await serve(config);
  const marker = join(config.dataDir, GENERATING_MARKER);
  const searchConsoleMarker = join(config.dataDir, SEARCH_CONSOLE_MARKER);
  const empty = (await stores.meta.counts()).campaigns === 0 && (await stores.rank.counts()).keywords === 0;
  const generate = !args.noDemo && (empty || existsSync(marker));
  const size: DemoSize = { keywordsPerMarket: demoKeywords, weeks: 26, seed: 42 };
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
    void generateDemo(
      demoSetup,
      stores,
      adminOrgId,
      { generating: marker, searchConsole: searchConsoleMarker },
      size,
    );
  } else if (!args.noDemo && existsSync(searchConsoleMarker)) {
    console.log("Writing the demo's Search Console rows again: the last start stopped while writing them.");
    void writeSearchConsoleRows(stores, adminOrgId, searchConsoleMarker, size);
  }
  return 0;
}
