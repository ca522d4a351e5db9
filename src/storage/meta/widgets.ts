// MetaStore queries for the per-user widgets config (migration 0004-user-widgets), on SQLite and PostgreSQL
// alike: one row per user and screen module, the config kept as JSON text that the service validates. The
// table's Kysely type is declared here and added with withTables, so the shared schema file needs no edit.
import type { Kysely } from 'kysely';
import type { UserWidgets } from '../meta-store';
import { instant } from './rows';
import type { Database } from './schema';

interface UserWidgetsTable {
  user_id: number;
  module_name: string;
  config: string;
  updated_at: string;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type WidgetTables = { user_widgets: UserWidgetsTable };

const tables = (db: Kysely<Database>) => db.withTables<WidgetTables>();

export async function getUserWidgets(
  db: Kysely<Database>,
  userId: number,
  moduleName: string,
): Promise<UserWidgets | null> {
  const row = await tables(db)
    .selectFrom('user_widgets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_name', '=', moduleName)
    .executeTakeFirst();
  return row === undefined
    ? null
    : { userId: row.user_id, moduleName: row.module_name, config: row.config, updatedAt: row.updated_at };
}

/** Inserts or replaces the user's config of the module. */
export async function saveUserWidgets(
  db: Kysely<Database>,
  userId: number,
  moduleName: string,
  config: string,
  now: string,
): Promise<UserWidgets> {
  const updatedAt = instant(now);
  await tables(db)
    .insertInto('user_widgets')
    .values({ user_id: userId, module_name: moduleName, config, updated_at: updatedAt })
    .onConflict((oc) => oc.columns(['user_id', 'module_name']).doUpdateSet({ config, updated_at: updatedAt }))
    .execute();
  return { userId, moduleName, config, updatedAt };
}
