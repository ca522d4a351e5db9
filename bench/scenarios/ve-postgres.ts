// The plain-PostgreSQL twin of the `ve` scenario: the rows the explorer's domain summary reads, copied out of
// the embedded RankStore (exportBatches) into ordinary unlogged tables with b-tree indexes, and plain SQL for
// its core numbers — the host's VS per point date, visibility and share at the end date, and its
// competitors. Weekly demo snapshots all fall on the point dates, so every keyword uses the snapshot of the
// point itself (DESIGN §3 date rule with one snapshot per window), as the embedded store's fast path does.
import type pg from 'pg';
import { DEFAULT_CTR } from '@core/ctr';
import { CV_TIE_DIGITS } from '@storage/campaign-visibility-reads';
import type { RankStore } from '@storage/rank-store';
import { batchColumn } from '@storage/transfer';
import { batchesOf, copyDimension, createTwinSchema, idOf, insertColumns, S } from '../lib/pg-twin';

export interface VeTwin {
  domainId: number;
  domain: string;
  rows: number;
  loadMs: number;
}

export interface VeTwinSummary {
  series: number[];
  visibility: number;
  share: number;
  competitors: { domain: string; vs: number }[];
}

export async function loadVeTwin(
  client: pg.Client,
  rank: RankStore,
  market: string,
  domain: string,
  dates: readonly string[],
): Promise<VeTwin> {
  const started = performance.now();
  await createTwinSchema(client, [
    'keywords (id int PRIMARY KEY, sv int)',
    'domains (id int PRIMARY KEY, domain text NOT NULL)',
    'serp_target (date date NOT NULL, keyword_id int NOT NULL, position smallint NOT NULL)',
    'serp_end (keyword_id int NOT NULL, position smallint NOT NULL, domain_id int NOT NULL)',
    'snaps (date date NOT NULL, keyword_id int NOT NULL)',
  ]);
  const marketId = await idOf(rank, 'markets', market);
  const domainId = await idOf(rank, 'domains', domain);
  let rows = 0;
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
    rows += keep.length;
  }
  await copyDimension(client, rank, 'domains');
  const end = dates[dates.length - 1]!;
  const ranking = new Set<number>();
  for (const date of dates) {
    for await (const b of batchesOf(rank, 'serp_results', marketId, date)) {
      const kw = batchColumn(b, 'keyword_id', 'u32');
      const pos = batchColumn(b, 'position', 'u8');
      const dom = batchColumn(b, 'domain_id', 'u32');
      const day = batchColumn(b, 'date', 'day');
      const target: number[] = [];
      const first: number[] = [];
      for (let i = 0; i < b.rows; i += 1) {
        if (dom[i] === domainId) target.push(i);
        if (pos[i] === 1) first.push(i);
        if (date === end && dom[i] === domainId) ranking.add(kw[i]!);
      }
      const cols = (is: number[]): Parameters<typeof insertColumns>[2] => [
        ['date', 'date', is.map((i) => day[i])],
        ['keyword_id', 'int', is.map((i) => kw[i])],
      ];
      await insertColumns(
        client,
        'serp_target',
        [...cols(target), ['position', 'smallint', target.map((i) => pos[i])]],
        target.length,
      );
      await insertColumns(client, 'snaps', cols(first), first.length);
      rows += target.length + first.length;
    }
  }
  for await (const b of batchesOf(rank, 'serp_results', marketId, end)) {
    const kw = batchColumn(b, 'keyword_id', 'u32');
    const keep = [...Array(b.rows).keys()].filter((i) => ranking.has(kw[i]!));
    await insertColumns(
      client,
      'serp_end',
      [
        ['keyword_id', 'int', keep.map((i) => kw[i])],
        ['position', 'smallint', keep.map((i) => batchColumn(b, 'position', 'u8')[i])],
        ['domain_id', 'int', keep.map((i) => batchColumn(b, 'domain_id', 'u32')[i])],
      ],
      keep.length,
    );
    rows += keep.length;
  }
  await client.query(`CREATE INDEX ON ${S}.serp_target (date)`);
  await client.query(`CREATE INDEX ON ${S}.snaps (date)`);
  await client.query(`CREATE INDEX ON ${S}.serp_end (keyword_id)`);
  await client.query('ANALYZE');
  return { domainId, domain, rows, loadMs: performance.now() - started };
}

export async function twinSummary(
  client: pg.Client,
  twin: VeTwin,
  dates: readonly string[],
  end: string,
  limit: number,
): Promise<VeTwinSummary> {
  const series = await client.query<{ d: string; vs: number }>(
    `SELECT to_char(p.d, 'YYYY-MM-DD') AS d, coalesce(sum(k.sv * c.ctr), 0) AS vs
     FROM unnest($1::date[]) AS p(d)
     LEFT JOIN ${S}.serp_target r ON r.date = p.d
     LEFT JOIN ${S}.keywords k ON k.id = r.keyword_id LEFT JOIN ${S}.ctr c ON c.position = r.position
     GROUP BY p.d ORDER BY p.d`,
    [dates],
  );
  const measured = await client.query<{ sv: number }>(
    `SELECT coalesce(sum(k.sv), 0)::float8 AS sv FROM ${S}.snaps s JOIN ${S}.keywords k ON k.id = s.keyword_id
     WHERE s.date = $1`,
    [end],
  );
  const league = await client.query<{ domain: string; vs: number; total: number }>(
    `SELECT d.domain, x.vs, sum(x.vs) OVER () AS total FROM (
       SELECT r.domain_id, coalesce(sum(k.sv * c.ctr), 0) AS vs FROM ${S}.serp_end r
       JOIN ${S}.keywords k ON k.id = r.keyword_id JOIN ${S}.ctr c ON c.position = r.position
       GROUP BY r.domain_id
     ) x JOIN ${S}.domains d ON d.id = x.domain_id
     ORDER BY round(x.vs::numeric, ${CV_TIE_DIGITS}) DESC, d.domain COLLATE "C" LIMIT ${limit + 1}`,
  );
  const vs = series.rows.map((r) => Number(r.vs));
  const last = vs[vs.length - 1] ?? 0;
  const total = Number(league.rows[0]?.total ?? 0);
  const top = Number(measured.rows[0]!.sv) * DEFAULT_CTR[0]!;
  return {
    series: vs,
    visibility: top === 0 ? 0 : (last / top) * 100,
    share: total === 0 ? 0 : (last / total) * 100,
    competitors: league.rows
      .filter((r) => r.domain !== twin.domain)
      .slice(0, limit)
      .map((r) => ({ domain: r.domain, vs: Number(r.vs) })),
  };
}
