// A table for download as data — a header and rows of cells — written either as CSV (UTF-8 with a byte-order
// mark, formula-looking text escaped: src/core/csv.ts) or as an XLSX workbook of one sheet (numbers as
// numbers, text as text, the header bold and frozen), so that one service method feeds both formats; and
// several tables as one workbook of a sheet each (a generated report's XLSX bundle).
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@contracts/common';
import { CSV_BOM, CSV_DECIMALS, csvLine } from '@core/csv';
import type { CsvExport } from '../campaign-visibility/csv';

export type ExportCell = string | number | boolean | null;

export interface TableExport {
  /** File name without its extension. */
  name: string;
  /** Sheet name in the workbook (31 characters at most, Excel's limit; longer ones are cut). */
  sheet: string;
  header: readonly string[];
  rows: Iterable<readonly ExportCell[]>;
}

/** A download: its file name, its media type and its bytes as they are written. */
export interface FileExport extends CsvExport {
  contentType: string;
}

export function toCsv(table: TableExport): FileExport {
  function* lines(): Generator<string> {
    yield CSV_BOM + csvLine(table.header);
    for (const row of table.rows) yield csvLine(row);
  }
  return {
    filename: `${table.name}.csv`,
    contentType: EXPORT_CONTENT_TYPES.csv,
    stream: Readable.from(lines()),
  };
}

/** Excel keeps 15 significant digits; the CSV's rounding keeps both files' numbers the same. */
const SCALE = 10 ** CSV_DECIMALS;
function xlsxValue(cell: ExportCell): ExcelJS.CellValue {
  if (typeof cell !== 'number' || Number.isInteger(cell)) return cell;
  return Number.isFinite(cell) ? Math.round(cell * SCALE) / SCALE : null;
}

type XlsxBook = ExcelJS.stream.xlsx.WorkbookWriter;

/** Writes one table as a sheet of `book` (header bold and frozen), row by row, and commits the sheet. */
async function writeSheet(book: XlsxBook, table: TableExport, sheetName: string): Promise<void> {
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const header = sheet.addRow([...table.header]);
  header.font = { bold: true };
  header.commit();
  for (const row of table.rows) sheet.addRow(row.map(xlsxValue)).commit();
  sheet.commit();
}

const newBook = (stream: PassThrough): XlsxBook =>
  new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });

/**
 * The table as an XLSX workbook, written row by row into the returned stream (exceljs' streaming writer
 * keeps one row in memory, not the sheet): a 100,000-row export does not hold the workbook.
 */
export function toXlsx(table: TableExport): FileExport {
  const stream = new PassThrough();
  const book = newBook(stream);
  const write = async () => {
    await writeSheet(book, table, table.sheet.slice(0, 31));
    await book.commit();
  };
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { filename: `${table.name}.xlsx`, contentType: EXPORT_CONTENT_TYPES.xlsx, stream };
}

/**
 * Sheet names for `tables`: each cut to Excel's 31 characters and made unique (Excel refuses two sheets of
 * one name, case-insensitively) by ending a repeated one with `~2`, `~3`, …
 */
function sheetNames(tables: readonly TableExport[]): string[] {
  const taken = new Set<string>();
  return tables.map((t) => {
    // Excel also refuses these characters in a sheet name.
    const base = t.sheet.replace(/[[\]*?:/\\]/g, '-');
    let name = base.slice(0, 31);
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - `~${n}`.length)}~${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * Several tables as one XLSX workbook, one sheet each, in memory (a report's tables are small). `created`
 * stamps the workbook's created and modified dates and every part of its ZIP, so the same tables and date
 * always give the same bytes (exceljs would stamp the time of writing).
 */
export async function xlsxWorkbook(tables: readonly TableExport[], created: Date): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const book = newBook(stream);
  book.created = created;
  book.modified = created;
  const names = sheetNames(tables);
  for (const [i, table] of tables.entries()) await writeSheet(book, table, names[i]!);
  await book.commit();
  await ended;
  // exceljs' ZIP stamps each part with the time of writing: zip the same parts again with `created`.
  return zipSync(unzipSync(new Uint8Array(Buffer.concat(chunks))), { mtime: created });
}

/** The table in `format`. */
export function exportAs(table: TableExport, format: ExportFormat): FileExport {
  return format === 'xlsx' ? toXlsx(table) : toCsv(table);
}
