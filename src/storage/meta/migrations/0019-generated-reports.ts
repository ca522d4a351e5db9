// Nineteenth MetaStore migration (issue 31 item 4): generated reports — the job (status, progress, phase,
// error), the resolved period, the data snapshot (canonical JSON) and its SHA-256, the rendered PDF and the
// CSV bundle (ZIP) as bytes. They go with their report definition; listed per report, newest first.
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';
import { withId } from './id-column';

export function generatedReportsMigration(dialect: MetaDialect): Migration {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(dialect, db.schema.createTable('generated_reports'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('period_from', 'text', (c) => c.notNull())
        .addColumn('period_to', 'text', (c) => c.notNull())
        /** The spec (scope, period, brand, blocks) as JSON, fixed at creation. */
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'text')
        .addColumn('snapshot_hash', 'text')
        .addColumn('pdf', bytes)
        .addColumn('csv_zip', bytes)
        .addColumn('duration_ms', 'integer')
        // Kept when the user is removed.
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('generated_reports_report')
        .on('generated_reports')
        .columns(['report_id', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('generated_reports').execute();
    },
  };
}
