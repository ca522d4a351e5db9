// A DuckDB suite for the tests that force a plan below the RankStore port: a fresh database file, migrated
// and seeded through the port once per suite, then opened as the emitters take it (the database itself);
// the file is removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb } from '@storage/rank/duckdb/db';
import type { RankStore } from '@storage/rank-store';

/** Declares `tests` on DuckDB; `get` gives the tests the database and what `seed` returned. */
export function onDuckDb<T>(
  title: string,
  seed: (rank: RankStore) => Promise<T>,
  tests: (get: () => { db: DuckDb; data: T }) => void,
): void {
  describe(`${title} on DuckDB`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-plan-'));
    let db: DuckDb;
    let data: T;
    beforeAll(async () => {
      const rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
      await rank.migrate();
      data = await seed(rank);
      await rank.close();
      db = await DuckDb.open(join(dir, 'rank.duckdb'));
    });
    afterAll(async () => {
      await db?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    tests(() => ({ db, data }));
  });
}
