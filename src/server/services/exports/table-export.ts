// A table for download as data — a header and rows of cells — written either as CSV (UTF-8 with a byte-order
// mark, formula-looking text escaped: src/core/csv.ts) or as an XLSX workbook of one sheet (numbers as
// numbers, text as text, the header bold and frozen), so that one service method feeds both formats.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
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

/**
 * The table as an XLSX workbook, written row by row into the returned stream (exceljs' streaming writer
 * keeps one row in memory, not the sheet): a 100,000-row export does not hold the workbook.
 */
export function toXlsx(table: TableExport): FileExport {
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(table.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const write = async () => {
    const header = sheet.addRow([...table.header]);
    header.font = { bold: true };
    header.commit();
    for (const row of table.rows) sheet.addRow(row.map(xlsxValue)).commit();
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { filename: `${table.name}.xlsx`, contentType: EXPORT_CONTENT_TYPES.xlsx, stream };
}

/** The table in `format`. */
export function exportAs(table: TableExport, format: ExportFormat): FileExport {
  return format === 'xlsx' ? toXlsx(table) : toCsv(table);
}
