// Import jobs (issue 3): the upload/API request options and the job every import becomes — its status,
// progress while it runs (bytes and rows so far), and the summary when it ends (rows read, written and
// rejected, warnings, what was written by kind, the first rejects with file, line and reason).
import { z } from 'zod';
import { hasUnsafeCharacters, parseTrackedValue, quoteUnsafe } from '@core/tracked-value';

export const IMPORT_FORMATS = [
  'serp-csv',
  'serpapi',
  'dataforseo',
  'valueserp',
  'serpbear',
  'rank-sheet',
  'gsc-export',
  'gsc-api',
  'keywords',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  'serp-csv': 'Generic SERP CSV',
  serpapi: 'SerpApi JSON',
  dataforseo: 'DataForSEO JSON',
  valueserp: 'ValueSERP / ScaleSERP JSON',
  serpbear: 'SerpBear CSV',
  'rank-sheet': 'Rank-tracker sheet',
  'gsc-export': 'Search Console export',
  'gsc-api': 'Search Console API rows',
  keywords: 'Keyword list',
};

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Why a file name cannot be kept (it is shown in the job and in messages), or null when it can. */
export function unsafeFileName(name: string): string | null {
  return hasUnsafeCharacters(name)
    ? `the file name ${quoteUnsafe(name)} holds control characters (NUL, CR, LF …) or text-direction ` +
        'overrides (U+202A–U+202E, U+2066–U+2069): rename the file'
    : null;
}

/** The site an import's rank sheet or Search Console rows belong to: checked before the first trim. */
const importTarget = z
  .string()
  .max(500)
  .superRefine((v, ctx) => {
    // Surrounding spaces are trimmed, but a CR or LF at either end is refused like one inside.
    const parsed = hasUnsafeCharacters(v)
      ? {
          ok: false as const,
          reason: 'it holds control characters (NUL, CR, LF …) or text-direction overrides',
        }
      : parseTrackedValue(v);
    if (!parsed.ok && v.trim() !== '') {
      ctx.addIssue({
        code: 'custom',
        message: `${quoteUnsafe(v)} is not a site (a domain or host such as www.example.com): ${parsed.reason}`,
      });
    }
  })
  .trim()
  .pipe(z.string().min(1, 'name the site, e.g. target=www.example.com'));

/** Query options of POST /api/v1/imports (the same for a multipart upload and a raw body). */
export const importOptions = z.object({
  format: z.enum(IMPORT_FORMATS, { message: `expected one of ${IMPORT_FORMATS.join(', ')}` }).optional(),
  market: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}-[a-z]{2}(-mobile)?$/, 'expected a market code such as gb-en or us-en-mobile')
    .optional(),
  campaign: z.coerce.number().int().positive().optional(),
  target: importTarget.optional(),
  dryRun: flag.optional(),
  /** File name of a raw (non-multipart) body; it helps format detection. */
  name: z
    .string()
    .max(500)
    .superRefine((v, ctx) => {
      const problem = unsafeFileName(v);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .trim()
    .pipe(z.string().min(1, 'name the file, e.g. name=ranks.csv'))
    .optional(),
});
export type ImportOptions = z.infer<typeof importOptions>;

export const importStatus = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type ImportStatus = z.infer<typeof importStatus>;

export const importReject = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().optional(),
  field: z.string().optional(),
  pointer: z.string().optional(),
  code: z.string(),
  reason: z.string(),
  fatal: z.boolean().optional(),
});
export type ImportReject = z.infer<typeof importReject>;

export const importWarning = z.object({
  file: z.string(),
  code: z.string(),
  message: z.string(),
  count: z.number().int(),
  line: z.number().int().optional(),
});
export type ImportWarning = z.infer<typeof importWarning>;

export const importWritten = z.object({
  keywords: z.number().int(),
  serpResults: z.number().int(),
  snapshots: z.number().int(),
  rankObservations: z.number().int(),
  searchConsoleRows: z.number().int(),
  campaignKeywords: z.number().int(),
});

export const importJob = z.object({
  id: z.number().int(),
  status: importStatus,
  files: z.array(z.string()),
  format: z.string().nullable(),
  formats: z.array(z.string()),
  market: z.string().nullable(),
  campaignId: z.number().int().nullable(),
  target: z.string().nullable(),
  dryRun: z.boolean(),
  /** While running: what the import is doing now. */
  phase: z.enum(['queued', 'reading', 'writing', 'done']),
  bytesTotal: z.number().nullable(),
  bytesRead: z.number(),
  rowsRead: z.number(),
  rowsWritten: z.number(),
  rowsRejected: z.number(),
  written: importWritten,
  warningCount: z.number(),
  warnings: z.array(importWarning),
  rejects: z.array(importReject),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof importJob>;

export const importJobsResponse = z.object({ items: z.array(importJob) });
export type ImportJobsResponse = z.infer<typeof importJobsResponse>;
