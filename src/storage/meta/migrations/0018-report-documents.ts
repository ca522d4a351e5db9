// Eighteenth MetaStore migration (issue 31 item 3): a report's document — its title, blocks and period as
// JSON text the service validates with the reports contract — beside the older reports row (name, campaign,
// sections), and each organisation's brand template for report cover pages (JSON text as well). Both go with
// their report or organisation.
import type { Kysely, Migration } from 'kysely';

export function reportDocumentsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('report_documents')
        .addColumn('report_id', 'integer', (c) => c.primaryKey().references('reports.id').onDelete('cascade'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('organisation_brands')
        .addColumn('organisation_id', 'integer', (c) =>
          c.primaryKey().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('organisation_brands').execute();
      await db.schema.dropTable('report_documents').execute();
    },
  };
}
