// The report part of the MetaStore port (issue 31 items 3–4): a report definition's document (title, blocks,
// period as JSON text the service validates), the organisation's brand template (JSON text), and generated
// reports — the job, its data snapshot and hash, the PDF and the CSV bundle. MetaStore extends this interface;
// both engines implement it in meta/report-documents.ts and pass test/storage/meta-store.reports-cases.ts.

export type GeneratedReportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface NewGeneratedReport {
  organisationId: number;
  reportId: number;
  title: string;
  periodFrom: string;
  periodTo: string;
  /** The spec (scope, period, brand, blocks) as JSON text. */
  spec: string;
  createdBy: number | null;
}

export interface GeneratedReportRecord extends NewGeneratedReport {
  id: number;
  status: GeneratedReportStatus;
  /** 0–100. */
  progress: number;
  phase: string;
  error: string | null;
  snapshotHash: string | null;
  pdfBytes: number | null;
  durationMs: number | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Fields a step of the job sets; absent fields keep their value. */
export interface GeneratedReportPatch {
  status?: GeneratedReportStatus;
  progress?: number;
  phase?: string;
  error?: string | null;
  /** Canonical JSON of the snapshot and its SHA-256, written together. */
  snapshot?: { json: string; hash: string };
  pdf?: Uint8Array | null;
  csvZip?: Uint8Array | null;
  durationMs?: number | null;
  finishedAt?: string | null;
}

export interface ReportMethods {
  /** The report's document JSON; null when it has none (a report defined by sections only). */
  getReportDocument(organisationId: number, reportId: number): Promise<string | null>;
  /** Replaces the report's name, campaign, sections and document; false unless the report is the organisation's. */
  updateReport(
    organisationId: number,
    reportId: number,
    fields: { name: string; campaignId: number; sections: string[]; document: string },
    now: string,
  ): Promise<boolean>;
  /** Inserts or replaces the document (after createReport). */
  setReportDocument(reportId: number, document: string, now: string): Promise<void>;

  /** The organisation's brand JSON; null until an administrator saves one. */
  getOrganisationBrand(organisationId: number): Promise<string | null>;
  setOrganisationBrand(organisationId: number, brand: string, now: string): Promise<void>;

  /** Stores a queued job (progress 0). */
  createGeneratedReport(g: NewGeneratedReport, now: string): Promise<GeneratedReportRecord>;
  /** The report's generated reports, newest first. */
  listGeneratedReports(organisationId: number, reportId: number): Promise<GeneratedReportRecord[]>;
  /** Null unless it exists in that organisation. */
  getGeneratedReport(organisationId: number, id: number): Promise<GeneratedReportRecord | null>;
  updateGeneratedReport(id: number, patch: GeneratedReportPatch): Promise<void>;
  /** The snapshot's canonical JSON; null before it is read or for another organisation's id. */
  getGeneratedReportSnapshot(organisationId: number, id: number): Promise<string | null>;
  getGeneratedReportFile(organisationId: number, id: number, file: 'pdf' | 'csv'): Promise<Uint8Array | null>;
  /** Marks queued and running jobs failed with `error` (a restart stopped them); how many. */
  failUnfinishedGeneratedReports(error: string, now: string): Promise<number>;
}
