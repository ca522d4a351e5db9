// DuckDB schema v13: each snapshot's result types as a bit set in serp_keyword_dates, which the rank table
// reads for a page's features instead of the date's results. A store as v12 left it (no types column) must
// gain the column on migrating, record v13, and answer pageTypes as before, equal to the types of its
// stored results read by hand; a write after the migration keeps the column in step.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultType } from '@core/result-types';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb } from '@storage/rank/duckdb/db';
import { SCHEMA_VERSION } from '@storage/rank/duckdb/schema';
import type { RankStore } from '@storage/rank-store';
import { SMALL_MARKET, smallCampaignStore } from './small-campaign-store';

const M = SMALL_MARKET;
const D1 = '2025-03-03';
const D2 = '2025-03-10';
/** keyword, date, position, result type */
const ROWS: [string, string, number, ResultType][] = [
  ['shoes', D1, 1, 'organic'],
  ['shoes', D1, 2, 'featured_snippet'],
  ['shoes', D1, 3, 'video'],
  ['shoes', D2, 1, 'ai_overview'],
  ['shoes', D2, 2, 'organic'],
  ['boots', D1, 1, 'people_also_ask'],
  ['boots', D1, 2, 'organic'],
  ['boots', D1, 3, 'organic'],
  ['boots', D2, 4, 'other'],
];

describe('DuckDB schema v13: result types per snapshot', () => {
  let dir: string;
  let file: string;
  let rank: RankStore;
  let ids: Map<string, number>;
  const types = () =>
    rank.rankTracking.pageTypes({ campaignId: 1, market: M, keywordIds: null, from: D1, to: D2 });

  beforeAll(async () => {
    ({ dir, file, rank, ids } = await smallCampaignStore('kd-types-'));
    await rank.insertSerpResults(
      ROWS.map(([kw, date, position, resultType]) => ({
        market: M,
        keywordId: ids.get(kw)!,
        date,
        position,
        url: `https://example.com/${kw}/${position}`,
        resultType,
      })),
    );
  });
  afterAll(async () => {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The types column's presence and the recorded schema version. */
  async function state() {
    const raw = await DuckDb.open(file);
    try {
      return await raw.exclusive(async (s) => ({
        types: await s.number(`SELECT count(*) FROM duckdb_columns()
          WHERE table_name = 'serp_keyword_dates' AND column_name = 'types'`),
        version: await s.number('SELECT max(version) FROM schema_version'),
      }));
    } finally {
      await raw.close();
    }
  }

  /** The types of ROWS per keyword and date, sorted like pageTypes' answer. */
  const byHand = (rows: typeof ROWS) => {
    const out = new Map<string, Set<ResultType>>();
    for (const [kw, date, , t] of rows) {
      const key = `${ids.get(kw)} ${date}`;
      out.set(key, (out.get(key) ?? new Set()).add(t));
    }
    return [...out.entries()].map(([key, set]) => ({ key, types: [...set].sort() }));
  };
  const shaped = (rows: Awaited<ReturnType<typeof types>>) =>
    rows
      .map((r) => ({ key: `${r.keywordId} ${r.date}`, types: [...r.types].sort() }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  const sorted = (rows: ReturnType<typeof byHand>) => [...rows].sort((a, b) => (a.key < b.key ? -1 : 1));

  it('adds the types to a store as v12 left it, and pageTypes answers the same', async () => {
    const before = await types();
    expect(shaped(before)).toEqual(sorted(byHand(ROWS)));
    await rank.close();
    // The store as v12 left it: serp_keyword_dates without types, and no record of v13.
    const raw = await DuckDb.open(file);
    await raw.exclusive(async (s) => {
      await s.run('ALTER TABLE serp_keyword_dates DROP COLUMN types');
      await s.run('DELETE FROM schema_version WHERE version >= 13');
    });
    await raw.close();
    expect(await state()).toEqual({ types: 0, version: 12 });

    rank = await openDuckDbRankStore(file);
    await rank.migrate();
    expect(await types()).toEqual(before);
    await rank.close();
    expect(await state()).toEqual({ types: 1, version: SCHEMA_VERSION });
    rank = await openDuckDbRankStore(file);
  });

  it('keeps the types in step with a later write of a snapshot', async () => {
    const later: typeof ROWS = [
      ['shoes', D2, 1, 'local_pack'],
      ['shoes', D2, 2, 'news'],
    ];
    await rank.insertSerpResults(
      later.map(([kw, date, position, resultType]) => ({
        market: M,
        keywordId: ids.get(kw)!,
        date,
        position,
        url: `https://example.com/${kw}/new/${position}`,
        resultType,
      })),
    );
    const kept = ROWS.filter(([kw, date]) => !(kw === 'shoes' && date === D2));
    expect(shaped(await types())).toEqual(sorted(byHand([...kept, ...later])));
  });
});
