// `sightline serve`: open the stores, create the first admin, generate the demo workspace on a first start
// with empty stores, then serve the app and API on one port until SIGINT/SIGTERM.
import { loadConfig } from '@server/config';
import { serve } from '@server/serve';
import { intOption } from './options';
import { seedDemoWithProgress } from './seed-demo';

export interface ServeArgs {
  demoKeywords: string | undefined;
  noDemo: boolean;
}

export async function runServe(args: ServeArgs): Promise<number> {
  const config = loadConfig();
  const demoKeywords = intOption('demo-keywords', args.demoKeywords, 20_000, 100, 5_000_000);
  const { app, stores, adminOrgId } = await serve(config);
  const empty = (await stores.meta.counts()).campaigns === 0 && (await stores.rank.counts()).keywords === 0;
  if (empty && !args.noDemo) {
    console.log('Empty workspace: generating the demo workspace (once; later starts reuse it).');
    await seedDemoWithProgress(stores, adminOrgId, { keywordsPerMarket: demoKeywords, weeks: 26, seed: 42 });
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Sightline is serving http://localhost:${config.port}`);
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
