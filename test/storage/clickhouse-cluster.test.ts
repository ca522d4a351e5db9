// The ClickHouse RankStore on the two-shard cluster: schema on every shard, market placement that matches
// the Distributed engine's sharding, complete dimension copies, single-market reads answered by the owning
// shard alone (shown from system.query_log) with the measured cost of asking every shard instead, and
// all-or-nothing writes when a write fails while staging or is cut short between its partition swaps.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankStore, SerpResultInput } from '@storage/rank-store';
import type { ChServer } from '@storage/rank/clickhouse/client';
import type { ChContext } from '@storage/rank/clickhouse/context';
import { SCHEMA_VERSION } from '@storage/rank/clickhouse/schema';
import { openClickHouseContext, rankStoreOn } from '@storage/rank/clickhouse/store';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases } from './clickhouse-env';

if (CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null) {
  console.warn(
    'ClickHouse cluster tests skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL and SIGHTLINE_TEST_CLICKHOUSE_CLUSTER ' +
      '(bash .ci/start-clickhouse.sh starts the two-shard cluster `sightline`)',
  );
}

const D1 = '2025-01-06';
const D2 = '2025-01-13';

function results(market: string, keywordIds: number[], date: string, tag: string): SerpResultInput[] {
  return keywordIds.flatMap((keywordId) =>
    Array.from({ length: 10 }, (_, i) => ({
      market,
      keywordId,
      date,
      position: i + 1,
      resultType: i === 2 ? ('video' as const) : ('organic' as const),
      url: `https://www.site${i}.example.com/${market}/${tag}/${keywordId}`,
      title: `${tag} “${i}” it's \\ ${'\u0000'} 🚀\nline`,
    })),
  );
}

/** Replaces `server.command` so statements matching `fail` throw, as a lost connection would; returns the undo. */
function failOn(server: ChServer, fail: (sql: string) => boolean): () => void {
  const original = server.command.bind(server);
  server.command = async (sql: string) => {
    if (fail(sql)) throw new Error('injected failure: connection lost');
    return original(sql);
  };
  return () => {
    server.command = original;
  };
}

describe.skipIf(CLICKHOUSE_URL === '' || CLICKHOUSE_CLUSTER === null)(
  'ClickHouse RankStore on a cluster',
  () => {
    const databases = freshDatabases();
    let ctx: ChContext;
    let store: RankStore;
    const ids = new Map<string, number[]>();

    async function snapshotUrls(market: string, date: string): Promise<string[]> {
      return (await store.readSnapshot(market, date)).map((r) => r.url);
    }

    async function leftoverStages(): Promise<number> {
      let n = 0;
      for (const shard of ctx.topology.shards) {
        const rows = await shard.server.rows(
          `SELECT count() AS n FROM system.tables WHERE database = '${ctx.database}' AND startsWith(name, 'stage_')`,
        );
        n += Number(rows[0]!.n);
      }
      return n;
    }

    beforeAll(async () => {
      ctx = await openClickHouseContext({ ...databases.next(), settings: { log_queries: 1 } });
      store = rankStoreOn(ctx);
      await store.migrate();
      for (const market of ['gb-en', 'us-en']) {
        const map = await store.upsertKeywords(
          market,
          Array.from({ length: 20 }, (_, i) => ({ text: `${market} keyword ${i}`, sv: 100 * (i + 1) })),
        );
        ids.set(market, [...map.values()]);
      }
      await store.insertSerpResults([
        ...results('gb-en', ids.get('gb-en')!, D1, 'a'),
        ...results('us-en', ids.get('us-en')!, D1, 'a'),
        ...results('gb-en', ids.get('gb-en')!, D2, 'a'),
      ]);
    });

    afterAll(async () => {
      await store.close();
    });

    it('creates local tables, Distributed tables and the schema version on every shard', async () => {
      expect(ctx.topology.shards.map((s) => s.num)).toEqual([1, 2]);
      for (const shard of ctx.topology.shards) {
        const tables = await shard.server.rows(
          `SELECT name, engine FROM system.tables WHERE database = '${ctx.database}' ORDER BY name`,
        );
        const engine = new Map(tables.map((t) => [String(t.name), String(t.engine)]));
        for (const t of ['keywords', 'serp_results', 'serp_snapshots', 'campaign_keywords']) {
          expect(engine.get(t)).toBe('Distributed');
          expect(engine.get(`${t}_local`)).toBe('MergeTree');
        }
        for (const t of ['markets', 'domains', 'hosts', 'urls']) expect(engine.get(t)).toBe('MergeTree');
        const v = await shard.server.one(`SELECT max(version) AS v FROM ${ctx.table('schema_version')}`);
        expect(Number(v.v)).toBe(SCHEMA_VERSION);
      }
    });

    it('keeps every row of a market on the one shard the Distributed engine picks for its id', async () => {
      const owners = new Map<string, number>();
      for (const market of ['gb-en', 'us-en']) {
        const mid = ctx.marketIds.get(market)!;
        for (const shard of ctx.topology.shards) {
          const n = await shard.server.one(
            `SELECT (SELECT count() FROM ${ctx.local('serp_results')} WHERE market_id = ${mid}) +
             (SELECT count() FROM ${ctx.local('keywords')} WHERE market_id = ${mid}) AS n`,
          );
          if (Number(n.n) > 0) owners.set(market, shard.num);
        }
        expect(owners.get(market)).toBe(ctx.shardOf(mid).num);
      }
      expect(new Set(owners.values()).size).toBe(2);
      // Rows written through the Distributed table land where the adapter routes them (fresh database).
      const probe = await openClickHouseContext({
        ...databases.next(),
        settings: { insert_distributed_sync: 1 },
      });
      try {
        await rankStoreOn(probe).migrate();
        const rows = Array.from({ length: 8 }, (_, i) => `(${101 + i}, '2025-01-06', 1, 1)`).join(', ');
        await probe.entry.command(`INSERT INTO ${probe.all('serp_snapshots')} VALUES ${rows}`);
        for (const shard of probe.topology.shards) {
          const held = await shard.server.rows(
            `SELECT market_id FROM ${probe.local('serp_snapshots')} ORDER BY market_id`,
          );
          const expected = Array.from({ length: 8 }, (_, i) => 101 + i).filter(
            (m) => probe.shardOf(m).num === shard.num,
          );
          expect(held.map((r) => Number(r.market_id))).toEqual(expected);
        }
      } finally {
        await probe.topology.close();
      }
    });

    it('keeps a complete, identical copy of every dimension table on every shard', async () => {
      const digest = async (server: ChServer, table: string) =>
        server.one(`SELECT count() AS n, groupBitXor(cityHash64(*)) AS h FROM ${ctx.table(table)}`);
      for (const table of ['markets', 'domains', 'hosts', 'urls', 'url_titles']) {
        const [a, b] = await Promise.all(ctx.topology.shards.map((s) => digest(s.server, table)));
        expect(Number(a!.n)).toBeGreaterThan(0);
        expect(b).toEqual(a);
      }
      const row = (await store.readSnapshot('us-en', D1))[0]!;
      expect(row.title).toBe(`a “0” it's \\ ${'\u0000'} 🚀\nline`);
    });

    it('answers a single-market read from the shard that holds the market (system.query_log)', async () => {
      const gb = ctx.marketIds.get('gb-en')!;
      const owner = ctx.shardOf(gb);
      const other = ctx.topology.shards.find((s) => s !== owner)!;
      await sleep(1100); // query_log has one-second event times: start on a fresh second
      const since = Number((await ctx.entry.one('SELECT toUInt32(now()) AS t')).t);
      expect((await store.readSnapshot('gb-en', D1)).length).toBe(200);
      const summary = await store.marketSummary('gb-en');
      expect(summary.snapshotDates).toEqual([D1, D2]);
      // A finished query reaches the log queue shortly after its answer: flush and count until it is there.
      const logged = async (server: ChServer, where: string, atLeast: number) => {
        let n = 0;
        for (let attempt = 0; attempt < 40 && n < atLeast; attempt++) {
          if (attempt > 0) await sleep(250);
          await server.command('SYSTEM FLUSH LOGS');
          const r = await server.one(
            `SELECT count() AS n FROM system.query_log WHERE CAST(type AS UInt8) = 2 AND ${where}`,
          );
          n = Number(r.n);
        }
        return n;
      };
      const ours = `event_time >= toDateTime(${since}) AND query LIKE '%${ctx.database}%'
        AND query NOT LIKE '%system.query_log%'`;
      expect(await logged(owner.server, ours, 4)).toBe(4); // readSnapshot, and three summary queries
      expect(await logged(other.server, ours, 0)).toBe(0);

      // The same question through the Distributed table reaches every shard (18.16 has no
      // optimize_skip_unused_shards): the shard without the market runs its part for nothing.
      const queryId = `pruning-${Date.now()}`;
      const sql = `SELECT count() AS n FROM ${ctx.all('serp_results')} WHERE market_id = ${gb} AND date = '${D1}'`;
      expect(Number((await ctx.entry.rows(sql, queryId))[0]!.n)).toBe(200);
      for (const shard of ctx.topology.shards) {
        expect(
          await logged(shard.server, `initial_query_id = '${queryId}'`, 1),
          `shard ${shard.num}`,
        ).toBeGreaterThan(0);
      }
    });

    it('measures asking every shard (Distributed) against asking the owning shard (local table)', async () => {
      const gb = ctx.marketIds.get('gb-en')!;
      const owner = ctx.shardOf(gb).server;
      const where = `WHERE market_id = ${gb} AND date = '${D1}'`;
      const time = async (run: () => Promise<unknown>) => {
        const ms: number[] = [];
        for (let i = 0; i < 30; i++) {
          const t = performance.now();
          await run();
          ms.push(performance.now() - t);
        }
        return ms.sort((a, b) => a - b)[15]!;
      };
      const routed = await time(() =>
        owner.rows(`SELECT uniqExact(host_id) AS n FROM ${ctx.local('serp_results')} ${where}`),
      );
      const fanned = await time(() =>
        ctx.entry.rows(`SELECT uniqExact(host_id) AS n FROM ${ctx.all('serp_results')} ${where}`),
      );
      console.log(
        `one-market query, median of 30: owning shard ${routed.toFixed(1)} ms, Distributed ${fanned.toFixed(1)} ms`,
      );
      expect(routed).toBeGreaterThan(0);
      expect(fanned).toBeGreaterThan(0);
    });

    it('leaves nothing visible when a write fails while staging on the second shard', async () => {
      const before = await store.counts();
      const usOwner = ctx.shardOf(ctx.marketIds.get('us-en')!).server;
      const undo = failOn(usOwner, (sql) => /INSERT INTO \S+stage_w\d+_serp_results/u.test(sql));
      try {
        await expect(
          store.insertSerpResults([
            ...results('gb-en', ids.get('gb-en')!, D1, 'b'),
            ...results('us-en', ids.get('us-en')!, D1, 'b'),
          ]),
        ).rejects.toThrow(/injected/);
      } finally {
        undo();
      }
      expect(await store.counts()).toEqual(before);
      expect((await snapshotUrls('gb-en', D1)).every((u) => u.includes('/a/'))).toBe(true);
      expect((await snapshotUrls('us-en', D1)).every((u) => u.includes('/a/'))).toBe(true);
      expect(await leftoverStages()).toBe(0);
    });

    it('rolls a write cut short between its partition swaps forward at the next start', async () => {
      const gbOwner = ctx.shardOf(ctx.marketIds.get('gb-en')!).server;
      let swaps = 0;
      const undo = failOn(gbOwner, (sql) => sql.includes('REPLACE PARTITION') && ++swaps === 2);
      try {
        await expect(
          store.insertSerpResults([
            ...results('gb-en', ids.get('gb-en')!.slice(0, 5), D1, 'c'),
            ...results('gb-en', ids.get('gb-en')!.slice(0, 5), D2, 'c'),
          ]),
        ).rejects.toThrow(/injected/);
      } finally {
        undo();
      }
      // Cut short: the first date is published, the second not yet.
      expect((await snapshotUrls('gb-en', D1)).filter((u) => u.includes('/c/'))).toHaveLength(50);
      expect((await snapshotUrls('gb-en', D2)).filter((u) => u.includes('/c/'))).toHaveLength(0);
      expect(await leftoverStages()).toBeGreaterThan(0);

      const restarted = rankStoreOn(await openClickHouseContext(databases.reuse(ctx.database)));
      try {
        await restarted.migrate();
        for (const date of [D1, D2]) {
          const urls = (await restarted.readSnapshot('gb-en', date)).map((r) => r.url);
          expect(
            urls.filter((u) => u.includes('/c/')),
            date,
          ).toHaveLength(50);
          expect(
            urls.filter((u) => u.includes('/a/')),
            date,
          ).toHaveLength(150);
        }
        expect((await restarted.marketSummary('gb-en')).serpResults).toBe(400);
      } finally {
        await restarted.close();
      }
      expect(await leftoverStages()).toBe(0);
      const pending = await ctx.primary.one(
        `SELECT count() AS n FROM ${ctx.table('write_journal')}
       WHERE write_id NOT IN (SELECT write_id FROM ${ctx.table('write_done')})`,
      );
      expect(Number(pending.n)).toBe(0);
    });

    it('moves a campaign between markets on different shards in one write', async () => {
      const [gb, us] = [ids.get('gb-en')!, ids.get('us-en')!];
      await store.setCampaignKeywords(
        5,
        'gb-en',
        gb.slice(0, 3).map((keywordId) => ({ keywordId, tags: ['t'], groups: [] })),
      );
      await store.setCampaignKeywords(6, 'gb-en', [{ keywordId: gb[4]!, tags: [], groups: ['g'] }]);
      await store.setCampaignKeywords(5, 'us-en', [{ keywordId: us[0]!, tags: [], groups: ['moved'] }]);
      expect(await store.readCampaignKeywords(5)).toEqual([
        { keywordId: us[0], tags: [], groups: ['moved'] },
      ]);
      expect(await store.readCampaignKeywords(6)).toEqual([{ keywordId: gb[4], tags: [], groups: ['g'] }]);
      const gbOwner = ctx.shardOf(ctx.marketIds.get('gb-en')!).server;
      const left = await gbOwner.one(
        `SELECT count() AS n FROM ${ctx.local('campaign_keywords')} WHERE campaign_id = 5`,
      );
      expect(Number(left.n)).toBe(0);
    });

    it('refuses shard URLs that do not cover the cluster', async () => {
      await expect(
        openClickHouseContext({
          url: CLICKHOUSE_URL,
          cluster: CLICKHOUSE_CLUSTER,
          shardUrls: [CLICKHOUSE_URL],
        }),
      ).rejects.toThrow(/no HTTP URL for shard/);
      await expect(
        openClickHouseContext({ url: CLICKHOUSE_URL, cluster: 'no_such_cluster' }),
      ).rejects.toThrow(/not defined/);
    });
  },
);
