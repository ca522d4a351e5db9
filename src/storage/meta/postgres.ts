// Opens the scale-out MetaStore on PostgreSQL (`DATABASE_URL=postgres://…`) through a pg connection pool.
// The caller runs migrate(); this only creates the pool, which connects lazily on the first query.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { MetaStore } from '../meta-store';
import { KyselyMetaStore } from './kysely-meta-store';
import type { Database } from './schema';

/** Connections per process; MetaStore queries are short, so a small pool serves many requests. */
const POOL_SIZE = 10;

export async function openPostgresMetaStore(url: string): Promise<MetaStore> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle client that loses its connection (server restart) emits 'error' on the pool; without a listener
  // Node would crash the process. The pool drops that client and the next query opens a fresh one.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new KyselyMetaStore(db, 'postgres');
}
