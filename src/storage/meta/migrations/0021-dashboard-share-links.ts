// Migration 0021: dashboard_share_links (issue 31 item 2), read-only links to one dashboard, beside the
// one-to-one comparison's share_links (0006). A link belongs to an organisation and to its dashboard, and
// goes with either; its maker is kept for the list (links outlive a disabled user, so no cascade from users).
// Listed newest first per dashboard, hence the index.
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function dashboardShareLinksMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('dashboard_share_links')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('dashboard_id', 'integer', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('dashboard_share_links_dashboard')
        .on('dashboard_share_links')
        .columns(['organisation_id', 'dashboard_id', 'created_at', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('dashboard_share_links').execute();
    },
  };
}
