// MetaStore queries for report documents, brand templates (migration 0018) and generated reports (0019), on
// SQLite and PostgreSQL alike. The tables' Kysely types are declared here and added with withTables, so the
// shared schema file needs no edit. Bytes (PDF, ZIP) are BLOB / bytea; both drivers answer Buffers.
import type { Generated, Kysely, Selectable } from 'kysely';
import type {
  GeneratedReportPatch,
  GeneratedReportRecord,
  GeneratedReportStatus,
  NewGeneratedReport,
} from '../report-store';
import { atomic, instant } from './rows';
import type { Database } from './schema';

interface ReportDocumentsTable {
  report_id: number;
  document: string;
  updated_at: string;
}

interface OrganisationBrandsTable {
  organisation_id: number;
  brand: string;
  updated_at: string;
}

interface GeneratedReportsTable {
  id: Generated<number>;
  organisation_id: number;
  report_id: number;
  title: string;
  status: string;
  progress: number;
  phase: string;
  error: string | null;
  period_from: string;
  period_to: string;
  spec: string;
  snapshot: string | null;
  snapshot_hash: string | null;
  pdf: Uint8Array | null;
  csv_zip: Uint8Array | null;
  duration_ms: number | null;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
}

// A type alias, not an interface: withTables needs an index-signature-compatible record.
type ReportTables = {
  report_documents: ReportDocumentsTable;
  organisation_brands: OrganisationBrandsTable;
  generated_reports: GeneratedReportsTable;
};

const tables = (db: Kysely<Database>) => db.withTables<ReportTables>();

const STATUSES: readonly GeneratedReportStatus[] = ['queued', 'running', 'done', 'failed'];
function status(value: string): GeneratedReportStatus {
  const found = STATUSES.find((s) => s === value);
  if (found === undefined) throw new Error(`generated_reports.status holds an unknown value: ${value}`);
  return found;
}

/** Every column but the large ones (snapshot, PDF, ZIP); the PDF's size is read with it. */
const LIST_COLUMNS = [
  'id',
  'organisation_id',
  'report_id',
  'title',
  'status',
  'progress',
  'phase',
  'error',
  'period_from',
  'period_to',
  'spec',
  'snapshot_hash',
  'duration_ms',
  'created_by',
  'created_at',
  'finished_at',
] as const;

type ListRow = Pick<Selectable<GeneratedReportsTable>, (typeof LIST_COLUMNS)[number]> & {
  pdf_bytes: number | string | null;
};

function toRecord(r: ListRow): GeneratedReportRecord {
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    organisationId: Number(r.organisation_id),
    reportId: Number(r.report_id),
    title: r.title,
    status: status(r.status),
    progress: Number(r.progress),
    phase: r.phase,
    error: r.error,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    spec: r.spec,
    snapshotHash: r.snapshot_hash,
    pdfBytes: num(r.pdf_bytes),
    durationMs: num(r.duration_ms),
    createdBy: num(r.created_by),
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

const listed = (db: Kysely<Database>) =>
  tables(db)
    .selectFrom('generated_reports')
    .select(LIST_COLUMNS)
    .select((eb) => eb.fn<number | string | null>('length', ['pdf']).as('pdf_bytes'));

export async function getReportDocument(
  db: Kysely<Database>,
  organisationId: number,
  reportId: number,
): Promise<string | null> {
  const row = await tables(db)
    .selectFrom('report_documents')
    .innerJoin('reports', 'reports.id', 'report_documents.report_id')
    .select('report_documents.document')
    .where('reports.organisation_id', '=', organisationId)
    .where('reports.id', '=', reportId)
    .executeTakeFirst();
  return row?.document ?? null;
}

export async function setReportDocument(
  db: Kysely<Database>,
  reportId: number,
  document: string,
  now: string,
): Promise<void> {
  await tables(db)
    .insertInto('report_documents')
    .values({ report_id: reportId, document, updated_at: instant(now) })
    .onConflict((oc) => oc.column('report_id').doUpdateSet({ document, updated_at: instant(now) }))
    .execute();
}

export function updateReport(
  db: Kysely<Database>,
  organisationId: number,
  reportId: number,
  fields: { name: string; campaignId: number; sections: string[]; document: string },
  now: string,
): Promise<boolean> {
  return atomic(db, async (tx) => {
    const res = await tx
      .updateTable('reports')
      .set({ name: fields.name, campaign_id: fields.campaignId, sections: JSON.stringify(fields.sections) })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', reportId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    await setReportDocument(tx, reportId, fields.document, now);
    return true;
  });
}

export async function getOrganisationBrand(
  db: Kysely<Database>,
  organisationId: number,
): Promise<string | null> {
  const row = await tables(db)
    .selectFrom('organisation_brands')
    .select('brand')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row?.brand ?? null;
}

export async function setOrganisationBrand(
  db: Kysely<Database>,
  organisationId: number,
  brand: string,
  now: string,
): Promise<void> {
  await tables(db)
    .insertInto('organisation_brands')
    .values({ organisation_id: organisationId, brand, updated_at: instant(now) })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet({ brand, updated_at: instant(now) }))
    .execute();
}

export async function createGeneratedReport(
  db: Kysely<Database>,
  g: NewGeneratedReport,
  now: string,
): Promise<GeneratedReportRecord> {
  const { id } = await tables(db)
    .insertInto('generated_reports')
    .values({
      organisation_id: g.organisationId,
      report_id: g.reportId,
      title: g.title,
      status: 'queued',
      progress: 0,
      phase: 'queued',
      period_from: g.periodFrom,
      period_to: g.periodTo,
      spec: g.spec,
      created_by: g.createdBy,
      created_at: instant(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await getGeneratedReport(db, g.organisationId, Number(id)))!;
}

export async function listGeneratedReports(
  db: Kysely<Database>,
  organisationId: number,
  reportId: number,
): Promise<GeneratedReportRecord[]> {
  const rows = await listed(db)
    .where('organisation_id', '=', organisationId)
    .where('report_id', '=', reportId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function getGeneratedReport(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<GeneratedReportRecord | null> {
  const row = await listed(db)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : toRecord(row);
}

export async function updateGeneratedReport(
  db: Kysely<Database>,
  id: number,
  p: GeneratedReportPatch,
): Promise<void> {
  await tables(db)
    .updateTable('generated_reports')
    .set({
      ...(p.status !== undefined && { status: p.status }),
      ...(p.progress !== undefined && { progress: Math.round(p.progress) }),
      ...(p.phase !== undefined && { phase: p.phase }),
      ...(p.error !== undefined && { error: p.error }),
      ...(p.snapshot !== undefined && { snapshot: p.snapshot.json, snapshot_hash: p.snapshot.hash }),
      ...(p.pdf !== undefined && { pdf: p.pdf === null ? null : Buffer.from(p.pdf) }),
      ...(p.csvZip !== undefined && { csv_zip: p.csvZip === null ? null : Buffer.from(p.csvZip) }),
      ...(p.durationMs !== undefined && { duration_ms: p.durationMs }),
      ...(p.finishedAt !== undefined && {
        finished_at: p.finishedAt === null ? null : instant(p.finishedAt),
      }),
    })
    .where('id', '=', id)
    .execute();
}

export async function getGeneratedReportSnapshot(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
): Promise<string | null> {
  const row = await tables(db)
    .selectFrom('generated_reports')
    .select('snapshot')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.snapshot ?? null;
}

export async function getGeneratedReportFile(
  db: Kysely<Database>,
  organisationId: number,
  id: number,
  file: 'pdf' | 'csv',
): Promise<Uint8Array | null> {
  const row = await tables(db)
    .selectFrom('generated_reports')
    .select(file === 'pdf' ? 'pdf as bytes' : 'csv_zip as bytes')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.bytes == null ? null : new Uint8Array(row.bytes);
}

export async function failUnfinishedGeneratedReports(
  db: Kysely<Database>,
  error: string,
  now: string,
): Promise<number> {
  const res = await tables(db)
    .updateTable('generated_reports')
    .set({ status: 'failed', error, phase: 'failed', finished_at: instant(now) })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
