// A RankStore on a fresh ClickHouse database for the scenarios that build their own store (ve, clusters):
// the same generated market on the server backend, timed beside the embedded one. Null when
// BENCH_CLICKHOUSE_URL is not set; close() drops the database on every shard.
import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@storage/rank/clickhouse/schema';
import {
  openClickHouseContext,
  openClickHouseRankStore,
  type ClickHouseRankStoreOptions,
} from '@storage/rank/clickhouse/store';
import type { RankStore } from '@storage/rank-store';

export interface BenchServerRank {
  rank: RankStore;
  /** How the store is addressed, to reopen it elsewhere (a child process). */
  options: ClickHouseRankStoreOptions;
  /** 'ClickHouse cluster sightline' or 'ClickHouse single server'. */
  label: string;
  close: () => Promise<void>;
}

export async function openBenchClickHouse(
  url: string | undefined,
  cluster: string | undefined,
): Promise<BenchServerRank | null> {
  if (!url) return null;
  const options: ClickHouseRankStoreOptions = {
    url,
    cluster: cluster || null,
    database: `sightline_bench_${randomBytes(4).toString('hex')}`,
  };
  const rank = await openClickHouseRankStore(options);
  const close = async () => {
    await rank.close();
    const ctx = await openClickHouseContext(options);
    try {
      await dropDatabase(ctx);
    } finally {
      await ctx.topology.close();
    }
  };
  try {
    await rank.migrate();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { rank, options, label: `ClickHouse ${cluster ? `cluster ${cluster}` : 'single server'}`, close };
}
