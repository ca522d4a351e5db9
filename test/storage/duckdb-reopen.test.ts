// DuckDb (storage/rank/duckdb/db.ts) after DuckDB invalidates its database — made to happen here with
// DuckDB's own checkpoint-abort setting, whose failed checkpoint is a FATAL error as a DuckDB bug's INTERNAL
// error is (duckdb/duckdb#25713 did it to the e2e server): the next call reopens the file and finds every
// committed row, a read that met the error is answered on the reopened database, and writes go on and last.
// (An in-memory database is never reopened, since a new one would be empty; its checkpoint cannot fail.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DuckDb, type Session } from '@storage/rank/duckdb/db';

let dir: string;
let db: DuckDb;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckdb-reopen-'));
  db = await DuckDb.open(join(dir, 'rank.duckdb'));
  await db.exclusive((s) => s.run('CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1); CHECKPOINT'));
});

afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Commits a row (kept in the WAL), then fails a checkpoint: DuckDB invalidates the database. */
async function invalidate(s: Session): Promise<void> {
  await s.run('INSERT INTO t VALUES (41)');
  await s.run("SET debug_checkpoint_abort = 'before_header'");
  await s.run('CHECKPOINT');
}

const sum = (s: Session) => s.number('SELECT sum(v) FROM t');

it('reopens the file on the next call and finds every committed row', async () => {
  await expect(db.exclusive(invalidate)).rejects.toThrow(/^FATAL Error: Failed to create checkpoint/);
  expect(db.reopened).toBe(0);
  expect(await db.read(sum)).toBe(42);
  expect(db.reopened).toBe(1);
  await db.transaction((s) => s.run('INSERT INTO t VALUES (100)'));
  expect(await db.read(sum)).toBe(142);
  expect(db.reopened).toBe(1);
  // What the reopened database wrote is in the file for the next process.
  await db.close();
  db = await DuckDb.open(join(dir, 'rank.duckdb'));
  expect(await db.read(sum)).toBe(142);
});

it('answers a read that met the invalidation on the reopened database', async () => {
  let attempts = 0;
  const answer = await db.read(async (s) => {
    attempts += 1;
    if (attempts === 1) await invalidate(s);
    return sum(s);
  });
  expect(answer).toBe(42);
  expect(attempts).toBe(2);
  expect(db.reopened).toBe(1);
});

it('reopens once for the calls that arrive together, and a snapshot opened after reads the reopened file', async () => {
  await expect(db.exclusive(invalidate)).rejects.toThrow(/FATAL Error/);
  const answers = await Promise.all([db.read(sum), db.read(sum), db.exclusive(sum), db.read(sum)]);
  expect(answers).toEqual([42, 42, 42, 42]);
  expect(db.reopened).toBe(1);
  const snap = await db.snapshot();
  expect(await snap.read(sum)).toBe(42);
  await snap.close();
});
