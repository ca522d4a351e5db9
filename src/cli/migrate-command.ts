// `sightline migrate`: apply pending migrations of both stores (openStores migrates) and exit.
import { loadConfig } from '@server/config';
import { closeStores, openStores } from '@server/app';

export async function runMigrate(): Promise<number> {
  const config = loadConfig();
  const stores = await openStores(config);
  await closeStores(stores);
  console.log(
    `Migrations applied: MetaStore ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}, ` +
      `RankStore DuckDB in ${config.dataDir}.`,
  );
  return 0;
}
