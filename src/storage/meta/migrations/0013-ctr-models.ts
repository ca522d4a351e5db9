// Thirteenth MetaStore migration (issue 30 item 5): an organisation's CTR models (fitted from Search Console
// rows, or typed in) with their 100 values and, when fitted, the observed buckets and the fit's settings, all
// JSON text; and each site's brand terms. Deleting the organisation deletes both.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function ctrModelsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ctr_models')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('fitted', 'custom')`))
        .addColumn('ctr_values', 'text', (c) => c.notNull())
        .addColumn('fit', 'text')
        .addColumn('buckets', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ctr_models_organisation')
        .on('ctr_models')
        .column('organisation_id')
        .execute();
      await db.schema
        .createTable('gsc_brand_terms')
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('gsc_brand_terms_pk', ['organisation_id', 'site'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('gsc_brand_terms').execute();
      await db.schema.dropTable('ctr_models').execute();
    },
  };
}
