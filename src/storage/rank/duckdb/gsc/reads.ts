// The Search Console reads on DuckDB (search-console-reads.ts): the shared SQL of gsc-sql.ts with values bound
// as parameters, run in one read session so the count and the page see the same rows.
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
import type { DuckDb, Params } from '../db';

/** The engine's spelling of the shared Search Console SQL (also used by import-reads.ts). */
export function gscDialect(params: Params): GscDialect {
  const value = (v: string | number) => {
    params.push(v);
    return `$${params.length}`;
  };
  return {
    table: 'gsc_rows',
    value,
    date: (iso) => `CAST(${value(iso)} AS DATE)`,
    column: (name) => name,
    dateText: (expr) => `strftime(${expr}, '%Y-%m-%d')`,
    contains: (expr, v) => `contains(${expr}, ${v})`,
    regex: (expr, p) => `regexp_matches(${expr}, ${p})`,
    signed: (expr) => `CAST(${expr} AS BIGINT)`,
    pageCount: true,
  };
}

export function searchConsoleReads(db: DuckDb): SearchConsoleReads {
  return {
    properties: () =>
      db.read(async (s) => {
        const rows = await s.all(gscPropertiesSql(gscDialect([])));
        return rows.map((r) => ({ property: String(r.property), rows: Number(r.n) }));
      }),
    tables: (property: string) =>
      db.read(async (s) => {
        const params: Params = [];
        const sql = gscTablesSql(gscDialect(params), property);
        return gscTables(await s.all(sql, params));
      }),
    aggregate: (q: GscAggregateQuery) =>
      db.read(async (s) => {
        const params: Params = [];
        const sql = gscAggregateSql(gscDialect(params), q);
        const rows = q.limit > 0 || q.groupBy.length === 0 ? await s.all(sql.groups, params) : [];
        // The page's rows carry the group count (pageCount); an empty page asks for it.
        const count =
          sql.count === ''
            ? 1
            : rows.length > 0
              ? Number(rows[0]!.n_groups)
              : await s.number(sql.count, params);
        return gscAggregate(rows, count, q);
      }),
    positionBuckets: (q: GscRowsQuery) =>
      db.read(async (s) => {
        const params: Params = [];
        const sql = gscBucketsSql(gscDialect(params), q);
        return gscBuckets(await s.all(sql, params));
      }),
  };
}
