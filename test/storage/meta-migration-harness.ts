// One harness for the tests of a MetaStore migration on a store written by earlier migrations: the same
// seed-then-migrate case on SQLite (a temp file) and on PostgreSQL (a fresh database, when
// SIGHTLINE_TEST_POSTGRES_URL is set; the skip prints why).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import type { MetaStore } from '@storage/meta-store';
import { metaMigrations } from '@storage/meta/migrations/index';
import { openPostgresMetaStore } from '@storage/meta/postgres';
import type { MetaDialect } from '@storage/meta/schema';
import { openSqliteMetaStore } from '@storage/meta/sqlite';

/** A migrator over `migrations` with the MetaStore's own bookkeeping tables. */
export function metaMigrator(db: Kysely<unknown>, migrations: Record<string, Migration>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableName: 'meta_migration',
    migrationLockTableName: 'meta_migration_lock',
  });
}

/**
 * Every migration but `skipped` (the one under test), then organisation 1 'Acme' with user 1 ana@acme.test
 * and campaign 1 (project 1, gb-en): what a task or a notification needs to point at.
 */
export async function seedCampaignWithout(
  db: Kysely<unknown>,
  dialect: MetaDialect,
  skipped: string,
  now: string,
): Promise<void> {
  const all = metaMigrations(dialect);
  delete all[skipped];
  const { error } = await metaMigrator(db, all).migrateToLatest();
  if (error !== undefined) throw error;
  await sql`INSERT INTO organisations (name, created_at) VALUES ('Acme', ${now})`.execute(db);
  await sql`INSERT INTO users (organisation_id, email, name, password_hash, disabled, created_at)
    VALUES (1, 'ana@acme.test', 'Ana', 'h', ${dialect === 'postgres' ? sql`false` : sql`0`}, ${now})`.execute(
    db,
  );
  await sql`INSERT INTO projects (organisation_id, name, created_at) VALUES (1, 'P', ${now})`.execute(db);
  await sql`INSERT INTO campaigns (organisation_id, project_id, name, market, created_at)
    VALUES (1, 1, 'C', 'gb-en', ${now})`.execute(db);
}

export interface MigrationCase {
  /** The describe title's subject, e.g. 'migration 0009'. */
  subject: string;
  /** The test's name. */
  name: string;
  /** Writes the store as it was before the migration under test, through raw Kysely. */
  seed: (db: Kysely<unknown>, dialect: MetaDialect) => Promise<void>;
  /** Runs the MetaStore's migrate() on the seeded store and checks what it kept. */
  check: (store: MetaStore) => Promise<void>;
}

async function onSqlite(file: string, c: MigrationCase): Promise<void> {
  const raw = new SqliteDatabase(file);
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
  await c.seed(db, 'sqlite');
  await db.destroy();
  const store = await openSqliteMetaStore(file);
  try {
    await c.check(store);
  } finally {
    await store.close();
  }
}

async function pgAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function onPostgres(url: string, database: string, c: MigrationCase): Promise<void> {
  await pgAdmin(url, `CREATE DATABASE ${database}`);
  const u = new URL(url);
  u.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 2 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await c.seed(db, 'postgres');
  await db.destroy();
  const store = await openPostgresMetaStore(u.toString());
  try {
    await c.check(store);
  } finally {
    await store.close();
  }
}

/** Registers the case on SQLite and, when a PostgreSQL server is configured, on PostgreSQL. */
export function migrationSuites(c: MigrationCase): void {
  describe(`${c.subject} on SQLite`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-mig-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it(c.name, () => onSqlite(join(dir, 'meta.sqlite'), c));
  });

  const pgUrl = process.env.SIGHTLINE_TEST_POSTGRES_URL;
  if (!pgUrl)
    console.warn(`PostgreSQL ${c.subject} test skipped: set SIGHTLINE_TEST_POSTGRES_URL to run it.`);
  describe.skipIf(!pgUrl)(`${c.subject} on PostgreSQL`, () => {
    const database = `sightline_mig_${randomBytes(6).toString('hex')}`;
    afterAll(async () => pgAdmin(pgUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    it(c.name, () => onPostgres(pgUrl!, database, c));
  });
}
