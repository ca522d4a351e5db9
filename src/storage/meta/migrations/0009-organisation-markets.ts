// Ninth MetaStore migration (issue 27): a market belongs to an organisation. `markets` is rebuilt (SQLite
// cannot change a primary key) with an id, `organisation_id` and `rank_key`, the RankStore market that
// holds the market's keywords and SERPs; (organisation_id, code) and rank_key are unique. Existing rows go
// to the instance operator's organisation (the lowest id, created at first start) and keep their bare code as
// rank key, so the rankings already stored stay theirs. Another organisation's campaign in a market gets a
// market row of its own with a distinct rank key (`gb-en~o7`): it no longer reads the operator's rankings.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function organisationMarketsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('org_markets')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull().check(sql`device in ('desktop', 'mobile')`))
        .addColumn('engine', 'text', (c) => c.notNull().check(sql`engine in ('google')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rank_key', 'text', (c) => c.notNull().unique())
        .addUniqueConstraint('markets_organisation_id_code_key', ['organisation_id', 'code'])
        .execute();
      const operator = sql`(SELECT min(id) FROM organisations)`;
      await sql`
        INSERT INTO org_markets (organisation_id, code, country, language, device, engine, name, rank_key)
        SELECT ${operator}, code, country, language, device, engine, name, code FROM markets
        WHERE ${operator} IS NOT NULL ORDER BY code`.execute(db);
      await sql`
        INSERT INTO org_markets (organisation_id, code, country, language, device, engine, name, rank_key)
        SELECT DISTINCT c.organisation_id, m.code, m.country, m.language, m.device, m.engine, m.name,
          m.code || '~o' || CAST(c.organisation_id AS TEXT)
        FROM campaigns c JOIN markets m ON m.code = c.market
        WHERE c.organisation_id <> ${operator}`.execute(db);
      await db.schema.dropTable('markets').execute();
      await db.schema.alterTable('org_markets').renameTo('markets').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('shared_markets')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull().check(sql`device in ('desktop', 'mobile')`))
        .addColumn('engine', 'text', (c) => c.notNull().check(sql`engine in ('google')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await sql`
        INSERT INTO shared_markets (code, country, language, device, engine, name)
        SELECT code, country, language, device, engine, name FROM markets WHERE rank_key = code`.execute(db);
      await db.schema.dropTable('markets').execute();
      await db.schema.alterTable('shared_markets').renameTo('markets').execute();
    },
  };
}
