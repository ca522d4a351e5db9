// DuckDb (storage/rank/duckdb/db.ts) on a real in-memory DuckDB: a read's clean-up runs after its answer
// without delaying it; a memoised read is answered again until the next exclusive call, callers asking at
// once share one read, and a failed read is not kept; a snapshot reads one state until closed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuckDb } from '@storage/rank/duckdb/db';

let db: DuckDb;

beforeEach(async () => {
  db = await DuckDb.open(':memory:');
  await db.exclusive((s) => s.run('CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)'));
});

afterEach(async () => {
  await db.close();
});

/** Sum of t read on a read connection, counting the reads that reached DuckDB. */
function counter() {
  const seen = { reads: 0 };
  const read = () =>
    db.read(async (s) => {
      seen.reads += 1;
      return s.number('SELECT sum(v) FROM t');
    });
  return { seen, sum: () => db.memoised('sum of t', read) };
}

it('answers again from the first read until a write, then reads the new data', async () => {
  const { seen, sum } = counter();
  expect(await sum()).toBe(1);
  expect(await sum()).toBe(1);
  expect(seen.reads).toBe(1);
  await db.exclusive((s) => s.run('INSERT INTO t VALUES (41)'));
  expect(await sum()).toBe(42);
  expect(seen.reads).toBe(2);
});

it('counts a failed write as a write too', async () => {
  const { seen, sum } = counter();
  await sum();
  await expect(db.transaction((s) => s.run('INSERT INTO t VALUES (NULL, 2)'))).rejects.toThrow();
  expect(await sum()).toBe(1);
  expect(seen.reads).toBe(2);
});

it('never keeps a value read while a write was running', async () => {
  const { seen, sum } = counter();
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const write = db.transaction(async (s) => {
    await s.run('INSERT INTO t VALUES (9)');
    await gate;
  });
  // Read beside the open transaction: it sees the committed 1, not the 9.
  expect(await sum()).toBe(1);
  release();
  await write;
  expect(await sum()).toBe(10);
  expect(seen.reads).toBe(2);
});

it('shares one read between callers asking at once', async () => {
  const { seen, sum } = counter();
  expect(await Promise.all([sum(), sum(), sum()])).toEqual([1, 1, 1]);
  expect(seen.reads).toBe(1);
});

it('forgets a failed read', async () => {
  let calls = 0;
  const flaky = () =>
    db.memoised('flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('first read fails');
      return 'second read';
    });
  await expect(flaky()).rejects.toThrow('first read fails');
  expect(await flaky()).toBe('second read');
  expect(calls).toBe(2);
});

it('answers a read before its clean-up runs, and a failed clean-up leaves the connection usable', async () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let cleaned = false;
  const answer = await db.read(
    async (s) => {
      await s.run('CREATE TEMP TABLE scratch AS SELECT 7 AS v');
      return s.number('SELECT v FROM scratch');
    },
    async (s) => {
      await gate;
      await s.run('DROP TABLE scratch');
      cleaned = true;
    },
  );
  expect(answer).toBe(7);
  expect(cleaned).toBe(false);
  release();
  await db.read(
    (s) => s.number('SELECT 1'),
    async (s) => {
      await s.run('DROP TABLE no_such_table');
    },
  );
  expect(await db.read((s) => s.number('SELECT 2'))).toBe(2);
  await db.close();
  expect(cleaned).toBe(true);
  db = await DuckDb.open(':memory:');
});

describe('a snapshot', () => {
  const sumOn = (d: DuckDb) => d.read((s) => s.number('SELECT sum(v) FROM t'));

  it('reads the state of its first read to the end, while the database reads every write', async () => {
    const snap = await db.snapshot();
    expect(await sumOn(snap)).toBe(1);
    await db.transaction((s) => s.run('INSERT INTO t VALUES (41)'));
    expect(await sumOn(snap)).toBe(1);
    // Temporary tables and memoised reads stay inside it too.
    expect(
      await snap.read((s) => s.number('CREATE TEMP TABLE x AS SELECT sum(v) AS v FROM t; SELECT v FROM x')),
    ).toBe(1);
    expect(await snap.memoised('sum of t', () => sumOn(snap))).toBe(1);
    expect(await db.memoised('sum of t', () => sumOn(db))).toBe(42);
    expect(await snap.memoised('sum of t', () => sumOn(snap))).toBe(1);
    await snap.close();
    expect(await sumOn(db)).toBe(42);
    await expect(sumOn(snap)).rejects.toThrow('the snapshot is closed');
  });

  it('takes memoised values read at its state, and keeps what it reads for the database', async () => {
    const { seen, sum } = counter();
    expect(await sum()).toBe(1);
    const snap = await db.snapshot();
    let own = 0;
    const onSnap = (d: DuckDb) => d.memoised('sum of t', () => ((own += 1), sumOn(d)));
    expect(await onSnap(snap)).toBe(1);
    expect(own).toBe(0);
    // A value of its state that it read itself serves the database until the next write.
    expect(
      await snap.memoised('count of t', () => snap.read((s) => s.number('SELECT count(*) FROM t'))),
    ).toBe(1);
    expect(await db.memoised('count of t', () => Promise.reject(new Error('read again')))).toBe(1);
    // One the database is still reading could run after a write to come: the snapshot reads on its own.
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const slow = db.memoised('slow', () => opened.then(() => 5));
    expect(await snap.memoised('slow', async () => 6)).toBe(6);
    open();
    expect(await slow).toBe(5);
    await snap.close();
    // A snapshot fixed while a write runs shares nothing: its state may be before or after that write.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const write = db.exclusive(() => gate);
    const during = await db.snapshot();
    release();
    await write;
    expect(await sum()).toBe(1);
    expect(seen.reads).toBe(2);
    expect(await onSnap(during)).toBe(1);
    expect(own).toBe(1);
    await during.close();
  });

  it('reads the state it was opened on, even when a write commits before its first read', async () => {
    const snap = await db.snapshot();
    await db.transaction((s) => s.run('INSERT INTO t VALUES (41)'));
    expect(await sumOn(snap)).toBe(1);
    await snap.close();
  });

  it('sends its writes to the database, which its own reads then do not see', async () => {
    const snap = await db.snapshot();
    expect(await sumOn(snap)).toBe(1);
    await snap.transaction((s) => s.run('INSERT INTO t VALUES (2)'));
    expect(await sumOn(db)).toBe(3);
    expect(await sumOn(snap)).toBe(1);
    await snap.close();
  });

  it('is closed with its database, after the read it is running', async () => {
    const snap = await db.snapshot();
    const running = snap.read(async (s) => s.number('SELECT count(*) FROM range(1000000)'));
    await db.close();
    expect(await running).toBe(1_000_000);
    await expect(sumOn(snap)).rejects.toThrow('the snapshot is closed');
    db = await DuckDb.open(':memory:');
  });
});
