// Migration 0009 (issue 27) on a store written before markets had owners, on SQLite and on PostgreSQL (when
// SIGHTLINE_TEST_POSTGRES_URL is set): the shared markets go to the instance operator (the first
// organisation) with their bare code as rank key, so its rankings stay where they are; another
// organisation's campaign market becomes a market row of its own with a distinct rank key; new markets
// still get ids after the migration.
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { marketFromCode } from '@core/market';
import type { MetaStore } from '@storage/meta-store';
import { metaMigrations } from '@storage/meta/migrations/index';
import type { MetaDialect } from '@storage/meta/schema';
import { metaMigrator, migrationSuites } from './meta-migration-harness';

const NOW = '2026-01-01T00:00:00.000Z';

/** Writes, at migration 0008, two organisations, the shared markets and a gb-en campaign in each. */
async function seedBeforeOwners(db: Kysely<unknown>, dialect: MetaDialect): Promise<void> {
  const migrator = metaMigrator(db, metaMigrations(dialect));
  const { error } = await migrator.migrateTo('0008-campaign-setup');
  if (error !== undefined) throw error;
  for (const name of ['Sightline', 'Globex']) {
    await sql`INSERT INTO organisations (name, created_at) VALUES (${name}, ${NOW})`.execute(db);
  }
  for (const code of ['gb-en', 'us-en']) {
    const m = marketFromCode(code);
    await sql`INSERT INTO markets (code, country, language, device, engine, name)
      VALUES (${code}, ${m.country}, ${m.language}, ${m.device}, ${m.engine}, ${m.name})`.execute(db);
  }
  for (const org of [1, 2]) {
    await sql`INSERT INTO projects (organisation_id, name, created_at) VALUES (${org}, 'P', ${NOW})`.execute(
      db,
    );
    await sql`INSERT INTO campaigns (organisation_id, project_id, name, market, created_at)
      VALUES (${org}, ${org}, 'C', 'gb-en', ${NOW})`.execute(db);
  }
}

async function expectOwnedMarkets(store: MetaStore): Promise<void> {
  await store.migrate();
  const of = async (org: number) =>
    (await store.listMarkets(org)).map((m) => [m.organisationId, m.code, m.rankKey, m.name]);
  expect(await of(1)).toEqual([
    [1, 'gb-en', 'gb-en', 'United Kingdom (English)'],
    [1, 'us-en', 'us-en', 'United States (English)'],
  ]);
  expect(await of(2)).toEqual([[2, 'gb-en', 'gb-en~o2', 'United Kingdom (English)']]);
  const added = await store.upsertMarket(2, marketFromCode('de-de'), 'de-de~o2');
  expect(added.id).toBeGreaterThan(3);
  // The organisation's own markets only, and a second migrate() changes nothing.
  await store.migrate();
  expect((await store.listMarkets(2)).map((m) => m.code)).toEqual(['de-de', 'gb-en']);
}

migrationSuites({
  subject: 'migration 0009',
  name: 'gives the shared markets to the operator and other organisations markets of their own',
  seed: seedBeforeOwners,
  check: expectOwnedMarkets,
});
