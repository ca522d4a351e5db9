// Test settings of the ClickHouse RankStore tests: the server (SIGHTLINE_TEST_CLICKHOUSE_URL), the cluster
// (SIGHTLINE_TEST_CLICKHOUSE_CLUSTER, e.g. `sightline` from .ci/start-clickhouse.sh) and optionally the
// shards' HTTP URLs (SIGHTLINE_TEST_CLICKHOUSE_SHARD_URLS, comma-separated; derived when absent). Every
// database a test file creates has a random name and is dropped on every shard afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { ChContext, ShardedTable } from '@storage/rank/clickhouse/context';
import {
  openClickHouseContext,
  rankStoreOn,
  type ClickHouseRankStoreOptions,
} from '@storage/rank/clickhouse/store';
import type { RankStore } from '@storage/rank-store';
import { dropDatabase } from '@storage/rank/clickhouse/schema';

export const CLICKHOUSE_URL = process.env.SIGHTLINE_TEST_CLICKHOUSE_URL ?? '';
export const CLICKHOUSE_CLUSTER = process.env.SIGHTLINE_TEST_CLICKHOUSE_CLUSTER || null;
const shardList = process.env.SIGHTLINE_TEST_CLICKHOUSE_SHARD_URLS;
export const CLICKHOUSE_SHARD_URLS = shardList ? shardList.split(',').map((u) => u.trim()) : undefined;

export function warnIfNoClickHouse(what: string): void {
  if (CLICKHOUSE_URL === '') {
    console.warn(
      `${what} skipped: set SIGHTLINE_TEST_CLICKHOUSE_URL (e.g. from bash .ci/start-clickhouse.sh)`,
    );
  }
}

/** Options for a fresh database with a random name, dropped (on every shard) after the file's tests. */
export function freshDatabases(cluster: string | null = CLICKHOUSE_CLUSTER) {
  const prefix = `sightline_test_${randomBytes(4).toString('hex')}`;
  const created: string[] = [];
  afterAll(async () => {
    for (const database of created) {
      const ctx = await openClickHouseContext(options(database));
      try {
        await dropDatabase(ctx);
      } finally {
        await ctx.topology.close();
      }
    }
  });
  function options(database: string): ClickHouseRankStoreOptions {
    return {
      url: CLICKHOUSE_URL,
      cluster,
      database,
      ...(CLICKHOUSE_SHARD_URLS ? { shardUrls: CLICKHOUSE_SHARD_URLS } : {}),
    };
  }
  return {
    /** Options for a new database of this file. */
    next(): ClickHouseRankStoreOptions {
      const database = `${prefix}_${created.length + 1}`;
      created.push(database);
      return options(database);
    },
    /** Options for a database handed out before (a second connection, a restart). */
    reuse(database: string): ClickHouseRankStoreOptions {
      return options(database);
    },
  };
}

/**
 * Puts every shard back at schema version `version` (its schema_version rows 1…version), with the shard parts
 * of `emptied` truncated, as a workspace written before the later migrations.
 */
export async function rewindSchema(
  ctx: ChContext,
  version: number,
  emptied: readonly ShardedTable[],
): Promise<void> {
  const rows = Array.from({ length: version }, (_, i) => `(${i + 1}, now())`).join(', ');
  for (const shard of ctx.topology.shards) {
    await shard.server.command(`DROP TABLE ${ctx.table('schema_version')}`);
    await shard.server.command(
      `CREATE TABLE ${ctx.table('schema_version')} (version UInt32, applied_at DateTime)
       ENGINE = MergeTree ORDER BY version`,
    );
    await shard.server.command(`INSERT INTO ${ctx.table('schema_version')} VALUES ${rows}`);
    for (const t of emptied) await shard.server.command(`TRUNCATE TABLE ${ctx.local(t)}`);
  }
}

/**
 * Declares `tests` on one ClickHouse server and on the cluster (each when configured), on a fresh database
 * migrated and seeded once per suite; `get` gives the tests the context and what `seed` returned.
 */
export function onEachClickHouse<T>(
  title: string,
  seed: (rank: RankStore) => Promise<T>,
  tests: (get: () => { ctx: ChContext; data: T }) => void,
): void {
  for (const [name, cluster] of [
    ['single server', null],
    ['cluster', CLICKHOUSE_CLUSTER],
  ] as const) {
    describe.skipIf(CLICKHOUSE_URL === '' || (name === 'cluster' && cluster === null))(
      `${title} on ClickHouse (${name})`,
      () => {
        const databases = freshDatabases(cluster);
        let ctx: ChContext;
        let rank: RankStore;
        let data: T;
        beforeAll(async () => {
          ctx = await openClickHouseContext(databases.next());
          rank = rankStoreOn(ctx);
          await rank.migrate();
          data = await seed(rank);
        }, 120_000);
        afterAll(async () => {
          await rank?.close();
        });
        tests(() => ({ ctx, data }));
      },
    );
  }
}
