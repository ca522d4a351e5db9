// Runs the RankStore conformance suite against the ClickHouse adapter: on the two-shard cluster (tables
// sharded by market behind Distributed tables) and on a single server, one fresh database per test. Creating
// and migrating a database takes about a second on the cluster, so the next test's database is made while
// the current test runs.
import { afterAll, describe } from 'vitest';
import { openClickHouseRankStore } from '@storage/rank/clickhouse';
import type { RankStore } from '@storage/rank-store';
import { rankStoreSuite } from './rank-store.suite';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases, warnIfNoClickHouse } from './clickhouse-env';

warnIfNoClickHouse('ClickHouse RankStore conformance');

describe.skipIf(CLICKHOUSE_URL === '')('ClickHouse RankStore', () => {
  for (const cluster of CLICKHOUSE_CLUSTER === null ? [null] : [CLICKHOUSE_CLUSTER, null]) {
    const databases = freshDatabases(cluster);
    const fresh = async (): Promise<RankStore> => {
      const store = await openClickHouseRankStore(databases.next());
      await store.migrate();
      return store;
    };
    let next: Promise<RankStore> | undefined;
    // The one made for a test that never came.
    afterAll(async () => (await next?.catch(() => undefined))?.close());
    rankStoreSuite(cluster === null ? 'ClickHouse, one server' : `ClickHouse cluster ${cluster}`, () => {
      const store = next ?? fresh();
      next = fresh();
      // Awaited by the next test; marked handled so a failure is reported there, not as unhandled.
      next.catch(() => undefined);
      return store;
    });
  }
});
