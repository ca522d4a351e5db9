// MetaStore queries for report schedules and their deliveries (migration 0020-report-schedules), on SQLite
// and PostgreSQL alike. The tables' Kysely types are declared here and added with withTables, so the shared
// schema file needs no edit. Recipients and attempts are JSON text; `enabled` is 0/1 in both engines.
import type { Generated, Kysely, Selectable } from 'kysely';
import { SCHEDULE_FREQUENCIES, type ScheduleFrequency } from '@core/reports/report-schedule';
import type {
  DeliveryAttemptRecord,
  DeliveryKind,
  DeliveryStatus,
  NewReportDelivery,
  NewReportSchedule,
  ReportDeliveryPatch,
  ReportDeliveryRecord,
  ReportScheduleRecord,
  ReportSchedulePatch,
  ScheduleDelivery,
} from '../report-schedule-store';
import { atomic, instant } from './rows';
import type { Database } from './schema';

interface ReportSchedulesTable {
  id: Generated<number>;
  organisation_id: number;
  report_id: number;
  frequency: string;
  weekday: number | null;
  day_of_month: number | null;
  time: string;
  time_zone: string;
  recipients: string;
  delivery: string;
  enabled: number;
  next_run_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

interface ReportDeliveriesTable {
  id: Generated<number>;
  organisation_id: number;
  schedule_id: number;
  kind: string;
  due_at: string | null;
  recipients: string;
  status: string;
  generated_report_id: number | null;
  attempts: string;
  next_attempt_at: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type ScheduleTables = { report_schedules: ReportSchedulesTable; report_deliveries: ReportDeliveriesTable };

const tables = (db: Kysely<Database>) => db.withTables<ScheduleTables>();

/** A stored value that is one of `allowed`, or an error naming the column (a CHECK keeps them out). */
function oneOf<T extends string>(column: string, allowed: readonly T[], value: string): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new Error(`${column} holds an unknown value: ${value}`);
  return found;
}

const orNull = (v: number | null) => (v === null ? null : Number(v));

function toSchedule(r: Selectable<ReportSchedulesTable>): ReportScheduleRecord {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    reportId: Number(r.report_id),
    frequency: oneOf<ScheduleFrequency>('report_schedules.frequency', SCHEDULE_FREQUENCIES, r.frequency),
    weekday: orNull(r.weekday),
    dayOfMonth: orNull(r.day_of_month),
    time: r.time,
    timeZone: r.time_zone,
    recipients: JSON.parse(r.recipients) as string[],
    delivery: oneOf<ScheduleDelivery>('report_schedules.delivery', ['attach', 'link'], r.delivery),
    enabled: Number(r.enabled) === 1,
    nextRunAt: r.next_run_at,
    createdBy: orNull(r.created_by),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toDelivery(r: Selectable<ReportDeliveriesTable>): ReportDeliveryRecord {
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    scheduleId: Number(r.schedule_id),
    kind: oneOf<DeliveryKind>('report_deliveries.kind', ['scheduled', 'run-now', 'test'], r.kind),
    dueAt: r.due_at,
    recipients: JSON.parse(r.recipients) as string[],
    status: oneOf<DeliveryStatus>(
      'report_deliveries.status',
      ['generating', 'sending', 'retrying', 'sent', 'failed'],
      r.status,
    ),
    generatedReportId: orNull(r.generated_report_id),
    attempts: JSON.parse(r.attempts) as DeliveryAttemptRecord[],
    nextAttemptAt: r.next_attempt_at,
    error: r.error,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

function scheduleColumns(s: ReportSchedulePatch) {
  return {
    frequency: s.frequency,
    weekday: s.weekday,
    day_of_month: s.dayOfMonth,
    time: s.time,
    time_zone: s.timeZone,
    recipients: JSON.stringify(s.recipients),
    delivery: s.delivery,
    enabled: s.enabled ? 1 : 0,
    next_run_at: s.nextRunAt === null ? null : instant(s.nextRunAt),
    created_by: s.createdBy,
  };
}

export async function createReportSchedule(
  db: Kysely<Database>,
  s: NewReportSchedule,
  now: string,
): Promise<ReportScheduleRecord> {
  const at = instant(now);
  const row = await tables(db)
    .insertInto('report_schedules')
    .values({
      organisation_id: s.organisationId,
      report_id: s.reportId,
      ...scheduleColumns(s),
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSchedule(row);
}

export async function listReportSchedules(
  db: Kysely<Database>,
  organisationId: number,
  reportId: number,
): Promise<ReportScheduleRecord[]> {
  const rows = await tables(db)
    .selectFrom('report_schedules')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('report_id', '=', reportId)
    .orderBy('id')
    .execute();
  return rows.map(toSchedule);
}

export async function getReportSchedule(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<ReportScheduleRecord | null> {
  const row = await tables(db)
    .selectFrom('report_schedules')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toSchedule(row);
}

export async function updateReportSchedule(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  patch: ReportSchedulePatch,
  now: string,
): Promise<ReportScheduleRecord | null> {
  const row = await tables(db)
    .updateTable('report_schedules')
    .set({ ...scheduleColumns(patch), updated_at: instant(now) })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? null : toSchedule(row);
}

export async function deleteReportSchedule(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const result = await tables(db)
    .deleteFrom('report_schedules')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function dueReportSchedules(db: Kysely<Database>, now: string): Promise<ReportScheduleRecord[]> {
  const rows = await tables(db)
    .selectFrom('report_schedules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', instant(now))
    .orderBy('next_run_at')
    .orderBy('id')
    .execute();
  return rows.map(toSchedule);
}

const deliveryValues = (d: NewReportDelivery, now: string) => ({
  organisation_id: d.organisationId,
  schedule_id: d.scheduleId,
  kind: d.kind,
  due_at: d.dueAt === null ? null : instant(d.dueAt),
  recipients: JSON.stringify(d.recipients),
  status: 'generating',
  attempts: '[]',
  created_at: instant(now),
});

export async function claimScheduledDelivery(
  db: Kysely<Database>,
  d: NewReportDelivery & { dueAt: string },
  nextRunAt: string,
  now: string,
): Promise<ReportDeliveryRecord | null> {
  const due = instant(d.dueAt);
  return atomic(db, async (tx) => {
    // Compare-and-set: a schedule edited (or claimed by another process) since it was read is left alone.
    const moved = await tables(tx)
      .updateTable('report_schedules')
      .set({ next_run_at: instant(nextRunAt) })
      .where('id', '=', d.scheduleId)
      .where('enabled', '=', 1)
      .where('next_run_at', '=', due)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return null;
    // ON CONFLICT DO NOTHING returns no row for a due time delivered before (its time set back and again).
    const row = await tables(tx)
      .insertInto('report_deliveries')
      .values(deliveryValues(d, now))
      .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? null : toDelivery(row);
  });
}

export async function createReportDelivery(
  db: Kysely<Database>,
  d: NewReportDelivery,
  now: string,
): Promise<ReportDeliveryRecord> {
  const row = await tables(db)
    .insertInto('report_deliveries')
    .values(deliveryValues(d, now))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDelivery(row);
}

export async function updateReportDelivery(
  db: Kysely<Database>,
  id: number,
  patch: ReportDeliveryPatch,
): Promise<void> {
  await tables(db)
    .updateTable('report_deliveries')
    .set({
      ...(patch.status !== undefined && { status: patch.status }),
      ...(patch.generatedReportId !== undefined && { generated_report_id: patch.generatedReportId }),
      ...(patch.attempts !== undefined && { attempts: JSON.stringify(patch.attempts) }),
      ...(patch.nextAttemptAt !== undefined && {
        next_attempt_at: patch.nextAttemptAt === null ? null : instant(patch.nextAttemptAt),
      }),
      ...(patch.error !== undefined && { error: patch.error }),
      ...(patch.finishedAt !== undefined && {
        finished_at: patch.finishedAt === null ? null : instant(patch.finishedAt),
      }),
    })
    .where('id', '=', id)
    .execute();
}

export async function getReportDelivery(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<ReportDeliveryRecord | null> {
  const row = await tables(db)
    .selectFrom('report_deliveries')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toDelivery(row);
}

export async function listReportDeliveries(
  db: Kysely<Database>,
  organisationId: number,
  scheduleId: number,
  limit: number,
): Promise<ReportDeliveryRecord[]> {
  const rows = await tables(db)
    .selectFrom('report_deliveries')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('schedule_id', '=', scheduleId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDelivery);
}

export async function retryingReportDeliveries(
  db: Kysely<Database>,
  now: string,
): Promise<ReportDeliveryRecord[]> {
  const rows = await tables(db)
    .selectFrom('report_deliveries')
    .selectAll()
    .where('status', '=', 'retrying')
    .where('next_attempt_at', '<=', instant(now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .execute();
  return rows.map(toDelivery);
}

export async function failUnfinishedReportDeliveries(
  db: Kysely<Database>,
  error: string,
  now: string,
): Promise<number> {
  const result = await tables(db)
    .updateTable('report_deliveries')
    .set({ status: 'failed', error, next_attempt_at: null, finished_at: instant(now) })
    .where('status', 'in', ['generating', 'sending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
