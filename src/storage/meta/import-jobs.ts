// MetaStore queries for import jobs: create, progress and outcome updates, reads scoped to an organisation,
// and the start-up sweep that fails jobs whose process died. JSON columns hold the capped warning and reject
// lists; int8 counters come back from PostgreSQL as strings and are converted here.
import type { Kysely, Selectable, Updateable } from 'kysely';
import type {
  ImportJob,
  ImportJobPatch,
  ImportJobReject,
  ImportJobStatus,
  ImportJobWarning,
  ImportWritten,
  NewImportJob,
} from '../meta-store';
import { fromBool, instant, toBool } from './rows';
import type { Database, ImportJobsTable } from './schema';

const STATUSES: readonly ImportJobStatus[] = ['queued', 'running', 'succeeded', 'failed'];

const EMPTY_WRITTEN: ImportWritten = {
  keywords: 0,
  serpResults: 0,
  snapshots: 0,
  rankObservations: 0,
  searchConsoleRows: 0,
  campaignKeywords: 0,
};

function int8(v: number | string): number {
  return typeof v === 'number' ? v : Number(v);
}

function int8OrNull(v: number | string | null): number | null {
  return v === null ? null : int8(v);
}

function jsonArray<T>(text: string): T[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

function written(text: string): ImportWritten {
  const parsed: unknown = JSON.parse(text);
  const out = { ...EMPTY_WRITTEN };
  if (typeof parsed === 'object' && parsed !== null) {
    for (const k of Object.keys(out) as (keyof ImportWritten)[]) {
      const v = (parsed as Record<string, unknown>)[k];
      if (typeof v === 'number') out[k] = v;
    }
  }
  return out;
}

function toImportJob(r: Selectable<ImportJobsTable>): ImportJob {
  return {
    id: r.id,
    organisationId: r.organisation_id,
    userId: r.user_id,
    status: STATUSES.find((s) => s === r.status) ?? 'failed',
    files: jsonArray<string>(r.files),
    format: r.format,
    formats: jsonArray<string>(r.formats),
    market: r.market,
    campaignId: r.campaign_id,
    target: r.target,
    dryRun: toBool(r.dry_run),
    bytesTotal: int8OrNull(r.bytes_total),
    bytesRead: int8(r.bytes_read),
    rowsRead: int8(r.rows_read),
    rowsWritten: int8(r.rows_written),
    rowsRejected: int8(r.rows_rejected),
    written: written(r.written),
    warningCount: int8(r.warning_count),
    warnings: jsonArray<ImportJobWarning>(r.warnings),
    rejects: jsonArray<ImportJobReject>(r.rejects),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: int8OrNull(r.duration_ms),
    error: r.error,
  };
}

export async function createImportJob(
  db: Kysely<Database>,
  j: NewImportJob,
  now: string,
): Promise<ImportJob> {
  const row = await db
    .insertInto('import_jobs')
    .values({
      organisation_id: j.organisationId,
      user_id: j.userId,
      status: 'queued',
      files: JSON.stringify(j.files),
      format: j.format,
      market: j.market,
      campaign_id: j.campaignId,
      target: j.target,
      dry_run: fromBool(j.dryRun),
      bytes_total: j.bytesTotal,
      written: JSON.stringify(EMPTY_WRITTEN),
      created_at: instant(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toImportJob(row);
}

export async function updateImportJob(db: Kysely<Database>, id: number, p: ImportJobPatch): Promise<void> {
  const set: Updateable<ImportJobsTable> = {};
  if (p.status !== undefined) set.status = p.status;
  if (p.formats !== undefined) set.formats = JSON.stringify(p.formats);
  if (p.bytesTotal !== undefined) set.bytes_total = p.bytesTotal;
  if (p.bytesRead !== undefined) set.bytes_read = p.bytesRead;
  if (p.rowsRead !== undefined) set.rows_read = p.rowsRead;
  if (p.rowsWritten !== undefined) set.rows_written = p.rowsWritten;
  if (p.rowsRejected !== undefined) set.rows_rejected = p.rowsRejected;
  if (p.written !== undefined) set.written = JSON.stringify(p.written);
  if (p.warningCount !== undefined) set.warning_count = p.warningCount;
  if (p.warnings !== undefined) set.warnings = JSON.stringify(p.warnings);
  if (p.rejects !== undefined) set.rejects = JSON.stringify(p.rejects);
  if (p.startedAt !== undefined) set.started_at = p.startedAt === null ? null : instant(p.startedAt);
  if (p.finishedAt !== undefined) set.finished_at = p.finishedAt === null ? null : instant(p.finishedAt);
  if (p.durationMs !== undefined) set.duration_ms = p.durationMs;
  if (p.error !== undefined) set.error = p.error;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('import_jobs').set(set).where('id', '=', id).execute();
}

export async function getImportJob(db: Kysely<Database>, id: number): Promise<ImportJob | null> {
  const row = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toImportJob(row) : null;
}

export async function listImportJobs(
  db: Kysely<Database>,
  organisationId: number,
  limit: number,
): Promise<ImportJob[]> {
  const rows = await db
    .selectFrom('import_jobs')
    .selectAll()
    .where((eb) => eb.or([eb('organisation_id', '=', organisationId), eb('organisation_id', 'is', null)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toImportJob);
}

export async function failUnfinishedImportJobs(
  db: Kysely<Database>,
  error: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('import_jobs')
    // Nothing of an interrupted import was published (all or nothing): its progress counts are cleared.
    .set({
      status: 'failed',
      error,
      finished_at: instant(now),
      rows_written: 0,
      written: JSON.stringify(EMPTY_WRITTEN),
    })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
