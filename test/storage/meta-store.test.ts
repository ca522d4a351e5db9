// Runs the MetaStore conformance suite on SQLite (a temp file for this test file) and on PostgreSQL when
// SIGHTLINE_TEST_POSTGRES_URL is set, in a database created for this run and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openPostgresMetaStore } from '@storage/meta/postgres';
import { openSqliteMetaStore } from '@storage/meta/sqlite';
import { metaStoreSuite } from './meta-store.suite';

describe('SQLite MetaStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-meta-'));
  // A missing parent folder: openSqliteMetaStore must create it.
  const file = join(dir, 'data', 'sightline.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  metaStoreSuite('sqlite', () => openSqliteMetaStore(file));
});

const pgUrl = process.env.SIGHTLINE_TEST_POSTGRES_URL;
if (!pgUrl) console.warn('PostgreSQL MetaStore tests skipped: set SIGHTLINE_TEST_POSTGRES_URL to run them.');

describe.skipIf(!pgUrl)('PostgreSQL MetaStore', () => {
  const database = `sightline_meta_${randomBytes(6).toString('hex')}`;
  let url = '';

  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${database}`);
    const u = new URL(pgUrl!);
    u.pathname = `/${database}`;
    url = u.toString();
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });
  metaStoreSuite('postgres', () => openPostgresMetaStore(url));
});
