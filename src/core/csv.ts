// CSV cells for exports (DESIGN §4): RFC 4180 quoting, and text that a spreadsheet would read as a formula
// (beginning with =, +, -, @, tab or carriage return) prefixed with a single quote so it stays text. Numbers
// are written as numbers: a negative change such as -12.5 is data, not a formula.

/** Byte-order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/u;
const NEEDS_QUOTES = /[",\r\n]/u;

/** One cell: '' for null, a number as written by JS, text escaped and quoted when needed. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ending with CRLF (RFC 4180). */
export function csvLine(cells: readonly (string | number | boolean | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
