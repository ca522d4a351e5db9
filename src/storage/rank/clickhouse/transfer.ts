// Transfers of the ClickHouse RankStore (src/storage/transfer.ts): where each engine-neutral table lives,
// checksums computed in ClickHouse with the same arithmetic as DuckDB's, and segments read page by page.
// Segment imports are in transfer-import.ts. The engine-neutral urls table is urls plus the latest
// url_titles row of each url; Search Console rows live on the primary shard only.
import {
  DEFAULT_BATCH_ROWS,
  HASH_MODULUS,
  newColumn,
  RANK_TABLE_ORDER,
  RANK_TABLES,
  type RankBatch,
  type RankChecksums,
  type RankColumn,
  type RankColumnSpec,
  type RankSegment,
  type RankSegmentChecksum,
  type RankTable,
} from '../../transfer';
import { foldSql } from '../transfer-sql';
import { inParallel, int, type ChServer, type Row } from './client';
import type { ChContext, DimensionTable, ShardedTable } from './context';
import { ident, lit } from './escape';

const P = HASH_MODULUS;

export type Placement =
  | { kind: 'dimension'; live: DimensionTable }
  | { kind: 'sharded'; live: ShardedTable }
  | { kind: 'primary'; live: 'gsc_rows' };

const PLACEMENT: Partial<Record<RankTable, Placement>> = {
  markets: { kind: 'dimension', live: 'markets' },
  domains: { kind: 'dimension', live: 'domains' },
  hosts: { kind: 'dimension', live: 'hosts' },
  urls: { kind: 'dimension', live: 'urls' },
  keywords: { kind: 'sharded', live: 'keywords' },
  campaign_keywords: { kind: 'sharded', live: 'campaign_keywords' },
  campaign_domains: { kind: 'sharded', live: 'campaign_domains' },
  serp_snapshots: { kind: 'sharded', live: 'serp_snapshots' },
  empty_snapshots: { kind: 'sharded', live: 'empty_snapshots' },
  gsc_rows: { kind: 'primary', live: 'gsc_rows' },
  serp_results: { kind: 'sharded', live: 'serp_results' },
};

const ORDER: Partial<Record<RankTable, string>> = {
  campaign_keywords: 'campaign_id, keyword_id',
  campaign_domains: 'campaign_id, domain',
  serp_snapshots: 'market_id, date',
  empty_snapshots: 'market_id, date, keyword_id',
  gsc_rows:
    'property, search_type, period, source, dimensions, date, query, page, country, device, search_appearance',
  serp_results: 'keyword_id, position, result_type, url_id',
};

export function placementOf(table: RankTable): Placement {
  const p = PLACEMENT[table];
  if (p === undefined) throw new Error(`the ClickHouse RankStore has no table for ${table} yet`);
  return p;
}

/** A string's hash component: its MD5's first 15 hex digits (the first 8 bytes big-endian, ÷ 16), mod P. */
function md5Sql(e: string): string {
  return `(intDiv(reinterpretAsUInt64(reverse(substring(MD5(${e}), 1, 8))), 16) % ${P})`;
}

/** The logical column as SQL over the table's FROM clause (only urls.title differs from the column). */
function columnSql(table: RankTable, col: RankColumnSpec): string {
  return table === 'urls' && col.name === 'title' ? 'if(t_has = 1, t_title, NULL)' : col.name;
}

/** FROM clause of a table on one server: the latest title joined to each url. */
function fromSql(ctx: ChContext, table: RankTable, relation: string): string {
  if (table !== 'urls') return relation;
  return `${relation} ANY LEFT JOIN (SELECT url_id AS id, argMax(title, v) AS t_title, toUInt8(1) AS t_has
    FROM ${ctx.table('url_titles')} GROUP BY url_id) USING id`;
}

function components(col: RankColumnSpec, e: string): string[] {
  const scaled = `(${e} * 16777216)`;
  switch (col.kind) {
    case 'u8':
    case 'u16':
    case 'u32':
    case 'int':
      return [`toUInt64(${e})`];
    case 'day':
      return [`toUInt64(toUInt16(${e}))`];
    case 'u32?':
      return [`ifNull(toUInt64(${e}) + 1, 0)`];
    case 'day?':
      return [`ifNull(toUInt64(toUInt16(${e})) + 1, 0)`];
    case 'str':
      return [md5Sql(e)];
    case 'str?':
      return [`if(isNull(${e}), 0, ${md5Sql(`assumeNotNull(${e})`)} + 1)`];
    case 'strs':
      return [`length(${e})`, `arraySum(arrayMap(x -> ${md5Sql('x')}, ${e})) % ${P}`];
    case 'f64':
      return [`toUInt64(floor(${scaled}))`, `toUInt64(floor((${scaled} - floor(${scaled})) * 536870912))`];
  }
}

function hashSql(table: RankTable): string {
  return foldSql(RANK_TABLES[table].flatMap((col) => components(col, columnSql(table, col))));
}

async function tableChecksum(ctx: ChContext, server: ChServer, table: RankTable, relation: string) {
  const r = await server.one(
    `SELECT count() AS n, toString(sum(${hashSql(table)})) AS h FROM ${fromSql(ctx, table, relation)}`,
  );
  return { rows: int(r.n), sum: String(r.h) };
}

export async function checksums(ctx: ChContext): Promise<RankChecksums> {
  const tables = RANK_TABLE_ORDER.filter((t) => PLACEMENT[t] !== undefined);
  const segments: RankSegmentChecksum[] = [];
  for (const table of tables) {
    const placement = placementOf(table);
    if (table === 'serp_results') {
      const rows = await ctx.entry.rows(
        `SELECT market_id, toString(date) AS d, count() AS n, toString(sum(${hashSql(table)})) AS h
         FROM ${ctx.all('serp_results')} GROUP BY market_id, date ORDER BY market_id, d`,
      );
      for (const r of rows) {
        segments.push({
          table,
          marketId: int(r.market_id),
          date: String(r.d),
          rows: int(r.n),
          sum: String(r.h),
        });
      }
      continue;
    }
    let found: { rows: number; sum: string };
    if (placement.kind === 'sharded') {
      found = await tableChecksum(ctx, ctx.entry, table, ctx.all(placement.live));
    } else if (placement.kind === 'primary') {
      found = await tableChecksum(ctx, ctx.primary, table, ctx.table(placement.live));
    } else {
      // Every shard holds a full copy: report the primary's, or the first copy that differs from it, so a
      // shard left behind shows as a mismatch.
      const copies = await inParallel(
        ctx.topology.shards.map((s) => tableChecksum(ctx, s.server, table, ctx.table(placement.live))),
      );
      const primary = copies[0]!;
      found = copies.find((x) => x.rows !== primary.rows || x.sum !== primary.sum) ?? primary;
    }
    if (found.rows > 0) segments.push({ table, marketId: null, date: null, ...found });
  }
  return { tables, segments };
}

function toColumn(col: RankColumnSpec, rows: readonly Row[]): RankColumn {
  const out = newColumn(col.kind, rows.length);
  rows.forEach((r, i) => {
    const v = r[col.name];
    switch (col.kind) {
      case 'f64':
        (out as Float64Array)[i] = Number(v);
        return;
      case 'u32?':
      case 'day?':
        (out as (number | null)[])[i] = v === null ? null : int(v);
        return;
      case 'str':
        (out as string[])[i] = String(v);
        return;
      case 'str?':
        (out as (string | null)[])[i] = v === null ? null : String(v);
        return;
      case 'strs':
        (out as string[][])[i] = Array.isArray(v) ? v.map(String) : [];
        return;
      default:
        (out as Uint32Array)[i] = int(v);
    }
  });
  return out;
}

export async function* exportBatches(
  ctx: ChContext,
  segment: RankSegment,
  batchRows: number = DEFAULT_BATCH_ROWS,
): AsyncGenerator<RankBatch> {
  if (!Number.isInteger(batchRows) || batchRows < 1) throw new RangeError('batchRows must be ≥ 1');
  const { table } = segment;
  const placement = placementOf(table);
  const specs = RANK_TABLES[table];
  let server = ctx.entry;
  let relation = ctx.all(placement.live as ShardedTable);
  if (placement.kind !== 'sharded') {
    server = ctx.primary;
    relation = ctx.table(placement.live);
  } else if (segment.marketId !== null) {
    server = ctx.shardOf(segment.marketId).server;
    // Filtered in a subquery: in the outer SELECT `date` is the alias of the day number, which a WHERE
    // there would compare instead of the column.
    relation = `(SELECT * FROM ${ctx.local(placement.live)}
      WHERE market_id = ${lit(segment.marketId)} AND date = ${lit(segment.date ?? '')})`;
  }
  const list = specs
    .map((col) => {
      const e = columnSql(table, col);
      return `${col.kind === 'day' || col.kind === 'day?' ? `toUInt16(${e})` : e} AS ${ident(col.name)}`;
    })
    .join(', ');
  const order = ORDER[table] ?? 'id';
  for (let offset = 0; ; offset += batchRows) {
    const rows = await server.rows(
      `SELECT ${list} FROM ${fromSql(ctx, table, relation)}
       ORDER BY ${order} LIMIT ${lit(offset)}, ${lit(batchRows)}`,
    );
    if (rows.length > 0) {
      yield {
        table,
        rows: rows.length,
        columns: Object.fromEntries(specs.map((col) => [col.name, toColumn(col, rows)])),
      };
    }
    if (rows.length < batchRows) return;
  }
}
