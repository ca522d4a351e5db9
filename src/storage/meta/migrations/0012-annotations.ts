// Twelfth MetaStore migration (issue 29 item 6): annotations, dated notes shown on the time charts. A null
// campaign_id makes one organisation-wide; deleting the campaign or the organisation deletes its
// annotations. Reads are per organisation over a date range, hence the (organisation_id, date) index.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function annotationsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('annotations')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('cascade'))
        // YYYY-MM-DD: text orders as the dates do in both engines.
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sql`source in ('note', 'search-engine-update')`),
        )
        // Kept when the user is removed: the note outlives its author.
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('annotations_organisation_date')
        .on('annotations')
        .columns(['organisation_id', 'date'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('annotations').execute();
    },
  };
}
