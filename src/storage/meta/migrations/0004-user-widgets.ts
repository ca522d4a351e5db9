// Fourth MetaStore migration: user_widgets (issue 4), the widgets config of one screen module for one user —
// widget order, visibility and the expanded widget as JSON text. A user's rows go with the user.
import type { Kysely, Migration } from 'kysely';

export function userWidgetsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('user_widgets')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('module_name', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_widgets_pk', ['user_id', 'module_name'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('user_widgets').execute();
    },
  };
}
