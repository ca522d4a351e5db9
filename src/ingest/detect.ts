// Which import format a file is, from its name and first bytes (the `--format` option overrides it). JSON
// is told apart by the keys each provider writes; CSV by its header row (the first of up to ten lines, since
// Keyword Planner puts title lines above it). When nothing matches, the error lists every known format.
import { parse as parseCsvSync } from 'csv-parse/sync';
import { basename } from 'node:path';
import { sniffDelimiter } from './formats/csv-reader';
import { GSC_EXPORT_FILES, gscHeaderKind } from './formats/gsc';
import { KEYWORD_COLUMNS } from './formats/keywords';
import { isRankSheetHeader } from './formats/rank-sheet';
import { SERP_CSV_COLUMNS } from './formats/serp-csv';
import { isSerpBearHeader } from './formats/serpbear';
import { findColumn, headerKey } from './formats/table';

export const FORMATS = {
  'serp-csv': 'generic SERP CSV: date, market, keyword, position, url [, result_type, search_volume, title]',
  serpapi: 'SerpApi Google JSON (engines google, google_light, google_light_fast), one response or an array',
  dataforseo: 'DataForSEO SERP JSON (Google organic, local finder)',
  valueserp: 'ValueSERP / ScaleSERP JSON, bare or wrapped as {status, data}',
  serpbear: 'SerpBear CSV export (keywords or Search Console)',
  'rank-sheet':
    'wide rank-tracker sheet: Keyword [, Group, volume], then one position column per date × device',
  'gsc-export': 'Search Console web export: folder or .zip of Queries.csv, Pages.csv …, or one of its tables',
  'gsc-api': 'Search Console API rows as CSV: date, page, query … with clicks, impressions, ctr, position',
  keywords: 'keyword list with volumes: Keyword Planner, Ahrefs, Semrush CSV (, ; or tab) or a JSON list',
} as const;

export type FormatId = keyof typeof FORMATS;

export function isFormatId(value: string): value is FormatId {
  return Object.hasOwn(FORMATS, value);
}

/** The list of known formats, one per line, for error messages and `--help`. */
export function knownFormats(): string {
  return Object.entries(FORMATS)
    .map(([id, what]) => `  ${id}: ${what}`)
    .join('\n');
}

/** The message for a `--format` value that is not a format. */
export function unknownFormatMessage(given: string): string {
  return `unknown format ${JSON.stringify(given)}; the known formats are:\n${knownFormats()}`;
}

export type Detection = { format: FormatId } | { error: string; code: 'unknown-format' | 'binary' };

/** Bytes of a file's start that detection looks at. */
export const DETECT_BYTES = 64 * 1024;

/** True when the file name is one of the Search Console web export's tables. */
export function isGscExportFileName(name: string): boolean {
  return GSC_EXPORT_FILES.includes(basename(name).toLowerCase());
}

/** The format of a file from its name and its first bytes (up to DETECT_BYTES). */
export function detectFormat(name: string, head: Uint8Array): Detection {
  const fail = (why: string): Detection => ({
    error: `cannot tell the format of ${name}: ${why}. The known formats are:\n${knownFormats()}\nChoose one with --format.`,
    code: 'unknown-format',
  });
  if (head.length === 0) return fail('the file is empty');
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) {
    return fail(
      'it is a ZIP archive that is not a Search Console export (an Excel workbook? save it as CSV)',
    );
  }
  const text = headText(head);
  if (text === null)
    return {
      error:
        'the file is binary, not text (it holds NUL bytes): import CSV or JSON text, such as a report exported as CSV',
      code: 'binary',
    };
  if (isGscExportFileName(name)) return { format: 'gsc-export' };
  const start = text.trimStart();
  if (start.startsWith('{') || start.startsWith('['))
    return detectJson(start) ?? fail('it is JSON, but not a SERP response or keyword list Sightline knows');
  const lines = text.split(/\r?\n/u);
  if (head.length >= DETECT_BYTES) lines.pop();
  const rows = lines.slice(0, 10).filter((l) => l.trim() !== '');
  if (rows.length === 0) return fail('it has no lines of text');
  const delimiter = sniffDelimiter(rows);
  const cells = rows.map((l) => splitLine(l, delimiter));
  const header = cells[0]!;
  const keys = header.map(headerKey);
  if (isSerpBearHeader(header)) return { format: 'serpbear' };
  const gsc = gscHeaderKind(header);
  if (gsc === 'filters' || gsc === 'export') return { format: 'gsc-export' };
  if (gsc === 'api') return { format: 'gsc-api' };
  const has = (names: readonly string[]) => findColumn(keys, names) >= 0;
  // Three of the generic format's required columns make it the generic format (its parser then names
  // whatever is missing).
  const { date, market, keyword, position, url } = SERP_CSV_COLUMNS;
  if (has(keyword) && [date, market, keyword, position, url].filter(has).length >= 3)
    return { format: 'serp-csv' };
  if (isRankSheetHeader(header)) return { format: 'rank-sheet' };
  if (cells.some((row) => findColumn(row.map(headerKey), KEYWORD_COLUMNS.keyword) >= 0))
    return { format: 'keywords' };
  return fail(
    `no known header (the first line has ${header
      .map((c) => c.trim())
      .slice(0, 12)
      .join(', ')})`,
  );
}

function detectJson(text: string): Detection | null {
  if (/"search_metadata"\s*:/u.test(text) && /"engine"\s*:\s*"google/u.test(text))
    return { format: 'serpapi' };
  if (/"json_endpoint"\s*:\s*"https:\/\/serpapi\.com/u.test(text)) return { format: 'serpapi' };
  if (/"tasks"\s*:/u.test(text) || /"tasks_count"\s*:/u.test(text) || /"rank_absolute"\s*:/u.test(text))
    return { format: 'dataforseo' };
  if (/"request_info"\s*:/u.test(text) || /"block_position"\s*:/u.test(text)) return { format: 'valueserp' };
  if (/"search_parameters"\s*:/u.test(text) && /"organic_results"\s*:/u.test(text))
    return { format: 'serpapi' };
  const keyword = KEYWORD_COLUMNS.keyword.map((k) => k.replace(/ /gu, '[ _]?')).join('|');
  if (new RegExp(`"(${keyword})"\\s*:`, 'iu').test(text) || /^\[\s*"/u.test(text))
    return { format: 'keywords' };
  return null;
}

/** Decoded start of a file (UTF-8, or UTF-16 by BOM or zero bytes); null when it looks binary. */
function headText(head: Uint8Array): string | null {
  let encoding = 'utf-8';
  let skip = 0;
  if (head[0] === 0xff && head[1] === 0xfe) [encoding, skip] = ['utf-16le', 2];
  else if (head[0] === 0xfe && head[1] === 0xff) [encoding, skip] = ['utf-16be', 2];
  else if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) skip = 3;
  else if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0) encoding = 'utf-16le';
  else if (head.length >= 4 && head[0] === 0 && head[2] === 0 && head[1] !== 0) encoding = 'utf-16be';
  const bytes = head.subarray(skip);
  if (encoding === 'utf-8' && bytes.indexOf(0) >= 0) return null;
  return new TextDecoder(encoding).decode(bytes);
}

/** Cells of one line (quotes honoured when the line parses as CSV). */
function splitLine(line: string, delimiter: string): string[] {
  try {
    const rows = parseCsvSync(line, { delimiter, relax_column_count: true, relax_quotes: true });
    if (rows.length > 0) return rows[0]!;
  } catch {
    // A line cut off inside quotes: fall back to a plain split.
  }
  return line.split(delimiter);
}
