// Fifth MetaStore migration: call_requests (issue 5), the calls anonymous demo visitors ask for through the
// set-up-a-call dialog (POST /demo/call). They belong to the installation, not to an organisation: the
// visitor has no account. Listed newest first for administrators, hence the index on created_at.
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function callRequestsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('call_requests')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('preferred_time', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('call_requests_created_at')
        .on('call_requests')
        .columns(['created_at', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('call_requests').execute();
    },
  };
}
