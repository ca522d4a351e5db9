// Opens the embedded MetaStore: one SQLite file through better-sqlite3 (default `data/sightline.sqlite`).
// The caller runs migrate(); this only opens the file and sets the connection pragmas.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { MetaStore } from '../meta-store';
import { KyselyMetaStore } from './kysely-meta-store';
import type { Database } from './schema';

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY, in ms. */
const BUSY_TIMEOUT_MS = 5_000;

export async function openSqliteMetaStore(path: string): Promise<MetaStore> {
  if (path !== ':memory:') await mkdir(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  try {
    // WAL lets readers (e.g. `sightline` CLI commands) run while the server writes; NORMAL sync is safe in WAL
    // mode (a power cut may lose the last commits, never corrupts the file) and spares an fsync per commit.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    // SQLite leaves foreign keys off unless asked, per connection; the schema's cascades depend on them.
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  } catch (e) {
    sqlite.close();
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return new KyselyMetaStore(db, 'sqlite');
}
