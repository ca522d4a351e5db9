// A small DuckDB RankStore for the schema-migration tests: a fresh file in a temporary directory, market gb-en
// with the keywords 'shoes' (volume 100) and 'boots' (10), both members of campaign 1 without tags or groups.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';

export const SMALL_MARKET = 'gb-en';

export interface SmallCampaignStore {
  /** The temporary directory: remove it after the test. */
  dir: string;
  /** The store's file, for reopening it raw. */
  file: string;
  rank: RankStore;
  /** Keyword ids by text. */
  ids: Map<string, number>;
}

export async function smallCampaignStore(prefix: string): Promise<SmallCampaignStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'rank.duckdb');
  const rank = await openDuckDbRankStore(file);
  await rank.migrate();
  const ids = await rank.upsertKeywords(SMALL_MARKET, [
    { text: 'shoes', sv: 100 },
    { text: 'boots', sv: 10 },
  ]);
  await rank.setCampaignKeywords(
    1,
    SMALL_MARKET,
    [...ids.values()].map((keywordId) => ({ keywordId, tags: [], groups: [] })),
  );
  return { dir, file, rank, ids };
}
