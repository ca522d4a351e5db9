// Shared pieces of every contract: the error envelope of DESIGN §4, ids, dates, the role enum, and the host,
// market and time parameters of the market-share family of screens.
import { z } from 'zod';
import { DEFAULT_TIME_SPAN, TIME_SPANS } from '@core/date-range';
import { ROLES } from '@core/roles';

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = z.coerce.number().int().positive();
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
export const role = z.enum(ROLES);
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'expected an email address such as analyst@example.com' }));

/** A host to study (DESIGN §3 host match): a registrable domain, a host, or a host with a path. */
export const hostParam = z
  .string()
  .trim()
  .min(1, 'name the host, e.g. host=example.com')
  .max(500, 'use at most 500 characters')
  .describe('A registrable domain, host or host with path (DESIGN §3 host match)');
export const marketParam = z
  .string()
  .regex(/^[a-z]{2}-[a-z]{2}(-mobile)?$/u, 'expected a market code such as gb-en or us-en-mobile');
/** Spec §2 `time`: how far back from today the comparison reaches; default year. */
export const timeSpanParam = z
  .enum(TIME_SPANS, { error: `expected one of ${TIME_SPANS.join(', ')}` })
  .default(DEFAULT_TIME_SPAN)
  .describe('Compare with this long before the latest snapshot');

/** Formats a table download comes in: CSV (UTF-8 with BOM) or an XLSX workbook of one sheet. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Media type of each download format. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The body of a download, as OpenAPI documents it. */
export const fileResponse = (format: ExportFormat) =>
  z
    .string()
    .describe(
      format === 'csv'
        ? 'text/csv; charset=utf-8, with BOM'
        : `${EXPORT_CONTENT_TYPES.xlsx}: one sheet, header row frozen`,
    );
