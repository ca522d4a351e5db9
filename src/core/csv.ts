// CSV cells for exports (DESIGN §4): RFC 4180 quoting, and text that a spreadsheet would read as a formula
// (beginning with =, +, -, @, their full-width forms ＝ ＋ － ＠ that some spreadsheets also read, tab or
// carriage return) prefixed with a single quote so it stays text. Numbers are written as numbers: a negative
// change such as -12.5 is data, not a formula; they are rounded to CSV_DECIMALS places, which the screens
// never exceed, so sums carry no float noise (4709.641750023968 → 4709.6418).

/** Byte-order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u;
/** Decimal places of a number in a CSV cell. */
export const CSV_DECIMALS = 4;
const SCALE = 10 ** CSV_DECIMALS;
const NEEDS_QUOTES = /[",\r\n]/u;

/** One cell: '' for null, a number as written by JS, text escaped and quoted when needed. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    // Integers and numbers too large to scale exactly are written as they are.
    if (Number.isInteger(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER / SCALE) return String(value);
    const rounded = Math.round(value * SCALE) / SCALE;
    return String(rounded === 0 ? 0 : rounded);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ending with CRLF (RFC 4180). */
export function csvLine(cells: readonly (string | number | boolean | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
