// Child process of scenario `clusters`: opens the scenario's store (a DuckDB file, or a ClickHouse database
// given by its options as JSON), clusters one market snapshot once (clusterMarket: the store read and the
// core clustering) and prints one JSON line with the wall-clock time and this process's peak resident memory
// (VmHWM), so that the peak is the clustering's own and not the generator's.
// Usage: tsx clusters-child.ts duckdb <rank.duckdb> <market> <date>
//        tsx clusters-child.ts clickhouse '<ClickHouseRankStoreOptions JSON>' <market> <date>
import { readFileSync } from 'node:fs';
import { clusterMarket } from '@server/services/clusters/cluster-market';
import { openClickHouseRankStore, type ClickHouseRankStoreOptions } from '@storage/rank/clickhouse/store';
import { openDuckDbRankStore } from '@storage/rank/duckdb';

function peakRssBytes(): number {
  const m = /^VmHWM:\s+(\d+) kB$/mu.exec(readFileSync('/proc/self/status', 'utf8'));
  if (!m) throw new Error('no VmHWM in /proc/self/status');
  return Number(m[1]) * 1024;
}

async function main(): Promise<void> {
  const [engine, store, market, date] = process.argv.slice(2);
  if ((engine !== 'duckdb' && engine !== 'clickhouse') || !store || !market || !date)
    throw new Error('usage: clusters-child.ts duckdb|clickhouse <file or options JSON> <market> <date>');
  const rank =
    engine === 'duckdb'
      ? await openDuckDbRankStore(store)
      : await openClickHouseRankStore(JSON.parse(store) as ClickHouseRankStoreOptions);
  try {
    const started = performance.now();
    const result = await clusterMarket(rank, market, date);
    const ms = performance.now() - started;
    const sizes = result.clusters.map((c) => c.members.length);
    const answer = {
      ms,
      peakRss: peakRssBytes(),
      keywords: result.keywords,
      clusters: sizes.length,
      multi: sizes.filter((n) => n > 1).length,
      largest: Math.max(0, ...sizes),
      // A fingerprint of the whole answer, compared with the PostgreSQL twin's.
      hubs: result.clusters.map((c) => c.members.map((k) => k.id).join(',')).join(';'),
    };
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  } finally {
    await rank.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
