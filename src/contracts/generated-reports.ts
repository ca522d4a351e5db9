// Generated reports (issue 31 item 4): one run of a report definition — its period resolved, the answers of
// every read its widgets made stored as a data snapshot with its SHA-256, rendered to PDF by the system
// Chromium from that snapshot, plus a ZIP of CSV files of every table in it. A job record carries the status
// and progress the web app polls; a failure keeps its reason and can be retried. Two generated reports of the
// same definition compare table by table.
import { z } from 'zod';
import { idParam } from './common';
import { reportBlock, reportBrand } from './reports';

export const GENERATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const generatedReport = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  title: z.string(),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  /** What it is doing, for the progress bar: "reading the data", "rendering the PDF", … */
  phase: z.string(),
  /** Why it failed (null unless failed). */
  error: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  /** SHA-256 (hex) of the canonical JSON of the data snapshot; null until the data is read. */
  snapshotHash: z.string().nullable(),
  pdfBytes: z.number().int().nullable(),
  /** Milliseconds the last run took, from start to done. */
  durationMs: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GeneratedReport = z.infer<typeof generatedReport>;

export const generatedReportsResponse = z.object({ items: z.array(generatedReport) });

/** What a generated report shows, fixed when it is generated: scope, period, brand and blocks. */
export const reportSpec = z.object({
  reportId: z.number().int(),
  title: z.string(),
  brand: reportBrand,
  period: z.object({ from: z.string(), to: z.string(), label: z.string() }),
  /** The day the period was resolved on (YYYY-MM-DD, UTC). */
  generatedOn: z.string(),
  campaign: z.object({
    id: z.number().int(),
    name: z.string(),
    projectId: z.number().int(),
    market: z.string(),
  }),
  blocks: z.array(reportBlock),
});
export type ReportSpec = z.infer<typeof reportSpec>;

/** The data a generated report is drawn from: its spec and every GET answer its widgets read, by address. */
export const reportSnapshot = z.object({
  version: z.literal(1),
  spec: reportSpec,
  responses: z.record(z.string(), z.unknown()),
});
export type ReportSnapshot = z.infer<typeof reportSnapshot>;

export const tableComparison = z.object({
  name: z.string(),
  rowsA: z.number().int(),
  rowsB: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changes: z.array(
    z.object({
      row: z.string(),
      column: z.string(),
      a: z.number().nullable(),
      b: z.number().nullable(),
      delta: z.number().nullable(),
    }),
  ),
  changedCells: z.number().int(),
});

export const reportComparison = z.object({
  a: generatedReport,
  b: generatedReport,
  /** One per answer read (by address) in either report, with the tables that differ. */
  sections: z.array(z.object({ source: z.string(), tables: z.array(tableComparison) })),
});
export type ReportComparison = z.infer<typeof reportComparison>;

export const generatedIdParams = z.object({ id: idParam });
export const compareQuery = z.object({ a: idParam, b: idParam });
