// DuckDB's settings while an import is open (storage/rank/duckdb/imports.ts): the memory limit is lowered
// to IMPORT_MEMORY_LIMIT with one thread, and the previous limit and thread count come back when the
// import commits or aborts (DuckDB's default limit exactly); a limit already below the import's is left alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DuckDb } from '@storage/rank/duckdb/db';
import { STAGING_MEMORY_LIMIT, beginImport } from '@storage/rank/duckdb/imports';
import { migrate } from '@storage/rank/duckdb/schema';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function open(config: Record<string, string>): Promise<DuckDb> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-limits-'));
  dirs.push(dir);
  const db = await DuckDb.open(join(dir, 'rank.duckdb'), config);
  await db.exclusive((s) => migrate(s));
  return db;
}

const settings = (db: DuckDb) =>
  db.exclusive((s) =>
    s.one(`SELECT current_setting('memory_limit') AS memory, current_setting('threads')::INTEGER AS threads`),
  );

describe('DuckDB settings during an import', () => {
  it('lowers the memory limit and threads while open, and puts both back on abort and on commit', async () => {
    const db = await open({ threads: '2' });
    try {
      const before = await settings(db);
      const first = await beginImport(db);
      expect(await settings(db)).toEqual({ memory: `${STAGING_MEMORY_LIMIT / 1048576}.0 MiB`, threads: 1 });
      await first.abort();
      expect(await settings(db)).toEqual(before);
      const second = await beginImport(db);
      await second.commit({ keywords: [], campaign: null, searchConsole: null });
      expect(await settings(db)).toEqual(before);
    } finally {
      await db.close();
    }
  });

  it('leaves a memory limit already below the import’s alone', async () => {
    const db = await open({ memory_limit: '100MB', threads: '2' });
    try {
      const before = await settings(db);
      const imp = await beginImport(db);
      expect(await settings(db)).toEqual(before);
      await imp.abort();
      expect(await settings(db)).toEqual(before);
    } finally {
      await db.close();
    }
  });
});
