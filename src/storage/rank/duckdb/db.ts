// A thin layer over DuckDB connections: serialised access to each (one statement or transaction at a time,
// since a connection runs one transaction), parameter binding, rows as plain objects with 64-bit integers
// and decimals converted to JS numbers, transactions, and appenders for bulk staging. Writes and migrations
// use one connection (exclusive); read-only queries may run side by side on a few more (read), which see
// every committed write (DuckDB's MVCC) and keep their own temporary tables. A text without parameters runs
// in one call however many statements it holds (the last one's rows are returned); one with parameters is
// extracted, prepared and bound first, a few calls more, so callers bind only what must be bound. Small
// facts that many reads ask again can be memoised until the next write. A snapshot is a view whose reads all
// see one committed state, for an answer read in several queries. Each database counts the calls its
// sessions make into DuckDB (callsMade), so tests and benches can tell how many statements a read costs.
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

/** Calls made into DuckDB through a database's sessions (shared with its snapshots). */
interface CallCount {
  calls: number;
}

/** One connection and the queue of calls waiting for it. */
class Lane {
  queue: Promise<unknown> = Promise.resolve();
  /** Calls queued or running. */
  pending = 0;

  constructor(
    readonly conn: DuckDBConnection,
    private readonly counted: CallCount,
  ) {}

  /**
   * Runs `fn`, then `after` (whatever fn's outcome) before the next call; the answer is fn's and does not
   * wait for `after`.
   */
  run<T>(fn: (s: Session) => Promise<T>, after?: (s: Session) => Promise<void>): Promise<T> {
    this.pending += 1;
    const run = this.queue.then(() => fn(new Session(this.conn, this.counted)));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    const done =
      after === undefined ? settled : settled.then(() => after(new Session(this.conn, this.counted)));
    // A failed `after` leaves only what the next call replaces (run.ts: temporary objects made with OR
    // REPLACE); a broken connection fails that call instead.
    this.queue = done.catch(() => undefined);
    void this.queue.then(() => {
      this.pending -= 1;
    });
    return run;
  }
}

/** Read connections opened at most: the screen's widgets ask about eight queries at once. */
const READ_LANES = 4;

/** Memoised reads kept at most (memoised): the oldest goes first. */
const MEMO_ENTRIES = 256;

interface MemoEntry {
  writes: number;
  value: Promise<unknown>;
  settled: boolean;
}

export class DuckDb {
  private readonly writer: Lane;
  private readonly readers: Lane[] = [];
  /** Read connections being opened. */
  private opening = 0;
  private closed = false;
  /** Exclusive calls finished: a value read before the latest one may be out of date. */
  private writes = 0;
  /** Memoised reads by key, with the write count they were read at; settled once the read answered. */
  private readonly memo = new Map<string, MemoEntry>();
  /**
   * For a snapshot: the write count of the state it reads, when no write ran while that state was fixed,
   * so memoised values read at that count describe it too; null when unknown.
   */
  private stateAt: number | null = null;
  /** Snapshots open on this database (snapshot()), closed with it. */
  private readonly snapshots = new Set<DuckDb>();
  /** Calls into DuckDB through this database's sessions and its snapshots'. */
  private readonly counted: CallCount;

  /**
   * `conn` is the write connection, or for a snapshot its own connection, inside its transaction; `base` is
   * the database a snapshot views (its writes go there), null for a database.
   */
  private constructor(
    private readonly instance: DuckDBInstance,
    conn: DuckDBConnection,
    private readonly base: DuckDb | null = null,
  ) {
    this.counted = base?.counted ?? { calls: 0 };
    this.writer = new Lane(conn, this.counted);
  }

  /**
   * Calls made into DuckDB so far through sessions of this database and its snapshots: one per run, query,
   * stream or appender (a text of several statements without parameters is one call).
   */
  get callsMade(): number {
    return this.counted.calls;
  }

  /** The database itself, for a snapshot the one it views: state kept per database is kept on it. */
  get root(): DuckDb {
    return this.base ?? this;
  }

  static async open(path: string, config: Record<string, string> = {}): Promise<DuckDb> {
    const instance = await DuckDBInstance.create(path, config);
    return new DuckDb(instance, await instance.connect());
  }

  /** Runs `fn` with exclusive use of the write connection; calls queue in order. */
  exclusive<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    if (this.base !== null) return this.base.exclusive(fn);
    if (this.closed) return Promise.reject(new Error('RankStore is closed'));
    // Every exclusive call counts as a write: what it changed is committed when fn settles.
    return this.writer.run(fn).finally(() => {
      this.writes += 1;
    });
  }

  /**
   * The value of `read` for `key`, read once until the next exclusive call: for small facts that many
   * queries ask again (a campaign's keyword counts and rollup dates, the ids of named domains). `key` must
   * name everything the value depends on besides the stored data. Callers asking at once share one read;
   * a failed read is forgotten.
   */
  memoised<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (this.base !== null) return this.base.memoisedFor(this.stateAt, key, read);
    const hit = this.memo.get(key);
    if (hit !== undefined && hit.writes === this.writes) return hit.value as Promise<T>;
    // A read overlapping a write is kept under the count before it, so it is never used after that write.
    return this.remember(key, this.writes, read());
  }

  /**
   * memoised for a snapshot reading the state of write count `at` (null: unknown). While no write has run
   * since, a value memoised at that count and already read describes that state. One still being read
   * might run after a write to come, so the snapshot reads on its own then; what it reads is kept under
   * `at`, where it is true.
   */
  private memoisedFor<T>(at: number | null, key: string, read: () => Promise<T>): Promise<T> {
    if (at === null || at !== this.writes || this.writer.pending > 0) return read();
    const hit = this.memo.get(key);
    if (hit?.writes === at && hit.settled) return hit.value as Promise<T>;
    return hit?.writes === at ? read() : this.remember(key, at, read());
  }

  private remember<T>(key: string, writes: number, value: Promise<T>): Promise<T> {
    const entry: MemoEntry = { writes, value, settled: false };
    this.memo.delete(key);
    this.memo.set(key, entry);
    if (this.memo.size > MEMO_ENTRIES) this.memo.delete(this.memo.keys().next().value!);
    value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (this.memo.get(key) === entry) this.memo.delete(key);
      },
    );
    return value;
  }

  /**
   * Runs a read-only `fn` on the least busy read connection (opening one while fewer than READ_LANES exist
   * and all are busy), so independent reads run side by side; `fn` must not write persistent tables.
   * `after` (clean-up: dropping temporary objects) runs once fn settles, holding the connection but not
   * delaying the answer.
   */
  async read<T>(fn: (s: Session) => Promise<T>, after?: (s: Session) => Promise<void>): Promise<T> {
    if (this.closed) throw new Error(this.base === null ? 'RankStore is closed' : 'the snapshot is closed');
    if (this.base !== null) return this.writer.run(fn, after);
    let lane = this.readers.find((l) => l.pending === 0);
    if (lane === undefined && this.readers.length + this.opening < READ_LANES) {
      this.opening += 1;
      try {
        lane = new Lane(await this.instance.connect(), this.counted);
      } finally {
        this.opening -= 1;
      }
      this.readers.push(lane);
    }
    // Every lane busy or being opened: queue on the least busy open one (the writer when none is open yet).
    lane ??= this.readers.reduce((a, b) => (b.pending < a.pending ? b : a), this.writer);
    return lane.run(fn, after);
  }

  /**
   * Runs `fn` on a write connection of its own, opened for it and closed after, beside the write connection:
   * only from inside an exclusive call whose work splits into parts that touch different rows (the demo's
   * markets), so that one part's single-threaded steps (commits, sorts' merges) overlap the other's.
   */
  async sideWriter<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    if (this.base !== null) return this.base.sideWriter(fn);
    if (this.closed) throw new Error('RankStore is closed');
    const conn = await this.instance.connect();
    try {
      return await fn(new Session(conn, this.counted));
    } finally {
      conn.closeSync();
    }
  }

  /** Like exclusive, inside BEGIN … COMMIT; any error rolls everything back. */
  transaction<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    return this.exclusive((s) => s.transaction(() => fn(s)));
  }

  /**
   * A read-only view of the data as it stands when opened: every read through it sees that same
   * committed state (one transaction on a connection of its own, queries one at a time), so an answer read
   * in several queries — an export read page by page — is consistent even when writes commit meanwhile.
   * Exclusive calls through it go to this database. close() it when done; closing the database closes it.
   */
  async snapshot(): Promise<DuckDb> {
    if (this.base !== null) return this.base.snapshot();
    if (this.closed) throw new Error('RankStore is closed');
    const conn = await this.instance.connect();
    const writes = this.writes;
    const idle = this.writer.pending === 0;
    try {
      // The transaction takes its state at its first read of the database: a catalog read fixes it now.
      await conn.run('BEGIN TRANSACTION; SELECT count(*) FROM information_schema.schemata');
    } catch (error) {
      conn.closeSync();
      throw error;
    }
    const snap = new DuckDb(this.instance, conn, this);
    // No write ran from before to after the state was fixed: it is the state of this write count.
    if (idle && this.writer.pending === 0 && this.writes === writes) snap.stateAt = writes;
    this.snapshots.add(snap);
    return snap;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.base !== null) {
      this.base.snapshots.delete(this);
      await this.writer.queue;
      // It only read: ending it either way is the same, and a rollback also drops its temporary objects.
      await this.writer.conn.run('ROLLBACK').catch(() => undefined);
      this.writer.conn.closeSync();
      return;
    }
    await Promise.all([...this.snapshots].map((s) => s.close()));
    const lanes = [this.writer, ...this.readers];
    await Promise.all(lanes.map((l) => l.queue));
    for (const l of lanes) l.conn.closeSync();
    this.instance.closeSync();
  }
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
      await this.run('ROLLBACK');
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

/** Quotes a string as a SQL literal (used only for values built by the adapter itself). */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
