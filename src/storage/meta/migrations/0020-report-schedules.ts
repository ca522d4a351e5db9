// Twentieth MetaStore migration (issue 31 item 5): report schedules — timing (daily / weekly on a weekday /
// monthly on a day, a time of day in an IANA zone), recipients, PDF attached or linked, paused or not and the
// stored next run, so a restart carries on — and their deliveries with every attempt and the mail server's
// answer. A scheduled delivery is unique per schedule and due time: one due time is never mailed twice.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';
import { withId } from './id-column';

export function reportSchedulesMigration(dialect: MetaDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(dialect, db.schema.createTable('report_schedules'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
        .addColumn('frequency', 'text', (c) =>
          c.notNull().check(sql`frequency in ('daily', 'weekly', 'monthly')`),
        )
        // 0 = Sunday … 6 = Saturday (weekly); 1–31 (monthly).
        .addColumn('weekday', 'integer')
        .addColumn('day_of_month', 'integer')
        // HH:MM wall-clock time in time_zone (IANA name).
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        // JSON array of e-mail addresses.
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('delivery', 'text', (c) => c.notNull().check(sql`delivery in ('attach', 'link')`))
        .addColumn('enabled', 'integer', (c) => c.notNull())
        // ISO instant of the next run; null while paused.
        .addColumn('next_run_at', 'text')
        // Kept when the user is removed.
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('report_schedules_report')
        .on('report_schedules')
        .columns(['report_id', 'id'])
        .execute();
      await db.schema
        .createIndex('report_schedules_due')
        .on('report_schedules')
        .columns(['enabled', 'next_run_at'])
        .execute();

      await withId(dialect, db.schema.createTable('report_deliveries'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('schedule_id', 'integer', (c) =>
          c.notNull().references('report_schedules.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('scheduled', 'run-now', 'test')`))
        // The due time a scheduled delivery ran for; null for run-now and test sends (NULLs never collide).
        .addColumn('due_at', 'text')
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('generating', 'sending', 'retrying', 'sent', 'failed')`),
        )
        .addColumn('generated_report_id', 'integer', (c) =>
          c.references('generated_reports.id').onDelete('set null'),
        )
        // JSON array of {at, ok, response}: every attempt with the mail server's answer.
        .addColumn('attempts', 'text', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('report_deliveries_due')
        .on('report_deliveries')
        .columns(['schedule_id', 'due_at'])
        .unique()
        .execute();
      await db.schema
        .createIndex('report_deliveries_status')
        .on('report_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('report_deliveries').execute();
      await db.schema.dropTable('report_schedules').execute();
    },
  };
}
