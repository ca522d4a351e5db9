// A DuckDB connection while one caller holds it (db.ts hands them out): statements with or without bound
// parameters, transactions, rows as plain objects with 64-bit integers and decimals converted to JS numbers,
// columns as DuckDB gives them, streams and appenders; each call is counted on the database's CallCount.
import type {
  DuckDBAppender,
  DuckDBConnection,
  DuckDBResult,
  DuckDBType,
  DuckDBValue,
} from '@duckdb/node-api';

export type Value = number | string | boolean | null | Value[];
export type Row = Record<string, Value>;
export type Params = DuckDBValue[];
export type Types = DuckDBType[];

function toPlain(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new RangeError(`integer ${value} does not fit a JS number`);
    return n;
  }
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toPlain);
  throw new TypeError(`unexpected DuckDB value of type ${typeof value}`);
}

/** Calls made into DuckDB through a database's sessions (shared with its snapshots). */
export interface CallCount {
  calls: number;
}

/** Whether DuckDB invalidated the database with this error: until reopened it refuses every statement. */
export function invalidates(error: unknown): boolean {
  return error instanceof Error && /^(INTERNAL|FATAL) Error:/u.test(error.message);
}

/** Parameters as node-api takes them: an empty list as none, so that the text is not prepared. */
function bound<T>(list: T[] | undefined): T[] | undefined {
  return list === undefined || list.length === 0 ? undefined : list;
}

/** The connection while a caller holds it. */
export class Session {
  constructor(
    private readonly conn: DuckDBConnection,
    private readonly counted: CallCount,
  ) {}

  async run(sql: string, params?: Params): Promise<void> {
    this.counted.calls += 1;
    await this.conn.run(sql, bound(params));
  }

  /** Runs `fn` inside BEGIN … COMMIT on this connection; any error rolls everything back. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    await this.run('BEGIN TRANSACTION');
    try {
      const out = await fn();
      await this.run('COMMIT');
      return out;
    } catch (error) {
      // An invalidated database refuses the rollback too: the error to report is the one that failed fn.
      await this.run('ROLLBACK').catch((e: unknown) => {
        if (!invalidates(e)) throw e;
      });
      throw error;
    }
  }

  async all(sql: string, params?: Params, types?: Types): Promise<Row[]> {
    this.counted.calls += 1;
    const reader = await this.conn.runAndReadAll(sql, bound(params), bound(types));
    return reader.getRowObjectsJS().map((r) => {
      const out: Row = {};
      for (const [k, v] of Object.entries(r)) out[k] = toPlain(v);
      return out;
    });
  }

  /**
   * A query's result column by column, values as DuckDB gives them (numbers, strings, bigint for 64-bit
   * integers): many rows convert several times faster than as row objects.
   */
  async columns(sql: string, params?: Params, types?: Types): Promise<DuckDBValue[][]> {
    this.counted.calls += 1;
    const reader = await this.conn.runAndReadAll(sql, bound(params), bound(types));
    const columns = reader.getColumns();
    // Without rows there are no chunks, hence no columns: one empty column each.
    return columns.length === 0 ? Array.from({ length: reader.columnCount }, () => []) : columns;
  }

  /** Runs a query whose rows are then fetched chunk by chunk (fetchChunk), for results too large to hold. */
  async stream(sql: string, params?: Params, types?: Types): Promise<DuckDBResult> {
    this.counted.calls += 1;
    return this.conn.stream(sql, params, types);
  }

  async one(sql: string, params?: Params, types?: Types): Promise<Row> {
    const rows = await this.all(sql, params, types);
    if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
    return rows[0]!;
  }

  async number(sql: string, params?: Params): Promise<number> {
    const row = await this.one(sql, params);
    const value = Object.values(row)[0];
    return value === null || value === undefined ? 0 : Number(value);
  }

  /** Appends rows to a table through a DuckDB appender; `write` calls the append* methods per row. */
  async append(table: string, write: (a: DuckDBAppender) => void): Promise<void> {
    this.counted.calls += 1;
    const appender = await this.conn.createAppender(table);
    try {
      write(appender);
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }
}
