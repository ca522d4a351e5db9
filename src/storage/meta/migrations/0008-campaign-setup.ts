// Eighth MetaStore migration (issue 25): campaign set-up by users. `deleting_at` on projects and campaigns
// marks a delete in progress: a delete stamps it first (the object vanishes from every read at once), then
// clears the campaign's RankStore membership, then removes the row; a start-up that finds a stamp finishes
// the delete, so a crash between the two stores never leaves a half-deleted campaign. `audit_events` records
// every set-up change (who, what, when) for administrators, newest first per organisation.
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function campaignSetupMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').addColumn('deleting_at', 'text').execute();
      await db.schema.alterTable('campaigns').addColumn('deleting_at', 'text').execute();
      await db.schema
        .createTable('audit_events')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        // Kept when the user is removed: the record outlives its author.
        .addColumn('user_id', 'integer')
        .addColumn('user_email', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull())
        .addColumn('object_id', 'integer')
        .addColumn('summary', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_events_organisation')
        .on('audit_events')
        .columns(['organisation_id', 'at', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('audit_events').execute();
      await db.schema.alterTable('campaigns').dropColumn('deleting_at').execute();
      await db.schema.alterTable('projects').dropColumn('deleting_at').execute();
    },
  };
}
