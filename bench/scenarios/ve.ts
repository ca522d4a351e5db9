// Scenario `ve` (issue 5's bench): the visibility explorer on one large market. The demo generator writes
// `--keywords` keywords × `--weeks` weekly top-100 SERPs for the first demo market (the second market is cut
// to 100 keywords, so the time goes to the measured one) into a fresh embedded DuckDB store; then the domain
// summary (the service function behind GET /api/v3/visibility-explorer/{market}/domains, every store read
// included) is timed for a registrable domain of the market's middle league, and the autocomplete through
// the RankStore port. With BENCH_POSTGRES_URL, a plain-PostgreSQL twin answers the summary's core numbers
// (series, competitors) from ordinary indexed tables and must agree before it is timed. With
// BENCH_CLICKHOUSE_URL the same market is generated on ClickHouse and timed the same way, its answer checked
// against the embedded one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseHostFilter } from '@core/host-match';
import { DEFAULT_CTR_MODEL } from '@core/metrics';
import { domainSummary } from '@server/services/visibility-explorer/summary';
import type { VeRequest } from '@server/services/visibility-explorer/request';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import { Agreement, compareJson } from '../lib/agreement';
import { measure, ms, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import { generateMarket } from '../lib/demo-market';
import { loadAverage } from '../lib/machine';
import { openBenchClickHouse } from '../lib/server-rank';
import type { BenchOptions } from './index';
import { loadVeTwin, twinSummary } from './ve-postgres';

/** Rows of each top list, as the screen asks. */
const LIMIT = 10;
/** The explored domain: this rank in the market's host league at the last date (a mid-table site). */
const LEAGUE_RANK = 20;
function row(what: string, t: Timing, ratio: string): string[] {
  return [what, ms(t.median), ms(t.p95), String(t.n), ratio];
}

/** The summary request for `domain` over every snapshot of the market in `rank`. */
async function summaryRequest(rank: RankStore, market: string, domain: string) {
  const dates = (await rank.marketSummary(market)).snapshotDates;
  const end = dates[dates.length - 1]!;
  const filter = parseHostFilter(domain)!;
  const req: VeRequest = {
    market,
    filter,
    target: { key: filter.value, filters: [filter] },
    span: { start: dates[0]!, end },
    date: end,
    ctr: DEFAULT_CTR_MODEL,
    reads: rank.visibilityExplorer,
    rank,
  };
  return { req, dates, end };
}

export async function veScenario(opts: BenchOptions): Promise<Table> {
  const { keywordsPerMarket: keywords, weeks } = opts.size;
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-ve-'));
  const rank = await openDuckDbRankStore(join(dir, 'rank.duckdb'));
  try {
    await rank.migrate();
    const now = new Date();
    const started = performance.now();
    console.log(`Generating ${keywords.toLocaleString('en')} keywords × ${weeks} weeks × top 100…`);
    const market = await generateMarket(rank, keywords, weeks, now);
    const genS = (performance.now() - started) / 1000;
    const summary = await rank.marketSummary(market);
    const lastDate = summary.snapshotDates[summary.snapshotDates.length - 1]!;
    const league = await rank.campaignVisibility.marketLeague(market, lastDate, 200);
    const leagueDomains = [...new Set(league.rows.map((r) => r.domain))];
    const domain = leagueDomains[Math.min(LEAGUE_RANK, leagueDomains.length) - 1]!;
    const { req, dates, end } = await summaryRequest(rank, market, domain);
    const answer = await domainSummary(req, LIMIT);
    const run = { warmups: opts.warmups, runs: opts.runs };
    const loadBefore = loadAverage();
    const summaryT = await measure(() => domainSummary(req, LIMIT), run);
    const prefix = domain.slice(0, 3);
    const autoT = await measure(() => rank.visibilityExplorer.autocomplete(market, prefix, LIMIT), run);
    const loadAfter = loadAverage();

    const timed: { what: string; t: Timing; summary: boolean }[] = [
      { what: `domain summary (${domain}), embedded DuckDB`, t: summaryT, summary: true },
      { what: `autocomplete ("${prefix}"), embedded DuckDB`, t: autoT, summary: false },
    ];
    const notes = [
      `Market ${market}: ${keywords.toLocaleString('en')} keywords × ${dates.length} weekly snapshots (top 100), ${summary.serpResults.toLocaleString('en')} SERP results, generated in ${genS.toFixed(0)} s; embedded DuckDB.`,
      `Explored: ${domain} (#${LEAGUE_RANK} domain of the host league at ${end}), ranking on ${answer.rankingKeywords.toLocaleString('en')} keywords at the end date; visibility ${answer.visibility.toFixed(3)} %, share ${answer.share.toFixed(2)} %; ${opts.warmups} warm-ups then ${opts.runs} timed runs of the service's domainSummary (every store read, metrics and top lists; no HTTP).`,
      `Targets (issue 5, at 1,000,000 keywords × 26 weeks): summary ≤ 300 ms, autocomplete ≤ 20 ms — measured here only at the size above.`,
      `Load average (1, 5, 15 min) before timing: ${loadBefore}; after: ${loadAfter}. Shared 2-core machine: other sessions' work slows every figure.`,
    ];
    const server = await openBenchClickHouse(opts.clickhouseUrl, opts.clickhouseCluster);
    if (server === null) notes.push('Server backend skipped: BENCH_CLICKHOUSE_URL is not set.');
    else {
      try {
        const genStarted = performance.now();
        await generateMarket(server.rank, keywords, weeks, now);
        const genMs = performance.now() - genStarted;
        const s = await summaryRequest(server.rank, market, domain);
        const agreement = compareJson(await domainSummary(s.req, LIMIT), answer);
        const before = loadAverage();
        timed.push({
          what: `domain summary, ${server.label}`,
          t: await measure(() => domainSummary(s.req, LIMIT), run),
          summary: true,
        });
        timed.push({
          what: `autocomplete, ${server.label}`,
          t: await measure(() => server.rank.visibilityExplorer.autocomplete(market, prefix, LIMIT), run),
          summary: false,
        });
        notes.push(
          `${server.label}: the same market generated there in ${(genMs / 1000).toFixed(0)} s; its whole summary (series, share, rank ranges, result types, top lists, competitors) against the embedded one: ${agreement.summary()}. Load average before timing: ${before}.`,
        );
      } finally {
        await server.close();
      }
    }
    let twinMedian: number | null = null;
    const twinRows: string[][] = [];
    if (opts.postgresUrl) {
      const client = new pg.Client({ connectionString: opts.postgresUrl });
      await client.connect();
      try {
        const twin = await loadVeTwin(client, rank, market, domain, dates);
        const got = await twinSummary(client, twin, dates, end, LIMIT);
        const g = new Agreement();
        got.series.forEach((vs, i) => g.num(`VS ${dates[i]}`, vs, answer.series[i]!.visibilityScore));
        g.num('visibility', got.visibility, answer.visibility);
        g.num('share', got.share, answer.share);
        got.competitors.forEach((c, i) => {
          g.same(`competitor #${i + 1}`, c.domain, answer.competitors[i]?.domain);
          g.num(`${c.domain} VS`, c.vs, answer.competitors[i]?.visibilityScore);
        });
        const twinT = await measure(() => twinSummary(client, twin, dates, end, LIMIT), {
          warmups: 1,
          runs: opts.twinRuns,
        });
        twinMedian = twinT.median;
        twinRows.push(row('plain PostgreSQL twin (summary core)', twinT, '1.00× (base)'));
        notes.push(
          `PostgreSQL twin: ${twin.rows.toLocaleString('en')} rows (the domain's rows, every row of the snapshots it ranks in at the end date, and one snapshot list row per keyword and date) in unlogged tables with b-tree indexes, loaded in ${(twin.loadMs / 1000).toFixed(0)} s; it computes the series, visibility, share and competitors only (no top lists, rank ranges or result types) and holds only the rows those need, which favours it. Agreement: ${g.summary()}. "ours ÷ it" = our median ÷ its median.`,
        );
      } finally {
        await client.end();
      }
    } else {
      notes.push('No PostgreSQL twin: BENCH_POSTGRES_URL is not set.');
    }
    const ratio = (t: Timing, summary: boolean) =>
      summary && twinMedian !== null ? `${(t.median / twinMedian).toFixed(2)}×` : '—';
    return {
      title: `ve: visibility explorer on ${keywords.toLocaleString('en')} keywords × ${dates.length} weeks`,
      columns: ['what', 'median ms', 'p95 ms', 'n', 'ours ÷ PostgreSQL'],
      rows: [...timed.map((x) => row(x.what, x.t, ratio(x.t, x.summary))), ...twinRows],
      notes,
    };
  } finally {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
