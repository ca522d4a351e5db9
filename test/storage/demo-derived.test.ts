// The demo generator's bulk derivation on DuckDB (refreshSnapshotsInBulk: every week's rows written first,
// then the derived tables built once) must leave every derived table exactly as the incremental path does
// (refreshSnapshots after each week, as imports and rank checks refresh) and as a full rebuild does; also
// after a second generation over the first, with another seed: it replaces the snapshots of the keywords
// both share and adds others. Compared per table: row count and the sum of the rows' hashes, on real stores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from '@server/services/demo/seed-demo-workspace';
import type { MetaStore } from '@storage/meta-store';
import { openSqliteMetaStore } from '@storage/meta/sqlite';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb, type Session } from '@storage/rank/duckdb/db';
import { refreshDerived, refreshSnapshots } from '@storage/rank/duckdb/dims';

const NOW = '2025-07-02T09:30:00Z';
const DERIVED = [
  'serp_snapshots',
  'serp_by_domain',
  'serp_keyword_dates',
  'serp_domain_masks',
  'cv_roll',
  'cv_roll_dates',
  'cv_roll_state',
  've_roll',
  've_roll_state',
];

type Sums = Record<string, string>;

/** Per derived table: its row count and the sum of its rows' hashes (independent of the rows' order). */
async function sums(s: Session): Promise<Sums> {
  const out: Sums = {};
  for (const t of DERIVED) {
    const r = await s.one(`SELECT count(*) AS n, CAST(sum(hash(x)::HUGEINT) AS VARCHAR) AS h FROM ${t} x`);
    out[t] = `${r.n} rows, Σ hash ${r.h}`;
  }
  return out;
}

/** The incremental path: every snapshot refreshed on its own, market by market and week by week. */
async function incremental(s: Session): Promise<void> {
  const pairs = await s.all(
    `SELECT market_id, strftime(date, '%Y-%m-%d') AS d FROM serp_snapshots ORDER BY market_id, date`,
  );
  for (const p of pairs) {
    await refreshSnapshots(s, `SELECT ${Number(p.market_id)} AS market_id, DATE '${String(p.d)}' AS date`);
  }
}

/** Each way of deriving, its sums; the store's own state is rolled back after each. */
async function compare(file: string): Promise<{ bulk: Sums; incremental: Sums; full: Sums }> {
  const db = await DuckDb.open(file);
  try {
    const bulk = await db.exclusive(sums);
    const again = async (derive: (s: Session) => Promise<void>) =>
      db.exclusive(async (s) => {
        await s.run('BEGIN TRANSACTION');
        try {
          await derive(s);
          return await sums(s);
        } finally {
          await s.run('ROLLBACK');
        }
      });
    return {
      bulk,
      incremental: await again(incremental),
      full: await again((s) => refreshDerived(s, true)),
    };
  } finally {
    await db.close();
  }
}

describe('the demo generator’s bulk derivation on DuckDB', () => {
  const root = mkdtempSync(join(tmpdir(), 'sightline-demo-derived-'));
  const file = join(root, 'rank.duckdb');
  let meta: MetaStore;
  let organisationId: number;

  const generate = async (seed: number) => {
    const rank = await openDuckDbRankStore(file);
    try {
      await rank.migrate();
      await seedDemoWorkspace(
        { meta, rank },
        { organisationId, seed, keywordsPerMarket: 300, weeks: 4, now: NOW },
      );
    } finally {
      await rank.close();
    }
  };

  beforeAll(async () => {
    meta = await openSqliteMetaStore(join(root, 'meta.sqlite'));
    await meta.migrate();
    organisationId = (await meta.createOrganisation('Demo organisation', NOW)).id;
  });

  afterAll(async () => {
    await meta.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves every derived table as the incremental path and a full rebuild do', async () => {
    await generate(7);
    const { bulk, incremental, full } = await compare(file);
    expect(bulk.serp_by_domain).toMatch(/^240000 rows/);
    expect(bulk.cv_roll).not.toMatch(/^0 rows/);
    expect(incremental).toEqual(bulk);
    expect(full).toEqual(bulk);
  });

  it('still does after a generation with another seed over the first (snapshots replaced and added)', async () => {
    await generate(8);
    const { bulk, incremental, full } = await compare(file);
    expect(bulk.serp_by_domain).toMatch(/^436800 rows/);
    expect(incremental).toEqual(bulk);
    expect(full).toEqual(bulk);
  });
});
