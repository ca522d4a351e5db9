// Scenario `rankings` (issue 29's bench): the rank-tracking table's first page — 50 rows sorted by the focus
// domain's change since the start date — for `--keywords` keywords (10,000 asked) × 20 tracked domains ×
// `--weeks` weekly top-100 SERPs. The demo generator writes the market into a fresh embedded DuckDB store;
// one campaign holds every keyword (10 tags) and tracks 20 registrable domains of the market's league. Timed
// through the RankStore port (the page chosen in the store) plus the pure rows of src/core/rank-tracking for
// the page's keywords, as the service answers. With BENCH_CLICKHOUSE_URL the same market is generated on
// ClickHouse (one server or the cluster) and its first page timed too, with the statements it sends. The
// plain-PostgreSQL twin loads the tracked domains' results (what the table reads) into an unlogged indexed
// table and answers the same first page with plain SQL (absolute positions; no classic ranks).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseHostFilter } from '@core/host-match';
import { compareDates, NO_FILTER, tablePageRows, type RtKeyword } from '@core/rank-tracking';
import { ChServer } from '@storage/rank/clickhouse/client';
import { openDuckDbRankStore } from '@storage/rank/duckdb';
import type { RankStore } from '@storage/rank-store';
import type { RtTarget } from '@storage/rank-tracking-reads';
import { compareJson } from '../lib/agreement';
import { generateMarket } from '../lib/demo-market';
import { loadAverage } from '../lib/machine';
import { openBenchClickHouse } from '../lib/server-rank';
import { measure, ms, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import type { BenchOptions } from './index';

export const CAMPAIGN = 1;
export const DOMAINS = 20;
const PAGE = 50;
const S = 'sightline_bench_rt';

export interface Case {
  market: string;
  keywords: RtKeyword[];
  targets: RtTarget[];
  snapshots: string[];
}

/** One campaign of every keyword (10 tags, 4 groups) tracking the league's first 20 domains. */
export async function setUp(rank: RankStore, market: string): Promise<Case> {
  const kws = await rank.readKeywords(market);
  const entries = kws.map((k) => ({
    keywordId: k.id,
    tags: [`tag ${k.id % 10}`],
    groups: [`group ${k.id % 4}`],
  }));
  await rank.setCampaignKeywords(CAMPAIGN, market, entries);
  const snapshots = await rank.rankTracking.snapshotDates(market);
  const league = await rank.campaignVisibility.marketLeague(market, snapshots.at(-1)!, 200);
  const domains = [...new Set(league.rows.map((r) => r.domain))].slice(0, DOMAINS);
  await rank.prepareCampaignReads(CAMPAIGN, domains);
  return {
    market,
    keywords: kws.map((k, i) => ({
      id: k.id,
      text: k.text,
      sv: k.sv,
      tags: entries[i]!.tags,
      groups: entries[i]!.groups,
    })),
    targets: domains.map((d) => ({ key: d, filter: parseHostFilter(d)! })),
    snapshots,
  };
}

/** The store's choice of the first page: 50 keyword ids by the focus domain's change, and the total. */
function choosePage(rank: RankStore, c: Case) {
  const dates = compareDates(c.snapshots, undefined, undefined)!;
  return rank.rankTracking.page({
    campaignId: CAMPAIGN,
    market: c.market,
    focus: c.targets[0]!,
    start: dates.start,
    previous: dates.previous,
    end: dates.end,
    history: c.snapshots,
    kind: 'absolute',
    filter: NO_FILTER,
    sort: { field: 'change', direction: 'desc' },
    offset: 0,
    limit: PAGE,
  });
}

/**
 * The table's first page as the service builds it (services/rank-tracking): the store chooses, sorts and
 * counts the page from the focus domain's start, previous and end snapshots and gives its 50 keywords with
 * their texts, memberships and end-page result types (RankTrackingReads.page); only those keywords then read
 * every domain's history (hits).
 */
async function firstPage(rank: RankStore, c: Case) {
  const dates = compareDates(c.snapshots, undefined, undefined)!;
  const chosen = await choosePage(rank, c);
  const ids = chosen.keywords.map((k) => k.id);
  const hits = await rank.rankTracking.hits({
    campaignId: CAMPAIGN,
    market: c.market,
    keywordIds: ids,
    targets: c.targets,
    from: c.snapshots[0]!,
    to: dates.end,
  });
  const rows = tablePageRows(chosen.keywords, ids, hits, c.targets.length, dates, 'absolute');
  return { page: { total: chosen.total, rows }, hits: hits.length };
}

async function postgresTwin(url: string, rank: RankStore, c: Case, opts: BenchOptions) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const dates = compareDates(c.snapshots, undefined, undefined)!;
    const hits = await rank.rankTracking.hits({
      campaignId: CAMPAIGN,
      market: c.market,
      targets: c.targets,
      from: c.snapshots[0]!,
      to: dates.end,
      keywordIds: null,
    });
    await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
    await client.query(`CREATE SCHEMA ${S}`);
    await client.query(
      `CREATE UNLOGGED TABLE ${S}.keywords (id int PRIMARY KEY, text text NOT NULL, sv int)`,
    );
    await client.query(
      `CREATE UNLOGGED TABLE ${S}.hits (keyword_id int NOT NULL, date date NOT NULL, target smallint NOT NULL,
        position smallint NOT NULL, url text NOT NULL)`,
    );
    await client.query(`INSERT INTO ${S}.keywords SELECT * FROM unnest($1::int[], $2::text[], $3::int[])`, [
      c.keywords.map((k) => k.id),
      c.keywords.map((k) => k.text),
      c.keywords.map((k) => k.sv),
    ]);
    for (let lo = 0; lo < hits.length; lo += 200_000) {
      const part = hits.slice(lo, lo + 200_000);
      await client.query(
        `INSERT INTO ${S}.hits SELECT * FROM unnest($1::int[], $2::date[], $3::smallint[], $4::smallint[], $5::text[])`,
        [
          part.map((h) => h.keywordId),
          part.map((h) => h.date),
          part.map((h) => h.target),
          part.map((h) => h.position),
          part.map((h) => h.url),
        ],
      );
    }
    await client.query(`CREATE INDEX ON ${S}.hits (target, date, keyword_id)`);
    await client.query(`CREATE INDEX ON ${S}.hits (keyword_id)`);
    await client.query(`ANALYZE ${S}.hits`);
    const loadMs = performance.now() - started;
    // First the page's keywords by the focus domain's change, then every domain's cells for those keywords.
    const pageSql = `WITH b AS (SELECT keyword_id, date, min(position) AS p FROM ${S}.hits WHERE target = 0
        AND date IN ($1::date, $2::date) GROUP BY keyword_id, date)
      SELECT k.id, s.p - e.p AS change FROM ${S}.keywords k
      LEFT JOIN b e ON e.keyword_id = k.id AND e.date = $2::date
      LEFT JOIN b s ON s.keyword_id = k.id AND s.date = $1::date
      ORDER BY change DESC NULLS LAST, k.text, k.id LIMIT ${PAGE}`;
    const cellsSql = `WITH b AS (SELECT keyword_id, target, date, min(position) AS p,
          (array_agg(url ORDER BY position, url))[1] AS url
        FROM ${S}.hits WHERE keyword_id = ANY($1::int[]) GROUP BY keyword_id, target, date)
      SELECT keyword_id, target,
        min(p) FILTER (WHERE date = $3::date) AS pos, min(p) FILTER (WHERE date = $2::date) AS start_pos,
        min(p) FILTER (WHERE date = $4::date) AS prev_pos, min(p) AS best,
        min(url) FILTER (WHERE date = $3::date) AS url, array_agg(p ORDER BY date) AS history
      FROM b GROUP BY keyword_id, target`;
    const answer = async () => {
      const page = await client.query<{ id: number; change: number | null }>(pageSql, [
        dates.start,
        dates.end,
      ]);
      await client.query(cellsSql, [page.rows.map((r) => r.id), dates.start, dates.end, dates.previous]);
      return page.rows;
    };
    const rows = await answer();
    const timing = await measure(answer, { warmups: opts.warmups, runs: opts.twinRuns });
    await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
    return { timing, loadMs, rows: hits.length, ids: rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

const row = (what: string, t: Timing) => [what, ms(t.median), ms(t.p95), String(t.n)];

/** The first page without keyword ids (each engine numbers the keywords it stores). */
const comparable = (page: Awaited<ReturnType<typeof firstPage>>['page']) => ({
  total: page.total,
  rows: page.rows.map(({ keyword: { id: _id, ...keyword }, ...cells }) => ({ keyword, ...cells })),
});

/** The same market and campaign on ClickHouse: its first page timed, checked and its statements counted. */
async function serverRows(opts: BenchOptions, now: Date, embedded: Awaited<ReturnType<typeof firstPage>>) {
  const server = await openBenchClickHouse(opts.clickhouseUrl, opts.clickhouseCluster);
  if (server === null)
    return { rows: [], notes: ['Server backend skipped: BENCH_CLICKHOUSE_URL is not set.'] };
  try {
    const { keywordsPerMarket: keywords, weeks } = opts.size;
    const started = performance.now();
    const market = await generateMarket(server.rank, keywords, weeks, now);
    const c = await setUp(server.rank, market);
    const genS = (performance.now() - started) / 1000;
    const sent = ChServer.statementsSentByProcess;
    const first = await firstPage(server.rank, c);
    const statements = ChServer.statementsSentByProcess - sent;
    const agreement = compareJson(comparable(first.page), comparable(embedded.page));
    const before = loadAverage();
    const timing = await measure(() => firstPage(server.rank, c), { warmups: opts.warmups, runs: opts.runs });
    return {
      rows: [row(`first page, ${server.label}`, timing)],
      notes: [
        `${server.label}: the same market and campaign generated and set up there in ${genS.toFixed(0)} s; its first page against the embedded one: ${agreement.summary()}; ${statements} ClickHouse statements per first page (each one HTTP round trip). Load average before timing: ${before}.`,
      ],
    };
  } finally {
    await server.close();
  }
}

export async function rankingsScenario(opts: BenchOptions): Promise<Table> {
  const { keywordsPerMarket: keywords, weeks } = opts.size;
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-rt-'));
  const file = join(dir, 'rank.duckdb');
  let rank = await openDuckDbRankStore(file);
  try {
    await rank.migrate();
    const started = performance.now();
    console.log(`Generating ${keywords.toLocaleString('en')} keywords × ${weeks} weeks × top 100…`);
    const now = new Date();
    const market = await generateMarket(rank, keywords, weeks, now);
    const genS = (performance.now() - started) / 1000;
    const setUpStarted = performance.now();
    const c = await setUp(rank, market);
    const setUpS = (performance.now() - setUpStarted) / 1000;
    const before = loadAverage();
    // DuckDB reads rows that its running instance wrote about twice as slowly as the same rows read by an
    // instance opened on them (measured: the page's hits 25 ms against 13 ms; a checkpoint does not change
    // it): timed both in the process that just wrote the market and on the store reopened, as a server
    // finds it after a restart.
    const writer = await measure(() => firstPage(rank, c), { warmups: opts.warmups, runs: opts.runs });
    await rank.close();
    rank = await openDuckDbRankStore(file);
    const first = await firstPage(rank, c);
    const embedded = await measure(() => firstPage(rank, c), { warmups: opts.warmups, runs: opts.runs });
    const chosen = await measure(() => choosePage(rank, c), { warmups: opts.warmups, runs: opts.runs });
    const rows = [
      row('first page (50 rows by change), embedded DuckDB opened on the data', embedded),
      row('of which the page chosen and counted in the store', chosen),
      row('first page in the process that has just written the data', writer),
    ];
    const notes = [
      `Market ${market}: ${c.keywords.length.toLocaleString('en')} keywords × ${c.snapshots.length} weekly snapshots (top 100), generated in ${genS.toFixed(0)} s; one campaign of every keyword tracking ${c.targets.length} registrable domains (${first.hits.toLocaleString('en')} results of theirs on the first page's keywords over the history), set up in ${setUpS.toFixed(1)} s (membership, then the domains declared: the campaign's copies, the rank-tracking one included, built). ${opts.warmups} warm-ups, then ${opts.runs} timed runs.`,
      `Load average (1, 5, 15 min) before timing: ${before}; after: ${loadAverage()}. Shared 2-core machine: other sessions' work slows every figure.`,
    ];
    if (opts.postgresUrl) {
      const twin = await postgresTwin(opts.postgresUrl, rank, c, opts);
      rows.push(row('first page, plain PostgreSQL twin', twin.timing));
      const same = twin.ids.join() === first.page.rows.map((r) => r.keyword.id).join();
      notes.push(
        `Plain PostgreSQL: the ${twin.rows.toLocaleString('en')} tracked results loaded and indexed in ${(twin.loadMs / 1000).toFixed(1)} s; the same first page ${same ? 'in the same order' : 'in a different order (ties)'}; ratio embedded / PostgreSQL ${(embedded.median / twin.timing.median).toFixed(2)}.`,
      );
    } else notes.push('Plain-PostgreSQL twin skipped: BENCH_POSTGRES_URL is not set.');
    const server = await serverRows(opts, now, first);
    rows.push(...server.rows);
    notes.push(...server.notes);
    return {
      title: `rankings: rank-tracking table first page on ${keywords.toLocaleString('en')} keywords × ${DOMAINS} domains × ${weeks} weeks`,
      columns: ['what', 'median ms', 'p95 ms', 'n'],
      rows,
      notes,
    };
  } finally {
    await rank.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
