// Second MetaStore migration: the import_jobs table (issue 3). One row per import (CLI, upload or API) with
// its options, progress counters and outcome; warnings, rejects and what was written are capped JSON text.
// Rows outlive their organisation's deletion as null (CLI imports have none to begin with).
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function importJobsMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('import_jobs')
        .$call((t) =>
          dialect === 'postgres'
            ? t.addColumn('id', 'serial', (c) => c.primaryKey())
            : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
        )
        .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
        )
        .addColumn('files', 'text', (c) => c.notNull())
        .addColumn('format', 'text')
        .addColumn('formats', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('market', 'text')
        .addColumn('campaign_id', 'integer')
        .addColumn('target', 'text')
        .addColumn('dry_run', 'boolean', (c) => c.notNull().defaultTo(false))
        // Byte and row counters are int8 in PostgreSQL: a 2 GB upload passes int4's 2,147,483,647.
        .addColumn('bytes_total', 'bigint')
        .addColumn('bytes_read', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('rows_read', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('rows_written', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('rows_rejected', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('written', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('warning_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('rejects', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('duration_ms', 'bigint')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('import_jobs_organisation_id_idx')
        .on('import_jobs')
        .columns(['organisation_id', 'id'])
        .execute();
      await db.schema.createIndex('import_jobs_status_idx').on('import_jobs').column('status').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('import_jobs').execute();
    },
  };
}
