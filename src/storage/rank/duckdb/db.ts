// A thin layer over one DuckDB connection: serialised access (one statement or transaction at a time,
// since a connection runs one transaction), parameter binding, rows as plain objects with 64-bit integers
// and decimals converted to JS numbers, transactions, and appenders for bulk staging.
import {
  DuckDBInstance,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBResult,
  type DuckDBType,
  type DuckDBValue,
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

export class DuckDb {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
  ) {}

  static async open(path: string, config: Record<string, string> = {}): Promise<DuckDb> {
    const instance = await DuckDBInstance.create(path, config);
    return new DuckDb(instance, await instance.connect());
  }

  /** Runs `fn` with exclusive use of the connection; calls queue in order. */
  exclusive<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('RankStore is closed'));
    const run = this.queue.then(() => fn(new Session(this.conn)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Like exclusive, inside BEGIN … COMMIT; any error rolls everything back. */
  transaction<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    return this.exclusive(async (s) => {
      await s.run('BEGIN TRANSACTION');
      try {
        const out = await fn(s);
        await s.run('COMMIT');
        return out;
      } catch (error) {
        await s.run('ROLLBACK');
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.queue;
    this.closed = true;
    this.conn.closeSync();
    this.instance.closeSync();
  }
}

/** The connection while a caller holds it. */
export class Session {
  constructor(private readonly conn: DuckDBConnection) {}

  async run(sql: string, params?: Params): Promise<void> {
    await this.conn.run(sql, params);
  }

  async all(sql: string, params?: Params, types?: Types): Promise<Row[]> {
    const reader = await this.conn.runAndReadAll(sql, params, types);
    return reader.getRowObjectsJS().map((r) => {
      const out: Row = {};
      for (const [k, v] of Object.entries(r)) out[k] = toPlain(v);
      return out;
    });
  }

  /** Runs a query whose rows are then fetched chunk by chunk (fetchChunk), for results too large to hold. */
  async stream(sql: string, params?: Params, types?: Types): Promise<DuckDBResult> {
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
    const appender = await this.conn.createAppender(table);
    try {
      write(appender);
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }
}

/** Quotes a string as a SQL literal (used only for values built by the adapter itself). */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
