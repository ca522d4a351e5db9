// Campaign-visibility reads of the ClickHouse RankStore under concurrency and failure, on the two-shard
// cluster: a read is answered by the shard that holds the campaign's market (system.query_log); a burst of
// reads queues per shard in the adapter (at most cvReadsPerShard at once) and every read gets its own right
// answer; a read that ClickHouse cannot answer rejects with a ChReadError naming the shard and ClickHouse's
// reason, and frees its slot for the next.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CTR } from '@core/ctr';
import { parseHostFilter } from '@core/host-match';
import type { CvScope, CvSeries, CvTarget } from '@storage/campaign-visibility-reads';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import type { ChServer } from '@storage/rank/clickhouse/client';
import type { ChContext } from '@storage/rank/clickhouse/context';
import { ChReadError } from '@storage/rank/clickhouse/cv/run';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases } from './clickhouse-env';

if (CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null) {
  console.warn(
    'ClickHouse campaign-visibility load tests skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL and ' +
      'SIGHTLINE_TEST_CLICKHOUSE_CLUSTER (bash .ci/start-clickhouse.sh starts the two-shard cluster `sightline`)',
  );
}

const MARKETS = ['gb-en', 'us-en'] as const;
const CAMPAIGN: Record<string, number> = { 'gb-en': 1, 'us-en': 2 };
const DATES = ['2025-01-06', '2025-01-13', '2025-01-20'];
const SPAN = { start: '2025-01-01', end: '2025-01-31' };
const KEYWORDS = 20;
const READS_PER_SHARD = 2;

const target = (value: string): CvTarget => ({ key: value, filters: [parseHostFilter(value)!] });
/** site0 holds position 1 of every page, site2 position 3. */
const TARGETS = [target('site0.com'), target('www.site2.com')];

function scope(market: string, over: Partial<CvScope> = {}): CvScope {
  return {
    campaignId: CAMPAIGN[market]!,
    market,
    tags: [],
    tagsMatch: 'any',
    groups: [],
    keywords: [],
    resultTypes: [],
    ctr: DEFAULT_CTR,
    ...over,
  };
}

/** Ten results per keyword and date: www.site{i}.com at position i + 1. */
async function seed(store: RankStore): Promise<void> {
  for (const market of MARKETS) {
    const ids = await store.upsertKeywords(
      market,
      Array.from({ length: KEYWORDS }, (_, i) => ({ text: `${market} keyword ${i}`, sv: 100 * (i + 1) })),
    );
    const keywordIds = [...ids.values()];
    await store.setCampaignKeywords(
      CAMPAIGN[market]!,
      market,
      keywordIds.map((keywordId, i) => ({ keywordId, tags: [i % 2 === 0 ? 'even' : 'odd'], groups: [] })),
    );
    const rows: SerpResultInput[] = keywordIds.flatMap((keywordId) =>
      DATES.flatMap((date) =>
        Array.from({ length: 10 }, (_, i) => ({
          market,
          keywordId,
          date,
          position: i + 1,
          resultType: 'organic' as const,
          url: `https://www.site${i}.com/${keywordId}`,
        })),
      ),
    );
    await store.insertSerpResults(rows);
  }
}

/** Queries of `server` since `since` (unix seconds) that name `database`, once they reach query_log. */
async function loggedQueries(server: ChServer, since: number, database: string, atLeast: number) {
  let n = 0;
  for (let attempt = 0; attempt < 40 && n < atLeast; attempt++) {
    if (attempt > 0) await sleep(250);
    await server.command('SYSTEM FLUSH LOGS');
    const r = await server.one(
      `SELECT count() AS n FROM system.query_log
       WHERE CAST(type AS UInt8) = 2 AND event_time >= toDateTime(${since})
         AND query LIKE '%${database}%' AND query NOT LIKE '%system.query_log%'`,
    );
    n = Number(r.n);
  }
  return n;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.skipIf(CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null)(
  'campaign-visibility reads on the ClickHouse cluster: routing, queueing and failures',
  () => {
    const databases = freshDatabases();
    let ctx: ChContext;
    let store: RankStore;

    beforeAll(async () => {
      ctx = await openClickHouseContext({
        ...databases.next(),
        settings: { log_queries: 1 },
        cvReadsPerShard: READS_PER_SHARD,
      });
      store = rankStoreOn(ctx);
      await store.migrate();
      await seed(store);
    }, 120_000);

    afterAll(async () => {
      await store?.close();
    });

    it('answers a campaign-visibility read from the shard that holds the market (system.query_log)', async () => {
      const owner = ctx.shardOf(ctx.marketIds.get('gb-en')!);
      const other = ctx.topology.shards.find((s) => s !== owner)!;
      await sleep(1100); // query_log has one-second event times: start on a fresh second
      const since = Number((await ctx.entry.one('SELECT toUInt32(now()) AS t')).t);
      const series = await store.campaignVisibility.series(scope('gb-en'), TARGETS, SPAN, { market: true });
      expect(series.points.map((p) => p.date)).toEqual(DATES);
      // Staging the keyword set, the snapshots, their use, the hits, and the four sums: all on the owner.
      expect(await loggedQueries(owner.server, since, ctx.database, 5)).toBeGreaterThanOrEqual(5);
      expect(await loggedQueries(other.server, since, ctx.database, 0)).toBe(0);
    });

    it('queues a burst of reads per shard and gives every read its own answer', async () => {
      const scopes = MARKETS.flatMap((m) => [
        scope(m),
        scope(m, { tags: ['even'] }),
        scope(m, { tags: ['odd'] }),
      ]);
      const alone = new Map<CvScope, CvSeries>();
      for (const sc of scopes)
        alone.set(sc, await store.campaignVisibility.series(sc, TARGETS, SPAN, { market: true }));

      const burst = Array.from({ length: 24 }, (_, i) => scopes[i % scopes.length]!);
      const answers = Promise.all(
        burst.map((sc) => store.campaignVisibility.series(sc, TARGETS, SPAN, { market: true })),
      );
      const domainScores = Promise.all(
        MARKETS.map((m) => store.campaignVisibility.domainScores(scope(m), [DATES[2]!])),
      );
      await tick(); // every read has passed the (cached) market lookup and reached its shard's gate
      for (const shard of ctx.topology.shards) {
        const gate = ctx.cvGate(shard);
        expect(gate.active).toBe(READS_PER_SHARD);
        expect(gate.queued).toBe(13 - READS_PER_SHARD); // 12 series reads and one domainScores per market
      }
      const got = await answers;
      got.forEach((series, i) => expect(series).toEqual(alone.get(burst[i]!)));
      for (const series of got) {
        for (const p of series.points) {
          // site0 holds position 1 of every counted keyword: its VS is the visibility denominator.
          expect(p.visibilityScores[0]).toBeCloseTo(p.maxVisibilityScore, 9);
          expect(p.visibilityScores[1]).toBeCloseTo(
            (p.maxVisibilityScore * DEFAULT_CTR[2]!) / DEFAULT_CTR[0]!,
            9,
          );
        }
      }
      for (const rows of await domainScores) {
        expect(rows.map((r) => r.domain).slice(0, 3)).toEqual(['site0.com', 'site1.com', 'site2.com']);
      }
      for (const shard of ctx.topology.shards) {
        expect([ctx.cvGate(shard).active, ctx.cvGate(shard).queued]).toEqual([0, 0]);
      }
    }, 120_000);

    it('rejects a read ClickHouse cannot answer with a ChReadError naming the shard, and frees its slot', async () => {
      // A second workspace whose keyword table is gone on the shard that owns gb-en: every read there fails.
      const broken = await openClickHouseContext({ ...databases.next(), cvReadsPerShard: 1 });
      const brokenStore = rankStoreOn(broken);
      try {
        await brokenStore.migrate();
        await seed(brokenStore);
        const owner = broken.shardOf(broken.marketIds.get('gb-en')!);
        await owner.server.command(`DROP TABLE ${broken.local('keywords')}`);
        const reads = Array.from({ length: 3 }, () =>
          brokenStore.campaignVisibility.series(scope('gb-en'), TARGETS, SPAN, { market: false }),
        );
        for (const read of reads) {
          const error: unknown = await read.then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ChReadError);
          expect((error as ChReadError).statusCode).toBe(503);
          expect((error as Error).message).toMatch(
            new RegExp(
              `^ClickHouse shard ${owner.num} could not answer this campaign-visibility read.*keywords_local`,
              'u',
            ),
          );
        }
        expect([broken.cvGate(owner).active, broken.cvGate(owner).queued]).toEqual([0, 0]);
        // The other market, on the other shard, still answers.
        const us = await brokenStore.campaignVisibility.series(scope('us-en'), TARGETS, SPAN, {
          market: false,
        });
        expect(us.keywords).toBe(KEYWORDS);
      } finally {
        await brokenStore.close();
      }
    }, 120_000);
  },
);
