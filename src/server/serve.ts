// Starts Sightline's server side without listening: opens and migrates the stores, builds the app and makes
// sure an administrator exists. The CLI calls serve(), listens, then generates the demo workspace in the
// background when asked, reporting through `demoSetup`.
import type { FastifyInstance } from 'fastify';
import { buildApp, closeStores, openStores } from './app';
import { ensureAdmin, type Print } from './auth/ensure-admin';
import type { Config } from './config';
import type { Stores } from './context';
import { DemoSetup } from './services/demo/demo-setup';
import { recoverImports } from './services/import-uploads';

export interface Served {
  app: FastifyInstance;
  stores: Stores;
  /** The organisation the demo workspace belongs to. */
  adminOrgId: number;
  /** True when this start created the first organisation and administrator. */
  firstStart: boolean;
  /** The demo generation the app reports on and gates its data routes by. */
  demoSetup: DemoSetup;
}

export interface ServeOptions {
  /** Where the first-start sign-in notice goes; stdout by default. */
  print?: Print;
}

/** Opens the stores and builds the app; `app.close()` also closes the stores. */
export async function serve(config: Config, options: ServeOptions = {}): Promise<Served> {
  const stores = await openStores(config);
  try {
    const firstStart = (await stores.meta.counts()).users === 0;
    const demoSetup = new DemoSetup();
    const app = await buildApp({ stores, config, demoSetup });
    app.addHook('onClose', async () => closeStores(stores));
    const adminOrgId = await ensureAdmin(stores, config, app.log, options.print);
    // Imports a killed process left running are marked failed (their staged rows were never published).
    const interrupted = await recoverImports(stores.meta, config.dataDir, new Date());
    if (interrupted > 0)
      app.log.warn({ interrupted }, 'marked imports interrupted by the last stop as failed');
    return { app, stores, adminOrgId, firstStart, demoSetup };
  } catch (error) {
    await closeStores(stores);
    throw error;
  }
}
