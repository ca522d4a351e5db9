// Scenario `market-share` (issue 6 item 1's bench): the market-share reads on one large market. The demo
// generator writes `--keywords` keywords × `--weeks` weekly top-100 SERPs for the first demo market into a
// fresh embedded DuckDB store (bench/lib/demo-market.ts); then the overview's read (RankStore.marketShare
// .domainSeries: VS of every registrable domain at every snapshot date, the top 10 and 5 tracked domains) and
// the competitive matrix's read (setScores: 20 keyword sets covering every keyword, at the last date) are
// timed through the port. With BENCH_CLICKHOUSE_URL the same market is generated on ClickHouse, its answers
// checked against the embedded ones and timed the same way. No plain-PostgreSQL twin yet (see the notes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CTR } from '@core/ctr';
import type { MsKeywordSet } from '@storage/market-share-reads';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import { compareJson } from '../lib/agreement';
import { generateMarket } from '../lib/demo-market';
import { loadAverage } from '../lib/machine';
import { openBenchClickHouse } from '../lib/server-rank';
import { measure, ms, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import type { BenchOptions } from './index';

/** Leaders shown, as the screen asks. */
const LIMIT = 10;
/** Keyword sets of the matrix (keyword id modulo this). */
const SETS = 20;

interface Case {
  points: string[];
  tracked: string[];
  sets: MsKeywordSet[];
}

/** Every snapshot date of the market, 5 tracked domains from the middle of its league, 20 keyword sets. */
async function caseOf(rank: RankStore, market: string): Promise<Case> {
  const points = (await rank.marketSummary(market)).snapshotDates;
  const league = await rank.campaignVisibility.marketLeague(market, points.at(-1)!, 500);
  const domains = [...new Set(league.rows.map((r) => r.domain))];
  const tracked = [20, 40, 80, 120, 160].map((i) => domains[Math.min(i, domains.length - 1)]!);
  const ids = (await rank.readKeywords(market)).map((k) => k.id);
  const sets = Array.from({ length: SETS }, (_, i) => ({
    label: `set ${i + 1}`,
    keywordIds: ids.filter((id) => id % SETS === i),
  }));
  return { points, tracked: [...new Set(tracked)], sets };
}

const series = (rank: RankStore, market: string, c: Case) =>
  rank.marketShare.domainSeries(market, c.points, DEFAULT_CTR, c.tracked, LIMIT);
const matrix = (rank: RankStore, market: string, c: Case) =>
  rank.marketShare.setScores(market, c.points.at(-1)!, DEFAULT_CTR, c.sets, c.tracked);

function row(what: string, t: Timing): string[] {
  return [what, ms(t.median), ms(t.p95), String(t.n)];
}

export async function marketShareScenario(opts: BenchOptions): Promise<Table> {
  const { keywordsPerMarket: keywords, weeks } = opts.size;
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-ms-'));
  const rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
  try {
    await rank.migrate();
    const now = new Date();
    const started = performance.now();
    console.log(`Generating ${keywords.toLocaleString('en')} keywords × ${weeks} weeks × top 100…`);
    const market = await generateMarket(rank, keywords, weeks, now);
    const genS = (performance.now() - started) / 1000;
    const summary = await rank.marketSummary(market);
    const c = await caseOf(rank, market);
    const seriesAnswer = await series(rank, market, c);
    const matrixAnswer = await matrix(rank, market, c);
    const run = { warmups: opts.warmups, runs: opts.runs };
    const loadBefore = loadAverage();
    const rows = [
      row('overview: domainSeries, embedded DuckDB', await measure(() => series(rank, market, c), run)),
      row('matrix: setScores, embedded DuckDB', await measure(() => matrix(rank, market, c), run)),
    ];
    const loadAfter = loadAverage();
    const notes = [
      `Market ${market}: ${keywords.toLocaleString('en')} keywords × ${c.points.length} weekly snapshots (top 100), ${summary.serpResults.toLocaleString('en')} SERP results, generated in ${genS.toFixed(0)} s; embedded DuckDB.`,
      `Overview read: VS of every registrable domain at each of the ${c.points.length} snapshot dates (DESIGN §3 date rule), market totals, the top ${LIMIT} at the last date (${seriesAnswer.leaders.slice(0, 3).join(', ')}, …) and ${c.tracked.length} tracked domains with their ranks; ${seriesAnswer.scores.length} (date, domain) rows returned. Matrix read: ${SETS} keyword sets covering every keyword at ${c.points.at(-1)}, totals and the tracked domains' VS. ${opts.warmups} warm-ups, then ${opts.runs} timed runs each, through the RankStore port (the service adds two meta-store reads and the pure metrics).`,
      `Load average (1, 5, 15 min) before timing: ${loadBefore}; after: ${loadAfter}. Shared 2-core machine: other sessions' work slows every figure.`,
      'No plain-PostgreSQL twin yet: it would need every SERP row of the market (the whole-market denominator), which this machine does not load in reasonable time at this size.',
    ];
    const server = await openBenchClickHouse(opts.clickhouseUrl, opts.clickhouseCluster);
    if (server === null) notes.push('Server backend skipped: BENCH_CLICKHOUSE_URL is not set.');
    else {
      try {
        const genStarted = performance.now();
        await generateMarket(server.rank, keywords, weeks, now);
        const genMs = performance.now() - genStarted;
        const sc = await caseOf(server.rank, market);
        const agreement = compareJson(
          { s: await series(server.rank, market, sc), m: await matrix(server.rank, market, sc) },
          { s: seriesAnswer, m: matrixAnswer },
        );
        const before = loadAverage();
        rows.push(
          row(`overview, ${server.label}`, await measure(() => series(server.rank, market, sc), run)),
        );
        rows.push(row(`matrix, ${server.label}`, await measure(() => matrix(server.rank, market, sc), run)));
        notes.push(
          `${server.label}: the same market generated there in ${(genMs / 1000).toFixed(0)} s; both answers against the embedded ones: ${agreement.summary()}. Load average before timing: ${before}.`,
        );
      } finally {
        await server.close();
      }
    }
    return {
      title: `market-share: overview and competitive matrix on ${keywords.toLocaleString('en')} keywords × ${weeks} weeks`,
      columns: ['what', 'median ms', 'p95 ms', 'n'],
      rows,
      notes,
    };
  } finally {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
