// Sixth MetaStore migration: share_links (issue 6 item 3), read-only links to one one-to-one comparison. A
// link belongs to an organisation and goes with it; its maker is kept for the list (links outlive a disabled
// user, so no cascade from users). Listed newest first per organisation, hence the index.
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function shareLinksMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('share_links')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('host_a', 'text', (c) => c.notNull())
        .addColumn('host_b', 'text', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('share_links_organisation')
        .on('share_links')
        .columns(['organisation_id', 'created_at', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('share_links').execute();
    },
  };
}
