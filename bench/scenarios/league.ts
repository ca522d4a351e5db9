// Scenario `league` (issue 7's bench): the whole-market league table — every host of the bench campaign's
// market ranked by visibility score over all of the market's keywords on the latest snapshot, top 100 —
// through the RankStore port (campaignVisibility.marketLeague) on the embedded store and on ClickHouse when
// the server backends are set, and as plain SQL on PostgreSQL tables holding the market's last snapshots
// (each answer checked equal to the embedded one before it is timed).
import pg from 'pg';
import { CV_TIE_DIGITS, type MarketLeague } from '@storage/campaign-visibility-reads';
import { batchColumn } from '@storage/transfer';
import { Agreement } from '../lib/agreement';
import { measure, ms, type Timing } from '../lib/stats';
import type { Table } from '../lib/table';
import type { Workspace } from '../lib/workspace';
import { batchesOf, copyDimension, createTwinSchema, idOf, insertColumns, S } from '../lib/pg-twin';
import type { BenchOptions } from './index';

const LIMIT = 100;
/** Weekly snapshots copied into the PostgreSQL tables: the league reads the last, the date index picks it. */
const TWIN_SNAPSHOTS = 4;

function compare(a: MarketLeague, b: MarketLeague): Agreement {
  const g = new Agreement();
  g.same('total', a.total, b.total);
  g.same('rows', a.rows.length, b.rows.length);
  a.rows.forEach((r, i) => {
    g.same(`#${i + 1}`, r.host, b.rows[i]?.host);
    g.same(`${r.host} keywords`, r.keywords, b.rows[i]?.keywords);
    g.num(`${r.host} VS`, r.visibilityScore, b.rows[i]?.visibilityScore);
  });
  return g;
}

/** Copies the market's keywords, hosts, domains and last snapshots into unlogged tables; returns rows copied. */
async function loadLeagueTwin(client: pg.Client, ws: Workspace, dates: readonly string[]): Promise<number> {
  const { rank } = ws.stores;
  await createTwinSchema(client, [
    'keywords (id int PRIMARY KEY, sv int)',
    'domains (id int PRIMARY KEY, domain text NOT NULL)',
    'hosts (id int PRIMARY KEY, host text NOT NULL, domain_id int NOT NULL)',
    'serp_results (date date NOT NULL, keyword_id int NOT NULL, position smallint NOT NULL, host_id int NOT NULL)',
  ]);
  const marketId = await idOf(rank, 'markets', ws.bench.market);
  for await (const b of batchesOf(rank, 'keywords')) {
    const m = batchColumn(b, 'market_id', 'u16');
    const keep = [...Array(b.rows).keys()].filter((i) => m[i] === marketId);
    const id = batchColumn(b, 'id', 'u32');
    const sv = batchColumn(b, 'sv', 'u32?');
    await insertColumns(
      client,
      'keywords',
      [
        ['id', 'int', keep.map((i) => id[i])],
        ['sv', 'int', keep.map((i) => sv[i])],
      ],
      keep.length,
    );
  }
  for (const table of ['domains', 'hosts'] as const) await copyDimension(client, rank, table);
  let rows = 0;
  for (const date of dates) {
    for await (const b of batchesOf(rank, 'serp_results', marketId, date)) {
      await insertColumns(
        client,
        'serp_results',
        [
          ['date', 'date', batchColumn(b, 'date', 'day')],
          ['keyword_id', 'int', batchColumn(b, 'keyword_id', 'u32')],
          ['position', 'smallint', batchColumn(b, 'position', 'u8')],
          ['host_id', 'int', batchColumn(b, 'host_id', 'u32')],
        ],
        b.rows,
      );
      rows += b.rows;
    }
  }
  await client.query(`CREATE INDEX ON ${S}.serp_results (date)`);
  await client.query('ANALYZE');
  return rows;
}

async function twinLeague(client: pg.Client, date: string): Promise<MarketLeague> {
  const r = await client.query<{ host: string; domain: string; keywords: number; vs: number; total: number }>(
    `SELECT h.host, d.domain, x.keywords, x.vs, (count(*) OVER ())::int AS total FROM (
       SELECT r.host_id, count(DISTINCT r.keyword_id)::int AS keywords, coalesce(sum(k.sv * c.ctr), 0) AS vs
       FROM ${S}.serp_results r JOIN ${S}.keywords k ON k.id = r.keyword_id
       JOIN ${S}.ctr c ON c.position = r.position
       WHERE r.date = $1 GROUP BY r.host_id
     ) x JOIN ${S}.hosts h ON h.id = x.host_id JOIN ${S}.domains d ON d.id = h.domain_id
     ORDER BY round(x.vs::numeric, ${CV_TIE_DIGITS}) DESC, h.host COLLATE "C" LIMIT ${LIMIT}`,
    [date],
  );
  return {
    total: r.rows[0]?.total ?? 0,
    rows: r.rows.map((x) => ({
      host: x.host,
      domain: x.domain,
      keywords: x.keywords,
      visibilityScore: x.vs,
    })),
  };
}

export async function leagueScenario(ws: Workspace, opts: BenchOptions): Promise<Table> {
  const { market } = ws.bench;
  const dates = (await ws.stores.rank.marketSummary(market)).snapshotDates;
  const latest = dates[dates.length - 1]!;
  const embedded = await ws.stores.rank.campaignVisibility.marketLeague(market, latest, LIMIT);
  const run = (action: () => Promise<unknown>) => measure(action, opts);
  const rows: string[][] = [];
  const row = (backend: string, t: Timing | null, agreement: string) =>
    rows.push([backend, t ? ms(t.median) : '—', t ? ms(t.p95) : '—', t ? String(t.n) : '—', agreement]);

  row(
    ws.backend,
    await run(() => ws.stores.rank.campaignVisibility.marketLeague(market, latest, LIMIT)),
    `reference (${embedded.total.toLocaleString('en')} hosts)`,
  );
  const notes = [
    `Market ${market}: ${ws.summary.keywords.toLocaleString('en')} demo keywords over ${ws.summary.markets.length} ` +
      `markets; latest snapshot ${latest}; top ${LIMIT} hosts by Σ sv × ctr(p) (default CTR curve) over every ` +
      `result of the date; ${opts.warmups} warm-ups, then ${opts.runs} timed runs through the RankStore port ` +
      '(no endpoint serves the league).',
  ];

  const serverWs = await opts.serverWorkspace();
  if (serverWs === null)
    notes.push('Server backends skipped: BENCH_POSTGRES_URL and BENCH_CLICKHOUSE_URL are not both set.');
  else {
    const reads = serverWs.stores.rank.campaignVisibility;
    const g = compare(await reads.marketLeague(market, latest, LIMIT), embedded);
    row(
      serverWs.backend,
      g.ok ? await run(() => reads.marketLeague(market, latest, LIMIT)) : null,
      g.summary(),
    );
  }

  if (!opts.postgresUrl) notes.push('PostgreSQL twin skipped: BENCH_POSTGRES_URL is not set.');
  else {
    const client = new pg.Client({ connectionString: opts.postgresUrl });
    await client.connect();
    try {
      const started = performance.now();
      const copied = await loadLeagueTwin(client, ws, dates.slice(-TWIN_SNAPSHOTS));
      await client.query(`SET work_mem = '256MB'`);
      const g = compare(await twinLeague(client, latest), embedded);
      row('plain PostgreSQL', g.ok ? await run(() => twinLeague(client, latest)) : null, g.summary());
      notes.push(
        `PostgreSQL twin: the market's last ${TWIN_SNAPSHOTS} snapshots (${copied.toLocaleString('en')} rows) ` +
          `with keywords, hosts and domains in UNLOGGED tables, b-tree index on serp_results (date), loaded in ` +
          `${((performance.now() - started) / 1000).toFixed(0)} s; plain SQL, no rollup.`,
      );
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`).catch(() => undefined);
      await client.end();
    }
  }
  return {
    title: `league: whole-market league table, top ${LIMIT} hosts`,
    columns: ['backend', 'median ms', 'p95 ms', 'n', 'answer'],
    rows,
    notes,
  };
}
