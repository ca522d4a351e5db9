// SQL text helpers of the campaign-visibility queries on ClickHouse. 18.16 has no query parameters, so every
// value is rendered by escape.ts lit(); these helpers add the checks and shapes the queries share: calendar
// dates inside ClickHouse's Date range, integer id sets that stay one AST element however long, and the
// column conversions of result rows (64-bit integers arrive as strings).
import { addDays } from '@core/date-range';
import { checkDate } from '../../input';
import { int } from '../client';
import { lit, SqlDate } from '../escape';

/** ClickHouse's Date covers these days (escape.ts SqlDate); nothing outside them can be stored. */
export const FIRST_DATE = '1970-01-01';
export const LAST_DATE = '2105-12-31';

/** `toDate('YYYY-MM-DD')` for a checked calendar date inside the Date range. */
export function dateLit(date: string): string {
  checkDate(date);
  return lit(new SqlDate(date));
}

/** The part of a closed date interval that ClickHouse can hold, or null when none of it. */
export function storable(lo: string, hi: string): { lo: string; hi: string } | null {
  const a = lo < FIRST_DATE ? FIRST_DATE : lo;
  const b = hi > LAST_DATE ? LAST_DATE : hi;
  return a <= b ? { lo: a, hi: b } : null;
}

/** A date `days` away, checked first (so a malformed date is an input error, not a RangeError of the math). */
export function shifted(date: string, days: number): string {
  checkDate(date);
  return addDays(date, days);
}

/** `[toDate(…), …]` of checked dates. */
export function dateArray(dates: readonly string[]): string {
  return `[${dates.map(dateLit).join(', ')}]`;
}

/** The set of integers for `column IN (…)`: one array literal, typed UInt32 like every id column. */
export function idSet(ids: Iterable<number>): string {
  const out: number[] = [];
  for (const v of ids) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`expected an id, got ${v}`);
    out.push(v);
  }
  if (out.length === 0) throw new RangeError('an IN set needs at least one value');
  return `(SELECT toUInt32(arrayJoin(${lit(out)})))`;
}

/** The set of strings for `column IN (…)`, as one array literal. */
export function stringSet(values: readonly string[]): string {
  if (values.length === 0) throw new RangeError('an IN set needs at least one value');
  return `(SELECT arrayJoin(${lit(values)}))`;
}

/** The CTR curve as an Array(Float64) literal: `${ctr}[position]` is ctr(position) (arrays are 1-based). */
export function ctrArray(ctr: readonly number[]): string {
  return `CAST(${lit(ctr)} AS Array(Float64))`;
}

/** A finite number as a Float64 literal (bounds of buckets and column filters). */
export function numLit(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`expected a finite number, got ${value}`);
  return `toFloat64(${lit(value)})`;
}

/** A count or other integer column (UInt64 arrives as a string). */
export const count = (v: unknown): number => int(v);

/** A nullable integer column. */
export const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : int(v));

/** A Float64 column (finite numbers arrive as JSON numbers). */
export function float(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || Number.isNaN(n)) throw new RangeError(`expected a number, got ${String(v)}`);
  return n;
}
