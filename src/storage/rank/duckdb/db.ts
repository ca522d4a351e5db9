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
// After an INTERNAL or FATAL error DuckDB invalidates the database until it is reopened (a DuckDB bug such as
// duckdb/duckdb#25713, a failed checkpoint): the next call reopens the file — committed data comes back from
// the file and its WAL — and a read that failed so is run once more, so a server keeps answering.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { invalidates, Session, type CallCount } from './session';

export { Session, type Params, type Row, type Types, type Value } from './session';

/** One connection and the queue of calls waiting for it. */
class Lane {
  queue: Promise<unknown> = Promise.resolve();
  /** Calls queued or running. */
  pending = 0;

  constructor(
    readonly conn: DuckDBConnection,
    private readonly counted: CallCount,
    /** Told of an error that invalidated the database. */
    private readonly fatal: () => void,
  ) {}

  /**
   * Runs `fn`, then `after` (whatever fn's outcome) before the next call; the answer is fn's and does not
   * wait for `after`.
   */
  run<T>(fn: (s: Session) => Promise<T>, after?: (s: Session) => Promise<void>): Promise<T> {
    this.pending += 1;
    const run = this.queue.then(() =>
      fn(new Session(this.conn, this.counted)).catch((error: unknown) => {
        if (invalidates(error)) this.fatal();
        throw error;
      }),
    );
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
  private writer: Lane;
  private readers: Lane[] = [];
  /** DuckDB invalidated the database: the next call reopens it (reopen()). */
  private invalid = false;
  /** The reopening under way, which calls arriving meanwhile wait for. */
  private reopening: Promise<void> | null = null;
  private reopenings = 0;
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
    private instance: DuckDBInstance,
    conn: DuckDBConnection,
    private readonly base: DuckDb | null = null,
    /** Where and how the database was opened, to reopen it. */
    private readonly opened: { path: string; config: Record<string, string> } | null = null,
  ) {
    this.counted = base?.counted ?? { calls: 0 };
    this.writer = this.lane(conn);
  }

  /** A lane on a connection of the current instance; an error that invalidates it marks the database. */
  private lane(conn: DuckDBConnection): Lane {
    const instance = this.instance;
    return new Lane(conn, this.counted, () => {
      // A call on an instance already replaced failed as expected: it must not reopen the new one. An
      // in-memory database is not reopened: a new one would be empty.
      if (this.root.instance === instance && this.root.opened !== null) this.root.invalid = true;
    });
  }

  /**
   * Calls made into DuckDB so far through sessions of this database and its snapshots: one per run, query,
   * stream or appender (a text of several statements without parameters is one call).
   */
  get callsMade(): number {
    return this.counted.calls;
  }

  /** Times the database was reopened after DuckDB invalidated it. */
  get reopened(): number {
    return this.reopenings;
  }

  /** The database itself, for a snapshot the one it views: state kept per database is kept on it. */
  get root(): DuckDb {
    return this.base ?? this;
  }

  static async open(path: string, config: Record<string, string> = {}): Promise<DuckDb> {
    const instance = await DuckDBInstance.create(path, config);
    const file = path !== '' && path !== ':memory:';
    return new DuckDb(instance, await instance.connect(), null, file ? { path, config } : null);
  }

  /**
   * Replaces the invalidated instance by a new one on the same file (DuckDB lets a second instance open it
   * while the invalidated one, which refuses every statement, is still open). Calls arriving meanwhile wait
   * for it; calls queued on the old connections fail as DuckDB refuses them, and the old connections,
   * snapshots and instance are closed once those calls have ended. Memoised values are dropped with it.
   */
  private reopen(): Promise<void> {
    this.reopening ??= (async () => {
      const old = { instance: this.instance, lanes: [this.writer, ...this.readers] };
      const snapshots = [...this.snapshots];
      this.instance = await DuckDBInstance.create(this.opened!.path, this.opened!.config);
      this.writer = this.lane(await this.instance.connect());
      this.readers = [];
      this.memo.clear();
      this.writes += 1;
      this.invalid = false;
      this.reopenings += 1;
      // Closing what DuckDB already refuses can fail too: nothing is left to report then.
      void Promise.allSettled([...old.lanes.map((l) => l.queue), ...snapshots.map((s) => s.close())])
        .then(() => {
          for (const l of old.lanes) l.conn.closeSync();
          old.instance.closeSync();
        })
        .catch(() => undefined);
    })().finally(() => {
      this.reopening = null;
    });
    return this.reopening;
  }

  /** Runs `fn` with exclusive use of the write connection; calls queue in order. */
  exclusive<T>(fn: (s: Session) => Promise<T>): Promise<T> {
    if (this.base !== null) return this.base.exclusive(fn);
    if (this.closed) return Promise.reject(new Error('RankStore is closed'));
    if (this.invalid) return this.reopen().then(() => this.exclusive(fn));
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
    if (this.invalid) await this.reopen();
    try {
      return await this.readOnLane(fn, after);
    } catch (error) {
      // A read changes nothing, so one that met the invalidation runs again on the reopened database.
      if (!invalidates(error)) throw error;
      if (this.invalid) await this.reopen();
      return this.readOnLane(fn, after);
    }
  }

  private async readOnLane<T>(
    fn: (s: Session) => Promise<T>,
    after?: (s: Session) => Promise<void>,
  ): Promise<T> {
    let lane = this.readers.find((l) => l.pending === 0);
    if (lane === undefined && this.readers.length + this.opening < READ_LANES) {
      this.opening += 1;
      try {
        lane = this.lane(await this.instance.connect());
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
    if (this.invalid) await this.reopen();
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
    if (this.invalid) await this.reopen();
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

/** Quotes a string as a SQL literal (used only for values built by the adapter itself). */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
