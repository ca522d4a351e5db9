// Drops the ClickHouse database a test opened through the composition root, on every shard.
import type { Config } from '@server/config';
import { openClickHouseContext } from '@storage/rank/clickhouse/store';
import { dropDatabase } from '@storage/rank/clickhouse/schema';

export async function dropClickHouseDatabase(config: Config): Promise<void> {
  if (!config.clickhouseUrl) return;
  const ctx = await openClickHouseContext({
    url: config.clickhouseUrl,
    cluster: config.clickhouseCluster,
    database: config.clickhouseDatabase,
  });
  try {
    await dropDatabase(ctx);
  } finally {
    await ctx.topology.close();
  }
}
