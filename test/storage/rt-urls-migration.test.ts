// DuckDB schema v14: the rank-tracking URL dictionary (rt_urls, derived-tables.ts RANK_URLS), from which the
// rank table reads its hits' URL texts when they come from the campaign's copy. A store as v13 left it (no
// dictionary) must gain it on migrating, built for its stored copies, record v14 and answer hits as before;
// a later SERP write of a new URL adds it (a date's refresh adds what the dictionary lacks), and a replaced
// snapshot leaves the dictionary a superset of the URLs the copy names, never a subset.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHostFilter } from '@core/host-match';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { DuckDb } from '@storage/rank/duckdb/db';
import { SCHEMA_VERSION } from '@storage/rank/duckdb/schema';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import { SMALL_MARKET, smallCampaignStore } from './small-campaign-store';

const M = SMALL_MARKET;
const D1 = '2025-03-03';
const D2 = '2025-03-10';
const D3 = '2025-03-17';
const TARGETS = ['example.com', 'other.org'].map((d) => ({ key: d, filter: parseHostFilter(d)! }));

describe('DuckDB schema v14: the rank-tracking URL dictionary', () => {
  let dir: string;
  let file: string;
  let rank: RankStore;
  let ids: Map<string, number>;
  const hits = () =>
    rank.rankTracking.hits({
      campaignId: 1,
      market: M,
      targets: TARGETS,
      keywordIds: null,
      from: D1,
      to: D3,
    });
  const result = (kw: string, date: string, position: number, url: string): SerpResultInput => ({
    market: M,
    keywordId: ids.get(kw)!,
    date,
    position,
    url,
    resultType: 'organic',
  });

  beforeAll(async () => {
    ({ dir, file, rank, ids } = await smallCampaignStore('rt-urls-'));
    await rank.insertSerpResults([
      result('shoes', D1, 1, 'https://www.example.com/shoes'),
      result('shoes', D1, 2, 'https://other.org/shoes'),
      // Not a tracked domain: never in the campaign's copy nor its dictionary.
      result('shoes', D1, 3, 'https://untracked.net/shoes'),
      result('boots', D1, 1, 'https://other.org/boots'),
      result('boots', D2, 2, 'https://www.example.com/boots'),
    ]);
    await rank.prepareCampaignReads(1, ['example.com', 'other.org']);
  });
  afterAll(async () => {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The dictionary's URLs (null without the table), those the copy names and the recorded version. */
  async function state() {
    await rank.close();
    const raw = await DuckDb.open(file);
    try {
      return await raw.exclusive(async (s) => {
        const exists = await s.number(`SELECT count(*) FROM duckdb_tables() WHERE table_name = 'rt_urls'`);
        const list = async (sql: string) => (await s.all(sql)).map((r) => String(r.url));
        return {
          dictionary:
            exists === 0 ? null : await list('SELECT url FROM rt_urls WHERE campaign_id = 1 ORDER BY url'),
          named: await list(`SELECT DISTINCT u.url FROM rt_hits h JOIN urls u ON u.id = h.url_id
            WHERE h.campaign_id = 1 ORDER BY u.url`),
          version: await s.number('SELECT max(version) FROM schema_version'),
        };
      });
    } finally {
      await raw.close();
      rank = await openDuckDbRankStore(file);
    }
  }

  it('is built for a store as v13 left it, and hits answer the same', async () => {
    const before = await hits();
    expect(new Set(before.map((h) => h.url))).toEqual(
      new Set([
        'https://www.example.com/shoes',
        'https://other.org/shoes',
        'https://other.org/boots',
        'https://www.example.com/boots',
      ]),
    );
    await rank.close();
    const raw = await DuckDb.open(file);
    await raw.exclusive(async (s) => {
      await s.run('DROP TABLE rt_urls');
      await s.run('DELETE FROM schema_version WHERE version >= 14');
    });
    await raw.close();
    rank = await openDuckDbRankStore(file);
    const v13 = await state();
    expect(v13.dictionary).toBeNull();
    expect(v13.version).toBe(13);

    await rank.migrate();
    expect(await hits()).toEqual(before);
    const v14 = await state();
    expect(v14.version).toBe(SCHEMA_VERSION);
    expect(v14.dictionary).toEqual(v14.named);
    expect(v14.dictionary).toHaveLength(4);
  });

  it('gains a new URL from a later write; a replaced snapshot leaves a superset', async () => {
    await rank.insertSerpResults([result('shoes', D3, 1, 'https://www.example.com/shoes/new')]);
    expect((await hits()).filter((h) => h.date === D3).map((h) => h.url)).toEqual([
      'https://www.example.com/shoes/new',
    ]);
    // D2 replaced: boots' example.com URL is no longer named by the copy, but may stay in the dictionary.
    await rank.insertSerpResults([result('boots', D2, 1, 'https://other.org/boots')]);
    const after = await state();
    expect(after.named).not.toContain('https://www.example.com/boots');
    expect(after.dictionary).toEqual(expect.arrayContaining(after.named));
    expect(after.dictionary).toContain('https://www.example.com/shoes/new');
    const urls = new Set((await hits()).map((h) => h.url));
    expect(urls).toEqual(new Set(after.named));
  });
});
