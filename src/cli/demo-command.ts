// `sightline demo`: generate the demo workspace into an empty data folder (default ./data). Its size is a
// flag so benchmarks can build large workspaces: --keywords 1000000.
import { loadConfig } from '@server/config';
import { closeStores, openStores } from '@server/app';
import { ensureAdmin } from '@server/auth/ensure-admin';
import { resolve } from 'node:path';
import pino from 'pino';
import { intOption } from './options';
import { seedDemoSearchConsoleRows, seedDemoWithProgress } from './seed-demo';

export interface DemoArgs {
  dataDir: string | undefined;
  keywords: string | undefined;
  weeks: string | undefined;
  seed: string | undefined;
}

export async function runDemo(args: DemoArgs): Promise<number> {
  const base = loadConfig();
  const config = args.dataDir ? { ...base, dataDir: resolve(args.dataDir) } : base;
  const size = {
    keywordsPerMarket: intOption('keywords', args.keywords, 20_000, 100, 5_000_000),
    weeks: intOption('weeks', args.weeks, 26, 2, 104),
    seed: intOption('seed', args.seed, 42, 0, 2 ** 31 - 1),
  };
  const stores = await openStores(config);
  try {
    const { campaigns } = await stores.meta.counts();
    const { keywords } = await stores.rank.counts();
    if (campaigns > 0 || keywords > 0) {
      console.error(
        `The workspace in ${config.dataDir} already holds data (${campaigns} campaigns, ${keywords} keywords). ` +
          'Choose an empty folder with --data-dir, or move that folder away first.',
      );
      return 1;
    }
    const organisationId = await ensureAdmin(stores, config, pino({ level: config.logLevel }));
    await seedDemoWithProgress(stores, organisationId, size);
    await seedDemoSearchConsoleRows(stores, organisationId, size);
    return 0;
  } finally {
    await closeStores(stores);
  }
}
