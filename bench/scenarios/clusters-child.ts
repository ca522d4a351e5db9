// Child process of scenario `clusters`: opens the scenario's DuckDB store, clusters one market snapshot once
// (clusterMarket: the store read and the core clustering) and prints one JSON line with the wall-clock time
// and this process's peak resident memory (VmHWM), so that the peak is the clustering's own and not the
// generator's. Usage: tsx clusters-child.ts <rank.duckdb> <market> <date>.
import { readFileSync } from 'node:fs';
import { clusterMarket } from '@server/services/clusters/cluster-market';
import { openDuckDbRankStore } from '@storage/rank/duckdb';

function peakRssBytes(): number {
  const m = /^VmHWM:\s+(\d+) kB$/mu.exec(readFileSync('/proc/self/status', 'utf8'));
  if (!m) throw new Error('no VmHWM in /proc/self/status');
  return Number(m[1]) * 1024;
}

async function main(): Promise<void> {
  const [file, market, date] = process.argv.slice(2);
  if (!file || !market || !date) throw new Error('usage: clusters-child.ts <rank.duckdb> <market> <date>');
  const rank = await openDuckDbRankStore(file);
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
