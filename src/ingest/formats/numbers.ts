// Number cells of import files: positions, counts with the digit grouping spreadsheets write (`1,200`,
// `1 200`), decimals with a point or a comma, percentages (`3.7%`), and the check that catches a number a
// spreadsheet turned into a date (`cze.84`). Each returns the value or a reason string.
import { MAX_POSITION } from '@core/ctr';
import { clip } from '../normalise';

/** A position 1–100 as a whole number, or the reason. */
export function checkPosition(value: string): number | string {
  const n = wholeNumber(value);
  if (Number.isNaN(n)) return `position ${JSON.stringify(clip(value))} is not a whole number`;
  if (n < 1 || n > MAX_POSITION) return `position ${n} is outside 1–${MAX_POSITION}`;
  return n;
}

/** Digits only (surrounding spaces allowed) → the number; NaN otherwise. */
export function wholeNumber(value: string): number {
  const n = value.length;
  let i = 0;
  let j = n;
  while (i < j && value.charCodeAt(i) === 32) i++;
  while (j > i && value.charCodeAt(j - 1) === 32) j--;
  if (i === j || j - i > 15) return NaN;
  let v = 0;
  for (let k = i; k < j; k++) {
    const c = value.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
}

const NO_VALUE = new Set(['', '-', '–', '—', 'n/a', 'na', 'null', 'none', '#n/a']);
/** Digit-group separators spreadsheets and tools write: comma, space, no-break spaces, apostrophes. */
const GROUPED = /^\d{1,3}(?:([, \u00a0\u202f'’])\d{3})(?:\1\d{3})*$/u;
const DATE_LIKE = /^(?:\p{L}{3,5}\.?[.\-/ ]\d{1,4}|\d{1,4}[.\-/ ]\p{L}{3,5}\.?)$/u;

/** True for a cell a spreadsheet turned from a number into a date (`cze.84`, `01.wrz`, `12-Jan`). */
export function looksLikeMangledNumber(value: string): boolean {
  return DATE_LIKE.test(value.trim());
}

function numberReason(value: string, what: string): string {
  if (looksLikeMangledNumber(value)) {
    return `${what} ${JSON.stringify(clip(value))} is not a number: it looks like a number a spreadsheet turned into a date`;
  }
  return `${what} ${JSON.stringify(clip(value))} is not a number`;
}

/**
 * A count (clicks, impressions, search volume): a non-negative whole number, digits optionally grouped by
 * `,`, space, no-break space or apostrophe (`1,200`, `1 200`), or written as a float with a zero fraction
 * (`420231.0`). `1.200` is refused: it could be 1.2 or 1200.
 */
export function checkCount(value: string, what: string): number | string {
  const v = value.trim();
  const plain = wholeNumber(v);
  if (!Number.isNaN(plain)) return plain;
  if (GROUPED.test(v)) return Number(v.replace(/[, \u00a0\u202f'’]/gu, ''));
  if (/^\d+\.0+$/u.test(v)) return Number(v.slice(0, v.indexOf('.')));
  if (/^\d{1,3}(\.\d{3})+$/u.test(v)) return `${what} ${JSON.stringify(v)} is ambiguous (1.2 or 1200?)`;
  if (/^-\d/u.test(v)) return `${what} ${JSON.stringify(clip(v))} is negative`;
  return numberReason(v, what);
}

export type VolumeCell = { sv: number | null; range?: boolean } | { error: string; mangled: boolean };

/**
 * A monthly search volume cell: a count, or unknown (`''`, `-`, `n/a` → null). A range such as `1K – 10K` or
 * `< 10` (Keyword Planner without an active campaign) is unknown too, flagged `range` so the caller can warn.
 */
export function checkVolume(value: string): VolumeCell {
  const v = value.trim();
  if (NO_VALUE.has(v.toLowerCase())) return { sv: null };
  const n = checkCount(v, 'search volume');
  if (typeof n === 'number')
    return n > 2_147_483_647 ? { error: `search volume ${v} is too large`, mangled: false } : { sv: n };
  if (/^(?:[<>≤≥]\s*\d[\d,.\s]*[kmb]?|\d[\d,.]*\s*[kmb]?\s*[-–—]\s*\d[\d,.]*\s*[kmb]?)$/iu.test(v)) {
    return { sv: null, range: true };
  }
  return { error: n, mangled: looksLikeMangledNumber(v) };
}

/**
 * A decimal such as `25.74` or `25,74` (a lone comma with other than three digits after it is a decimal
 * comma; `1,234` is refused as ambiguous). Returns the number or the reason.
 */
export function checkDecimal(value: string, what: string): number | string {
  const v = value.trim().replace(/[\u00a0\u202f ]/gu, '');
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/iu.test(v)) return Number(v);
  if (/^-?\d+,\d+$/u.test(v)) {
    if (/,\d{3}$/u.test(v)) return `${what} ${JSON.stringify(v)} is ambiguous (decimal or thousands comma?)`;
    return Number(v.replace(',', '.'));
  }
  return numberReason(value, what);
}

/** A click-through rate: `3.7%` → 0.037, or a fraction `0.037` as the API writes it; 0–1. */
export function checkCtr(value: string): number | string {
  const v = value.trim();
  const pct = v.endsWith('%');
  const n = checkDecimal(pct ? v.slice(0, -1) : v, 'CTR');
  if (typeof n === 'string') return n;
  // Scale by the decimal exponent, not by dividing: `3.7e-2` reads as 0.037 exactly, 3.7 / 100 does not.
  const f = !pct ? n : String(n).includes('e') ? n / 100 : Number(`${n}e-2`);
  if (!(f >= 0 && f <= 1)) return `CTR ${JSON.stringify(v)} is outside 0–100 %`;
  return f;
}

/**
 * Checks a cell of a numeric column the importer does not store (trend, difficulty, CPC …) so that a value a
 * spreadsheet mangled is reported rather than passed over: any decimal, percentage, `inf`/`nan` (written by
 * tools that divide by zero) or an empty cell is fine. Returns null or the reason.
 */
export function checkNumericCell(value: string, what: string): string | null {
  const v = value.trim();
  if (NO_VALUE.has(v.toLowerCase()) || /^[-+]?(inf|infinity|nan)$/iu.test(v)) return null;
  const body = v.replace(/^[$€£¥]|[%$€£¥]$/gu, '').trim();
  if (typeof checkDecimal(body, what) === 'number' || typeof checkCount(body, what) === 'number') return null;
  if (/^[-+]?\d{1,3}([, \u00a0\u202f]\d{3})*(\.\d+)?$/u.test(body)) return null;
  return numberReason(v, what);
}
