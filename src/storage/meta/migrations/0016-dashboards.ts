// Sixteenth MetaStore migration (issue 31 item 2): dashboards and each user's default one. A null owner_id
// shares a dashboard with its organisation; deleting the organisation or the owner deletes it, and deleting
// a dashboard drops the defaults that named it. Widgets are JSON text the service validates. Lists are per
// organisation, hence the (organisation_id, owner_id) index.
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function dashboardsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('dashboards')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('widgets', 'text', (c) => c.notNull())
        // Kept when the user is removed: a shared dashboard outlives its author.
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dashboards_organisation_owner')
        .on('dashboards')
        .columns(['organisation_id', 'owner_id'])
        .execute();
      await db.schema
        .createTable('dashboard_defaults')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('dashboard_id', 'integer', (c) =>
          c.notNull().references('dashboards.id').onDelete('cascade'),
        )
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('dashboard_defaults').execute();
      await db.schema.dropTable('dashboards').execute();
    },
  };
}
