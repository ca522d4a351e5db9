// DuckDB schema v11: the domain masks of v8 (serp_domain_masks, one row per domain and keyword of a
// snapshot) are dropped, and the explorer reads serp_by_domain in their place. A store as v10 left it, with
// its masks filled, must lose the table on migrating, record v11, and answer the explorer's host point as
// before and as summed by hand (ve-league-fixture.ts), pruned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb } from '@storage/rank/duckdb/db';
import { SCHEMA_VERSION } from '@storage/rank/duckdb/schema';
import type { RankStore } from '@storage/rank-store';
import { expected, HOST, M, serps, volumes, writeSerps } from './ve-league-fixture';

describe('DuckDB schema v11: the domain masks dropped', () => {
  let dir: string;
  let file: string;
  let rank: RankStore;
  const rows = serps();
  const sv = volumes(0).map((k) => k.sv);
  const point = () => rank.visibilityExplorer.hostPoint(M, HOST, '2025-03-10', DEFAULT_CTR, 10, 3);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 've-masks-'));
    file = join(dir, 'rank.duckdb');
    rank = await openDuckDbRankStore(file);
    await rank.migrate();
    await writeSerps(rank, rows);
  });
  afterAll(async () => {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Tables of the store named serp_domain_masks, and the schema version it records. */
  async function state() {
    const raw = await DuckDb.open(file);
    try {
      return await raw.exclusive(async (s) => ({
        masks: await s.number(`SELECT count(*) FROM duckdb_tables() WHERE table_name = 'serp_domain_masks'`),
        version: await s.number('SELECT max(version) FROM schema_version'),
      }));
    } finally {
      await raw.close();
    }
  }

  it('drops the masks of a store as v10 left it, and the explorer answers the same', async () => {
    const before = await point();
    await rank.close();
    // The store as v10 left it: the v8 table, filled (a domain's positions in a snapshot as two masks), and
    // no record of v11.
    const raw = await DuckDb.open(file);
    await raw.exclusive(async (s) => {
      await s.run(`CREATE TABLE serp_domain_masks (market_id SMALLINT NOT NULL, domain_id INTEGER NOT NULL,
        date DATE NOT NULL, keyword_id INTEGER NOT NULL, lo UBIGINT NOT NULL, hi UBIGINT NOT NULL)`);
      await s.run(`INSERT INTO serp_domain_masks
        SELECT market_id, domain_id, date, keyword_id,
          bit_or(CASE WHEN position < 64 THEN 1::UBIGINT << position ELSE 0::UBIGINT END),
          bit_or(CASE WHEN position >= 64 THEN 1::UBIGINT << (position - 64) ELSE 0::UBIGINT END)
        FROM serp_results GROUP BY ALL`);
      await s.run('DELETE FROM schema_version WHERE version >= 11');
    });
    await raw.close();
    expect(await state()).toEqual({ masks: 1, version: 10 });

    rank = await openDuckDbRankStore(file);
    await rank.migrate();
    await rank.close();
    // v11 and every later version recorded.
    expect(await state()).toEqual({ masks: 0, version: SCHEMA_VERSION });

    rank = await openDuckDbRankStore(file);
    const after = await point();
    expect(after).toEqual(before);
    const want = expected(rows, sv, '2025-03-10', 3);
    expect(after.league.rows.map((r) => [r.domain, r.keywords])).toEqual(
      want.rows.map((r) => [r.domain, r.keywords]),
    );
    after.league.rows.forEach((r, i) =>
      expect(r.visibilityScore).toBeCloseTo(want.rows[i]!.visibilityScore, 6),
    );
    expect(after.league.total).toBeCloseTo(want.total, 6);
  });
});
