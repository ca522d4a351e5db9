// DuckDb (storage/rank/duckdb/db.ts) on a real in-memory DuckDB: a read's clean-up runs after its answer
// without delaying it; a memoised read is answered again until the next exclusive call, callers asking at
// once share one read, and a failed read is not kept.
import { afterEach, beforeEach, expect, it } from 'vitest';
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
