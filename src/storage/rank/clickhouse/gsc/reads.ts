// The Search Console reads on ClickHouse (search-console-reads.ts): the shared SQL of gsc-sql.ts with values
// quoted, on the primary shard, which holds every gsc_rows row (partitioned by property, so a property's
// reads touch its partition only).
import type { GscAggregateQuery, GscRowsQuery, SearchConsoleReads } from '../../../search-console-reads';
import {
  gscAggregate,
  gscAggregateSql,
  gscBuckets,
  gscBucketsSql,
  gscPropertiesSql,
  gscTables,
  gscTablesSql,
  type GscDialect,
} from '../../gsc-sql';
import { int } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';

/** The engine's spelling of the shared Search Console SQL (also used by import-reads.ts). */
export function gscDialect(ctx: ChContext): GscDialect {
  return {
    table: ctx.table('gsc_rows'),
    value: (v) => lit(v),
    date: (iso) => `toDate(${lit(iso)})`,
    column: (name) => `assumeNotNull(${name})`,
    dateText: (expr) => `toString(${expr})`,
    contains: (expr, v) => `(position(${expr}, ${v}) > 0)`,
    regex: (expr, p) => `match(${expr}, ${p})`,
    signed: (expr) => `toInt64(${expr})`,
    pageCount: false,
  };
}

export function searchConsoleReads(ctx: ChContext): SearchConsoleReads {
  return {
    properties: async () => {
      const rows = await ctx.primary.rows(gscPropertiesSql(gscDialect(ctx)));
      return rows.map((r) => ({ property: String(r.property), rows: int(r.n) }));
    },
    tables: async (property: string) =>
      gscTables(await ctx.primary.rows(gscTablesSql(gscDialect(ctx), property))),
    aggregate: async (q: GscAggregateQuery) => {
      const sql = gscAggregateSql(gscDialect(ctx), q);
      const [rows, count] = await Promise.all([
        q.limit > 0 || q.groupBy.length === 0 ? ctx.primary.rows(sql.groups) : Promise.resolve([]),
        sql.count === '' ? Promise.resolve(1) : ctx.primary.one(sql.count).then((r) => int(r.n)),
      ]);
      return gscAggregate(rows, count, q);
    },
    positionBuckets: async (q: GscRowsQuery) =>
      gscBuckets(await ctx.primary.rows(gscBucketsSql(gscDialect(ctx), q))),
  };
}
