// The driver every CSV importer shares: decode, read records, find the header row, hand each data row to
// the format's row handler, and yield one batch per chunk of input. Header names are compared in a
// normalised form (`headerKey`), so `Search Volume`, `search_volume` and `search-volume` are one column.
import { CsvReader } from './csv-reader';
import type { CsvSink } from './csv-reader';
import type { FileContext } from './context';
import { TextReader } from './text';
import type { ByteSource } from './text';
import type { ParseBatch } from '../records';

/** Handles one data row: pushes records or rejects onto the context. */
export type RowHandler = (cells: string[], line: number) => void;

/** A row handler that can also read an unquoted line in place (`text.slice(start, end)` is the line). */
export interface FastRowHandler {
  cells: RowHandler;
  plain(text: string, start: number, end: number, line: number): void;
}

export interface TableSpec {
  /**
   * Looks at a candidate header row: returns the row handler for the rows below it, a reason string when the
   * header is unusable (the file is rejected whole), or null to try the next row (up to `headerSearch` rows,
   * for exports with title lines above the header).
   */
  header(cells: string[], line: number, delimiter: string): RowHandler | FastRowHandler | string | null;
  headerSearch?: number;
  /** Fixed delimiter; sniffed from the first lines when absent. */
  delimiter?: string;
  /** What a header of this format looks like, for the "no header" error. */
  expected: string;
}

/**
 * Lower case, trimmed, BOM removed, camelCase split, and runs of spaces, `_`, `-`, `.` and brackets as one
 * space: `Avg. monthly searches`, `avg_monthly_searches` and `avgMonthlySearches` are one key.
 */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/u, '')
    .replace(/([a-z])([A-Z][a-z])/gu, '$1 $2')
    .toLowerCase()
    .replace(/[\s_.()[\]-]+/gu, ' ')
    .trim();
}

/** Index of the first header key in `names`, or -1. */
export function findColumn(keys: readonly string[], names: readonly string[]): number {
  for (const n of names) {
    const i = keys.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
}

export async function* readTable(
  source: ByteSource,
  ctx: FileContext,
  spec: TableSpec,
): AsyncGenerator<ParseBatch> {
  const text = new TextReader(ctx.file, source, ctx.warnings);
  const csv = new CsvReader(text, {
    file: ctx.file,
    delimiter: spec.delimiter,
    maxLineLength: ctx.options.maxLineLength,
  });
  let rows: RowHandler | null = null;
  let fast: FastRowHandler | null = null;
  let searched = 0;
  let failed = false;
  const limit = spec.headerSearch ?? 1;
  const header = (cells: string[], line: number) => {
    if (failed) return;
    const h = spec.header(cells, line, csv.delimiter);
    searched++;
    if (typeof h === 'function') rows = h;
    else if (h !== null && typeof h === 'object') {
      rows = h.cells;
      fast = h;
    } else if (typeof h === 'string') {
      ctx.reject(line, 'missing-column', h, { fatal: true });
      failed = true;
    } else if (searched >= limit) {
      ctx.reject(line, 'missing-column', `no header row found: ${spec.expected}`, { fatal: true });
      failed = true;
    }
  };
  const sink: CsvSink = {
    plain(t, start, end, line) {
      if (fast !== null) {
        ctx.rowsRead++;
        fast.plain(t, start, end, line);
      } else {
        const cells = t.slice(start, end).split(csv.delimiter);
        if (rows !== null) {
          ctx.rowsRead++;
          rows(cells, line);
        } else header(cells, line);
      }
    },
    quoted(cells, line) {
      if (rows !== null) {
        ctx.rowsRead++;
        rows(cells, line);
      } else header(cells, line);
    },
  };
  for await (const _ of csv.run(sink)) {
    if (failed) break;
    if (csv.rejects.length > 0) ctx.rejects.push(...csv.rejects.splice(0));
    yield ctx.batch(text.bytesRead);
  }
  if (csv.rejects.length > 0) ctx.rejects.push(...csv.rejects.splice(0));
  if (!failed && text.error === null) {
    if (text.empty) ctx.reject(null, 'empty', 'the file is empty', { fatal: true });
    else if (rows === null)
      ctx.reject(null, 'missing-column', `no header row found: ${spec.expected}`, { fatal: true });
  }
  yield ctx.finish(text.bytesRead);
}

/** Text of a cell, trimmed; '' when the row is short. */
export function cell(cells: readonly string[], i: number): string {
  if (i < 0) return '';
  const v = cells[i];
  return v === undefined ? '' : v.trim();
}

/**
 * Checks the number of cells against the header: a short row is fine (missing cells read as empty), extra
 * cells are fine when empty; otherwise returns the reason.
 */
export function extraCells(cells: readonly string[], width: number): string | null {
  if (cells.length <= width) return null;
  for (let i = width; i < cells.length; i++) {
    if (cells[i]!.trim() !== '') {
      return `the row has ${cells.length} fields, the header ${width}: is there an unquoted delimiter in a value?`;
    }
  }
  return null;
}
