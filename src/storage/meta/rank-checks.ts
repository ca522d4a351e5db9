// MetaStore queries for rank checks (rank-check-store.ts): provider keys (ciphertext only), campaign
// schedules and runs, on SQLite and PostgreSQL alike. The tables' Kysely types are declared here and added
// with withTables, so the shared schema file needs no edit. Money is stored as whole micro-dollars; int8
// columns come back from PostgreSQL as strings and are converted here.
import type { ColumnType, Generated, Kysely, Selectable, SqlBool, Updateable } from 'kysely';
import type { CheckSchedule } from '@core/model';
import type {
  NewProviderCredential,
  NewRankCheckRun,
  ProviderCredential,
  RankCheckOrigin,
  RankCheckRun,
  RankCheckRunPatch,
  RankCheckRunStatus,
  RankCheckSchedule,
  RankCheckScheduleInput,
} from '../rank-check-store';
import { fromBool, instant, toBool } from './rows';
import type { Database } from './schema';

type Int8 = ColumnType<number | string, number | undefined, number>;
type Int8Null = ColumnType<number | string | null, number | null | undefined, number | null>;
type Float = ColumnType<number | string | null, number | null | undefined, number | null>;

interface CredentialsTable {
  organisation_id: number;
  provider: string;
  key_ciphertext: string;
  key_last4: string;
  cost_override_micro_usd: Int8Null;
  rps_override: Float;
  updated_at: string;
  updated_by: number | null;
}

interface SchedulesTable {
  campaign_id: number;
  organisation_id: number;
  provider: string;
  frequency: string;
  hour: number;
  weekday: number | null;
  enabled: ColumnType<SqlBool, SqlBool | undefined, SqlBool>;
  confirmed_at: string | null;
  confirmed_by: number | null;
  created_at: string;
  updated_at: string;
}

interface RunsTable {
  id: Generated<number>;
  organisation_id: number;
  campaign_id: number;
  provider: string;
  origin: string;
  status: string;
  user_id: number | null;
  keywords: Int8;
  requests_done: Int8;
  requests_failed: Int8;
  attempts: Int8;
  results_written: Int8;
  rows_rejected: Int8;
  estimated_cost_micro_usd: Int8;
  cost_micro_usd: Int8;
  import_job_id: number | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: Int8Null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type RankCheckTables = {
  rank_check_credentials: CredentialsTable;
  rank_check_schedules: SchedulesTable;
  rank_check_runs: RunsTable;
};

type Db = Kysely<Database & RankCheckTables>;

const STATUSES: readonly RankCheckRunStatus[] = ['queued', 'running', 'succeeded', 'failed'];

function tables(db: Kysely<Database>): Db {
  return db.withTables<RankCheckTables>();
}

function int(v: number | string): number {
  return typeof v === 'number' ? v : Number(v);
}

function intOrNull(v: number | string | null): number | null {
  return v === null ? null : int(v);
}

function micros(usd: number): number {
  return Math.round(usd * 1_000_000);
}

function dollars(v: number | string): number {
  return int(v) / 1_000_000;
}

function toCredential(r: Selectable<CredentialsTable>): ProviderCredential {
  return {
    organisationId: r.organisation_id,
    provider: r.provider,
    keyCiphertext: r.key_ciphertext,
    keyLast4: r.key_last4,
    costOverrideUsd: r.cost_override_micro_usd === null ? null : dollars(r.cost_override_micro_usd),
    requestsPerSecondOverride: r.rps_override === null ? null : Number(r.rps_override),
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  };
}

function frequency(v: string): CheckSchedule {
  return v === 'weekly' ? 'weekly' : 'daily';
}

function toSchedule(r: Selectable<SchedulesTable>): RankCheckSchedule {
  return {
    campaignId: r.campaign_id,
    organisationId: r.organisation_id,
    provider: r.provider,
    frequency: frequency(r.frequency),
    hour: r.hour,
    weekday: r.weekday,
    enabled: toBool(r.enabled),
    confirmedAt: r.confirmed_at,
    confirmedBy: r.confirmed_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toRun(r: Selectable<RunsTable>): RankCheckRun {
  const origin: RankCheckOrigin = r.origin === 'manual' ? 'manual' : 'schedule';
  return {
    id: r.id,
    organisationId: r.organisation_id,
    campaignId: r.campaign_id,
    provider: r.provider,
    origin,
    status: STATUSES.find((s) => s === r.status) ?? 'failed',
    userId: r.user_id,
    keywords: int(r.keywords),
    requestsDone: int(r.requests_done),
    requestsFailed: int(r.requests_failed),
    attempts: int(r.attempts),
    resultsWritten: int(r.results_written),
    rowsRejected: int(r.rows_rejected),
    estimatedCostUsd: dollars(r.estimated_cost_micro_usd),
    costUsd: dollars(r.cost_micro_usd),
    importJobId: r.import_job_id,
    error: r.error,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: intOrNull(r.duration_ms),
  };
}

export async function saveProviderCredential(
  db: Kysely<Database>,
  c: NewProviderCredential,
  now: string,
): Promise<ProviderCredential> {
  const values = {
    key_ciphertext: c.keyCiphertext,
    key_last4: c.keyLast4,
    cost_override_micro_usd: c.costOverrideUsd === null ? null : micros(c.costOverrideUsd),
    rps_override: c.requestsPerSecondOverride,
    updated_at: instant(now),
    updated_by: c.updatedBy,
  };
  const row = await tables(db)
    .insertInto('rank_check_credentials')
    .values({ organisation_id: c.organisationId, provider: c.provider, ...values })
    .onConflict((oc) => oc.columns(['organisation_id', 'provider']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCredential(row);
}

export async function getProviderCredential(
  db: Kysely<Database>,
  organisationId: number,
  provider: string,
): Promise<ProviderCredential | null> {
  const row = await tables(db)
    .selectFrom('rank_check_credentials')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return row ? toCredential(row) : null;
}

export async function listProviderCredentials(
  db: Kysely<Database>,
  organisationId: number,
): Promise<ProviderCredential[]> {
  const rows = await tables(db)
    .selectFrom('rank_check_credentials')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('provider')
    .execute();
  return rows.map(toCredential);
}

export async function deleteProviderCredential(
  db: Kysely<Database>,
  organisationId: number,
  provider: string,
): Promise<boolean> {
  const r = await tables(db)
    .deleteFrom('rank_check_credentials')
    .where('organisation_id', '=', organisationId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function saveRankCheckSchedule(
  db: Kysely<Database>,
  s: RankCheckScheduleInput,
  now: string,
): Promise<RankCheckSchedule> {
  const values = {
    organisation_id: s.organisationId,
    provider: s.provider,
    frequency: s.frequency,
    hour: s.hour,
    weekday: s.weekday,
    enabled: fromBool(s.enabled),
    confirmed_at: s.confirmedAt === null ? null : instant(s.confirmedAt),
    confirmed_by: s.confirmedBy,
    updated_at: instant(now),
  };
  // The campaign's own schedule (its badge in the campaign list) follows the rank-check schedule, in the same
  // transaction, so the two never disagree.
  return db.transaction().execute(async (tx) => {
    const row = await tables(tx)
      .insertInto('rank_check_schedules')
      .values({ campaign_id: s.campaignId, created_at: instant(now), ...values })
      .onConflict((oc) => oc.column('campaign_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('campaigns')
      .set({ schedule: s.enabled ? s.frequency : null })
      .where('id', '=', s.campaignId)
      .execute();
    return toSchedule(row);
  });
}

export async function getRankCheckSchedule(
  db: Kysely<Database>,
  campaignId: number,
): Promise<RankCheckSchedule | null> {
  const row = await tables(db)
    .selectFrom('rank_check_schedules')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  return row ? toSchedule(row) : null;
}

export async function listRankCheckSchedules(db: Kysely<Database>): Promise<RankCheckSchedule[]> {
  const rows = await tables(db)
    .selectFrom('rank_check_schedules')
    .selectAll()
    .orderBy('campaign_id')
    .execute();
  return rows.map(toSchedule);
}

export async function deleteRankCheckSchedule(db: Kysely<Database>, campaignId: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const r = await tables(tx)
      .deleteFrom('rank_check_schedules')
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await tx.updateTable('campaigns').set({ schedule: null }).where('id', '=', campaignId).execute();
    return true;
  });
}

export async function createRankCheckRun(
  db: Kysely<Database>,
  r: NewRankCheckRun,
  now: string,
): Promise<RankCheckRun> {
  const row = await tables(db)
    .insertInto('rank_check_runs')
    .values({
      organisation_id: r.organisationId,
      campaign_id: r.campaignId,
      provider: r.provider,
      origin: r.origin,
      status: 'queued',
      user_id: r.userId,
      keywords: r.keywords,
      estimated_cost_micro_usd: micros(r.estimatedCostUsd),
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRun(row);
}

export async function updateRankCheckRun(
  db: Kysely<Database>,
  id: number,
  p: RankCheckRunPatch,
): Promise<void> {
  const set: Updateable<RunsTable> = {};
  if (p.status !== undefined) set.status = p.status;
  if (p.keywords !== undefined) set.keywords = p.keywords;
  if (p.requestsDone !== undefined) set.requests_done = p.requestsDone;
  if (p.requestsFailed !== undefined) set.requests_failed = p.requestsFailed;
  if (p.attempts !== undefined) set.attempts = p.attempts;
  if (p.resultsWritten !== undefined) set.results_written = p.resultsWritten;
  if (p.rowsRejected !== undefined) set.rows_rejected = p.rowsRejected;
  if (p.estimatedCostUsd !== undefined) set.estimated_cost_micro_usd = micros(p.estimatedCostUsd);
  if (p.costUsd !== undefined) set.cost_micro_usd = micros(p.costUsd);
  if (p.importJobId !== undefined) set.import_job_id = p.importJobId;
  if (p.error !== undefined) set.error = p.error;
  if (p.startedAt !== undefined) set.started_at = p.startedAt === null ? null : instant(p.startedAt);
  if (p.finishedAt !== undefined) set.finished_at = p.finishedAt === null ? null : instant(p.finishedAt);
  if (p.durationMs !== undefined) set.duration_ms = p.durationMs;
  if (Object.keys(set).length === 0) return;
  await tables(db).updateTable('rank_check_runs').set(set).where('id', '=', id).execute();
}

export async function getRankCheckRun(db: Kysely<Database>, id: number): Promise<RankCheckRun | null> {
  const row = await tables(db)
    .selectFrom('rank_check_runs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRun(row) : null;
}

export async function listRankCheckRuns(
  db: Kysely<Database>,
  campaignId: number,
  limit: number,
): Promise<RankCheckRun[]> {
  const rows = await tables(db)
    .selectFrom('rank_check_runs')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRun);
}

export async function failUnfinishedRankCheckRuns(
  db: Kysely<Database>,
  error: string,
  now: string,
): Promise<number> {
  const r = await tables(db)
    .updateTable('rank_check_runs')
    .set({ status: 'failed', error, finished_at: instant(now) })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
