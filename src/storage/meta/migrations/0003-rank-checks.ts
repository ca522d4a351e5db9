// Third MetaStore migration: scheduled rank checks (issue 3, build item 4). Per organisation, one encrypted
// API key per SERP provider (AES-256-GCM text written by the server; the database never sees the key) with
// optional price and rate overrides; per campaign, at most one schedule; and the history of runs. Money is
// stored as whole micro-dollars (int8) so sums are exact on both engines.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { MetaDialect } from '../schema';

export function rankChecksMigration(dialect: MetaDialect): Migration {
  const id = (t: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rank_check_credentials')
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        // `v1.{iv}.{tag}.{ciphertext}`, base64url parts; the key itself is never stored.
        .addColumn('key_ciphertext', 'text', (c) => c.notNull())
        .addColumn('key_last4', 'text', (c) => c.notNull())
        .addColumn('cost_override_micro_usd', 'bigint')
        .addColumn('rps_override', 'double precision')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('rank_check_credentials_pk', ['organisation_id', 'provider'])
        .execute();

      await db.schema
        .createTable('rank_check_schedules')
        .addColumn('campaign_id', 'integer', (c) =>
          c.primaryKey().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('daily', 'weekly')`))
        .addColumn('hour', 'integer', (c) => c.notNull().check(sql`hour >= 0 and hour <= 23`))
        .addColumn('weekday', 'integer', (c) => c.check(sql`weekday >= 0 and weekday <= 6`))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('confirmed_at', 'text')
        .addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('rank_check_runs'))
        .addColumn('organisation_id', 'integer', (c) =>
          c.notNull().references('organisations.id').onDelete('cascade'),
        )
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('schedule', 'manual')`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed')`),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('keywords', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('requests_done', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('requests_failed', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('results_written', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('rows_rejected', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('estimated_cost_micro_usd', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('cost_micro_usd', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('import_job_id', 'integer', (c) => c.references('import_jobs.id').onDelete('set null'))
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('duration_ms', 'bigint')
        .execute();
      await db.schema
        .createIndex('rank_check_runs_campaign_idx')
        .on('rank_check_runs')
        .columns(['campaign_id', 'id'])
        .execute();
      await db.schema
        .createIndex('rank_check_runs_status_idx')
        .on('rank_check_runs')
        .column('status')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('rank_check_runs').execute();
      await db.schema.dropTable('rank_check_schedules').execute();
      await db.schema.dropTable('rank_check_credentials').execute();
    },
  };
}
