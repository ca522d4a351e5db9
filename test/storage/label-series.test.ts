// Conformance test of the Tag Analysis read (CampaignVisibilityReads.labelSeries, issue 29 item 5): random
// data in three markets (plan-series-fixture.ts) and random scopes, targets, spans and CTR models; per point
// date and keyword tag or group, every target's VS, ranked keywords, Σ best positions and rank ranges must
// equal the src/core reference (labelAnalysis; at every point, or at the span's first and last) up to a
// relative 1e-9 (sums added in another order). Run on DuckDB, one ClickHouse server and the two-shard
// cluster, through the RankStore port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import type { RankStore } from '@storage/rank-store';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases } from './clickhouse-env';
import { expectSame } from './cv-rollup-fixture';
import {
  generateMarket,
  random,
  randomCase,
  referenceLabelSeries,
  writeMarket,
  type MarketData,
} from './plan-series-fixture';

const MARKETS = ['gb-en', 'de-de', 'fr-fr'];
const CASES_PER_MARKET = 10;

async function seed(rank: RankStore): Promise<MarketData[]> {
  const data = MARKETS.map((m, i) => generateMarket(2000 + i, m, 10 * i));
  for (const d of data) await writeMarket(rank, d);
  await rank.prepareCampaignReads(data[0]!.campaigns[0], ['a.com', 'b.com', 'c.org']);
  return data;
}

/** Every case of every market against the reference; returns how many target sums ranked somewhere. */
async function check(rank: RankStore, data: MarketData[]): Promise<number> {
  let ranked = 0;
  for (const [i, d] of data.entries()) {
    const r = random(99 + i);
    for (let n = 0; n < CASES_PER_MARKET; n += 1) {
      const c = randomCase(r, d, n);
      for (const kind of ['tags', 'groups'] as const) {
        for (const which of ['all', 'ends'] as const) {
          const got = await rank.campaignVisibility.labelSeries(c.scope, c.targets, c.span, kind, which);
          expectSame(got, referenceLabelSeries(d, c, kind, which), `${c.where} ${kind} ${which}`);
          ranked += got.flatMap((p) => p.targets).filter((t) => t.ranked > 0).length;
        }
      }
    }
  }
  return ranked;
}

describe('Tag Analysis sums on DuckDB', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-labels-'));
  let rank: RankStore;
  let data: MarketData[];
  beforeAll(async () => {
    rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
    await rank.migrate();
    data = await seed(rank);
  });
  afterAll(async () => {
    await rank?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('equal the core reference per point, label and target', async () => {
    expect(await check(rank, data)).toBeGreaterThan(50);
  }, 120_000);
});

function clickHouseSuite(name: string, cluster: string | null): void {
  describe.skipIf(CLICKHOUSE_URL === '' || (name === 'cluster' && cluster === null))(
    `Tag Analysis sums on ClickHouse (${name})`,
    () => {
      const databases = freshDatabases(cluster);
      let rank: RankStore;
      let data: MarketData[];
      beforeAll(async () => {
        rank = rankStoreOn(await openClickHouseContext(databases.next()));
        await rank.migrate();
        data = await seed(rank);
      }, 120_000);
      afterAll(async () => {
        await rank?.close();
      });

      it('equal the core reference per point, label and target', async () => {
        expect(await check(rank, data)).toBeGreaterThan(50);
      }, 300_000);
    },
  );
}

if (CLICKHOUSE_URL === '') {
  console.warn(
    'Tag Analysis sums on ClickHouse skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL (. /tmp/devenv.sh)',
  );
}
clickHouseSuite('single server', null);
clickHouseSuite('cluster', CLICKHOUSE_CLUSTER);
