// Runs the RankStore conformance suite against the ClickHouse adapter: on the two-shard cluster (tables
// sharded by market behind Distributed tables) and on a single server, one fresh database per test.
import { describe } from 'vitest';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import { rankStoreSuite } from './rank-store.suite';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse RankStore conformance');

describe.skipIf(CLICKHOUSE_URL === '')('ClickHouse RankStore', () => {
  for (const cluster of CLICKHOUSE_CLUSTER === null ? [null] : [CLICKHOUSE_CLUSTER, null]) {
    const databases = freshDatabases(cluster);
    rankStoreSuite(
      cluster === null ? 'ClickHouse, one server' : `ClickHouse cluster ${cluster}`,
      async () => {
        const store = await openClickHouseRankStore(databases.next());
        await store.migrate();
        return store;
      },
    );
  }
});
