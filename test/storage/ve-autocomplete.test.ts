// Issue 26 item 9: the explorer's autocomplete puts a market's leader first among look-alike names. Names
// containing the text are weighed by their visibility over the market's last week of snapshots; names with
// no result there (another market's, or only older snapshots) are not suggested. On DuckDB, and on
// ClickHouse when SIGHTLINE_TEST_CLICKHOUSE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import { CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('explorer autocomplete');
const databases = freshDatabases();
const engines = [
  {
    name: 'DuckDB',
    skip: false,
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sightline-ve-ac-'));
      return {
        rank: await openDuckDbRankStore(join(dir, 'rank.duckdb')),
        done: () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'ClickHouse',
    skip: CLICKHOUSE_URL === '',
    open: async () => ({ rank: await openClickHouseRankStore(databases.next()), done: () => undefined }),
  },
];

describe.each(engines)('explorer autocomplete on $name', ({ skip, open }) => {
  let rank: RankStore;
  let done: () => void;
  beforeAll(async () => {
    if (skip) return;
    ({ rank, done } = await open());
    await rank.migrate();
    const gb = await rank.upsertKeywords('gb-en', [
      { text: 'suitcases', sv: 10_000 },
      { text: 'cabin bags', sv: 5_000 },
    ]);
    const us = await rank.upsertKeywords('us-en', [{ text: 'suitcases', sv: 50_000 }]);
    const row = (
      market: string,
      ids: Map<string, number>,
      kw: string,
      date: string,
      position: number,
      url: string,
    ): SerpResultInput => ({
      market,
      keywordId: ids.get(kw)!,
      date,
      position,
      resultType: 'organic',
      url,
    });
    await rank.insertSerpResults([
      // The leader: long name, position 1 on both keywords in the latest week.
      row('gb-en', gb, 'suitcases', '2025-03-10', 1, 'https://www.suitcase-seeker.co.uk/'),
      row('gb-en', gb, 'cabin bags', '2025-03-12', 1, 'https://www.suitcase-seeker.co.uk/cabin'),
      // A short name far down the page.
      row('gb-en', gb, 'suitcases', '2025-03-10', 60, 'https://suitcasex.com/'),
      // Only in an older snapshot (more than a week before the latest): not suggested.
      row('gb-en', gb, 'suitcases', '2025-02-24', 2, 'https://suitcase.io/'),
      // Only in another market: not suggested in gb-en.
      row('us-en', us, 'suitcases', '2025-03-10', 1, 'https://suitc.us/'),
    ]);
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    await rank.close();
    done();
  });

  it.skipIf(skip)('suggests the market leader first, and only names of the market’s last week', async () => {
    expect(await rank.visibilityExplorer.autocomplete('gb-en', 'suitc', 10)).toEqual([
      { value: 'suitcase-seeker.co.uk', kind: 'domain' },
      { value: 'suitcasex.com', kind: 'domain' },
      { value: 'www.suitcase-seeker.co.uk', kind: 'host' },
    ]);
    expect(await rank.visibilityExplorer.autocomplete('us-en', 'SUITC', 10)).toEqual([
      { value: 'suitc.us', kind: 'domain' },
    ]);
    // A prefix still comes first: 'www.suitc' starts the host name.
    expect(await rank.visibilityExplorer.autocomplete('gb-en', 'www.suitc', 10)).toEqual([
      { value: 'www.suitcase-seeker.co.uk', kind: 'host' },
    ]);
  });
});
