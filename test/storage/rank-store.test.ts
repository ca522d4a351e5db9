// Runs the RankStore conformance suite against the DuckDB adapter, one fresh database file per test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { rankStoreSuite } from './rank-store.suite';

const dir = mkdtempSync(join(tmpdir(), 'sightline-rank-'));
let n = 0;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

rankStoreSuite('DuckDB', async () => {
  const store = await openDuckDbRankStore(join(dir, `rank-${++n}.duckdb`));
  await store.migrate();
  return store;
});
