// The demo generator's derived tables on DuckDB: it writes each market-week in a transaction of its own and
// refreshes that snapshot through the one-snapshot path (dims.ts: market and date as constants, left out of
// the grouping and sorting). Every derived table must end exactly as a refresh of all the snapshots at once
// (the several-snapshot path of imports) and a full rebuild (migrations, transfers) leave it; also after a
// second generation over the first, with another seed: it replaces the snapshots of the keywords both share
// and adds others. Compared per table: row count and the sum of the rows' hashes, on real stores.
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

/** Every snapshot refreshed at once, as an import of several dates and markets refreshes. */
const allPairs = (s: Session) => refreshSnapshots(s, 'SELECT DISTINCT market_id, date FROM serp_results');

/** The demo's sums, and those of each other way of deriving (rolled back after each). */
async function compare(file: string): Promise<{ demo: Sums; allPairs: Sums; full: Sums }> {
  const db = await DuckDb.open(file);
  try {
    const demo = await db.exclusive(sums);
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
      demo,
      allPairs: await again(allPairs),
      full: await again((s) => refreshDerived(s, true)),
    };
  } finally {
    await db.close();
  }
}

describe('the demo generator’s derived tables on DuckDB', () => {
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

  it('are as a refresh of every snapshot at once and a full rebuild leave them', async () => {
    await generate(7);
    const { demo, allPairs, full } = await compare(file);
    expect(demo.serp_by_domain).toMatch(/^240000 rows/);
    expect(demo.cv_roll).not.toMatch(/^0 rows/);
    expect(allPairs).toEqual(demo);
    expect(full).toEqual(demo);
  });

  it('still are after a generation with another seed over the first (snapshots replaced and added)', async () => {
    await generate(8);
    const { demo, allPairs, full } = await compare(file);
    expect(demo.serp_by_domain).toMatch(/^436800 rows/);
    expect(allPairs).toEqual(demo);
    expect(full).toEqual(demo);
  });
});
