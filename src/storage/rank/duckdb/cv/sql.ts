// SQL text helpers of the campaign-visibility queries: bound parameters collected per statement, and the
// few literals the adapter writes itself (validated dates, integer ids, numbers), which DuckDB needs as
// constants to prune row groups by their min/max.
import {
  DOUBLE,
  INTEGER,
  LIST,
  listValue,
  VARCHAR,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { checkDate } from '../../input';

/** Parameters of one statement: `add` returns the placeholder to write into the SQL. */
export class Binds {
  readonly values: DuckDBValue[] = [];
  readonly types: DuckDBType[] = [];

  add(value: DuckDBValue, type: DuckDBType): string {
    this.values.push(value);
    this.types.push(type);
    return `$${this.values.length}`;
  }

  strings(values: readonly string[]): string {
    return this.add(listValue([...values]), LIST(VARCHAR));
  }

  string(value: string): string {
    return this.add(value, VARCHAR);
  }

  int(value: number): string {
    return this.add(value, INTEGER);
  }

  /** Integers (checked ids) as an INTEGER[] parameter: a list of thousands parses far slower as a literal. */
  ints(values: readonly number[]): string {
    for (const v of values) checkInt(v);
    return this.add(listValue([...values]), LIST(INTEGER));
  }

  double(value: number): string {
    return this.add(value, DOUBLE);
  }

  /** The CTR curve as a DOUBLE[] parameter: `$n[position]` is ctr(position) (lists are 1-based). */
  doubles(values: readonly number[]): string {
    return this.add(listValue([...values]), LIST(DOUBLE));
  }
}

/** `DATE 'YYYY-MM-DD'` for a checked calendar date. */
export function dateLit(date: string): string {
  checkDate(date);
  return `DATE '${date}'`;
}

function checkInt(v: number): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`expected an integer, got ${v}`);
}

/** A non-empty comma-separated list of integers (ids, codes) for `IN (…)`. */
export function intList(values: Iterable<number>): string {
  const out: string[] = [];
  for (const v of values) {
    checkInt(v);
    out.push(String(v));
  }
  if (out.length === 0) throw new RangeError('an IN list needs at least one value');
  return out.join(', ');
}

/** Integers as the rows of a one-column VALUES table: `(1), (2)`. */
export function intRows(values: Iterable<number>): string {
  const rows = [...values].map((v) => `(${intList([v])})`);
  if (rows.length === 0) throw new RangeError('a VALUES table needs at least one row');
  return rows.join(', ');
}

/** A finite number as a SQL literal (bounds of buckets and column filters). */
export function numLit(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`expected a finite number, got ${value}`);
  return `CAST(${JSON.stringify(value)} AS DOUBLE)`;
}

/**
 * The CTR curve as a DOUBLE[] literal, for SQL that cannot take parameters (views): exponent notation makes
 * each element a DOUBLE, parsed to exactly the JS number (toExponential gives the shortest round-trip digits).
 */
export function doublesLit(values: readonly number[]): string {
  return `[${values
    .map((v) => {
      if (!Number.isFinite(v)) throw new RangeError(`expected a finite number, got ${v}`);
      return v.toExponential();
    })
    .join(', ')}]`;
}

/**
 * Days since 1970-01-01 of a DATE column: a number converts far faster than a string when a result has
 * thousands of rows; epochDay maps a known date to it.
 */
export function daysOf(column: string): string {
  return `(${column} - DATE '1970-01-01')`;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a checked `YYYY-MM-DD` date, as daysOf gives them. */
export function epochDay(date: string): number {
  checkDate(date);
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** `YYYY-MM-DD` of a day number as daysOf gives them. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of a DATE column. */
export function isoOf(column: string): string {
  return `strftime(${column}, '%Y-%m-%d')`;
}
