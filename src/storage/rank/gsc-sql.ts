// The SQL of the Search Console reads (search-console-reads.ts), written once for both RankStore engines: the
// engine supplies a dialect (how a value is bound, a column read, a date written, text matched). One grouped
// query sums clicks, impressions and Σ position × impressions per group, the current and previous periods
// side by side (conditional sums over rows of either range), and a second one counts the groups (where the
// engine has window functions, the page's rows carry the count and the second runs only past the end).
import { GSC_COLUMN, type GscDimension, type GscTable } from '@core/search-console/tables';
import type { GscTextFilter } from '@core/search-console/filters';
import type { SearchConsoleRow } from '../rank-store';
import type { GscAggregate, GscAggregateQuery, GscGroup, GscRowsQuery } from '../search-console-reads';

export interface GscDialect {
  /** The gsc_rows table as the engine names it. */
  table: string;
  /** A bound or quoted value. */
  value(v: string | number): string;
  /** A date value from `YYYY-MM-DD`. */
  date(iso: string): string;
  /** A column read as not null (the table's dimensions are never null). */
  column(name: string): string;
  /** A date column as `YYYY-MM-DD` text. */
  dateText(expr: string): string;
  /** Whether text expression `expr` contains the value expression `v` / matches the RE2 pattern `p`. */
  contains(expr: string, v: string): string;
  regex(expr: string, p: string): string;
  /** A signed 64-bit integer from an unsigned sum. */
  signed(expr: string): string;
  /**
   * The engine materialises a CTE: the page's rows then carry the group count (column n_groups, a scalar
   * count over the materialised groups), so the count statement, a second pass over the rows, runs only for
   * a page past the last group (ClickHouse 18.16 has no such CTE). Not count(*) OVER (): on DuckDB 1.5.5 it
   * can fail on a small filtered input and invalidate the database (duckdb/duckdb#25713).
   */
  pageCount: boolean;
}

export interface GscSql {
  groups: string;
  count: string;
}

function textFilter(d: GscDialect, column: string, f: GscTextFilter): string {
  const v = d.value(f.value);
  switch (f.op) {
    case 'contains':
      return d.contains(column, v);
    case 'notContains':
      return `NOT ${d.contains(column, v)}`;
    case 'equals':
      return `${column} = ${v}`;
    case 'regex':
      return d.regex(column, v);
    case 'notRegex':
      return `NOT ${d.regex(column, v)}`;
  }
}

/** The WHERE conditions of a query: its table, periods and filters. */
function conditions(
  d: GscDialect,
  q: GscRowsQuery,
  inCurrent: string | null,
  inPrevious: string | null,
): string[] {
  const col = (dim: GscDimension) => d.column(GSC_COLUMN[dim]);
  const where = [
    `property = ${d.value(q.property)}`,
    `search_type = ${d.value(q.searchType)}`,
    `period = ${d.value(q.period)}`,
    `dimensions = ${d.value(q.dimensions)}`,
  ];
  if (inCurrent !== null) where.push(inPrevious === null ? inCurrent : `(${inCurrent} OR ${inPrevious})`);
  for (const f of q.query ?? []) where.push(textFilter(d, col('query'), f));
  for (const f of q.page ?? []) where.push(textFilter(d, col('page'), f));
  const lists: [GscDimension, readonly string[] | undefined][] = [
    ['query', q.queries],
    ['page', q.pages],
    ['country', q.countries],
    ['device', q.devices],
    ['searchAppearance', q.searchAppearances],
  ];
  for (const [dim, values] of lists) {
    if (values !== undefined && values.length > 0)
      where.push(`${col(dim)} IN (${values.map((v) => d.value(v)).join(', ')})`);
  }
  return where;
}

/** The two statements of an aggregate query. */
export function gscAggregateSql(d: GscDialect, q: GscAggregateQuery): GscSql {
  const col = (dim: GscDimension) => d.column(GSC_COLUMN[dim]);
  const between = (r: { start: string; end: string }) =>
    `(${col('date')} BETWEEN ${d.date(r.start)} AND ${d.date(r.end)})`;
  const inCurrent = q.current === null ? null : between(q.current);
  const inPrevious = q.previous === null ? null : between(q.previous);
  const where = conditions(d, q, inCurrent, inPrevious);

  const sum = (cond: string | null, x: string) => (cond === null ? `sum(${x})` : `sum(if(${cond}, ${x}, 0))`);
  const metrics = (cond: string | null, p: string) => [
    `${sum(cond, 'clicks')} AS ${p}_c`,
    `${sum(cond, 'impressions')} AS ${p}_i`,
    `${sum(cond, 'position * impressions')} AS ${p}_w`,
  ];
  const keys = q.groupBy.map((dim, i) => `${dim === 'date' ? d.dateText(col(dim)) : col(dim)} AS k${i}`);
  const select = [
    ...keys,
    ...metrics(inCurrent, 'cur'),
    ...(inPrevious === null ? [] : metrics(inPrevious, 'prev')),
  ];
  const groupBy = q.groupBy.length === 0 ? '' : `GROUP BY ${q.groupBy.map((_, i) => `k${i}`).join(', ')}`;
  const having: string[] = [];
  if (q.positionBetween !== undefined) {
    const [lo, hi] = q.positionBetween;
    const i = sum(inCurrent, 'impressions');
    const w = sum(inCurrent, 'position * impressions');
    having.push(`${i} > 0`, `${w} / ${i} >= ${d.value(lo)}`, `${w} / ${i} <= ${d.value(hi)}`);
  }
  const havingSql = having.length === 0 ? '' : `HAVING ${having.join(' AND ')}`;
  const from = `FROM ${d.table} WHERE ${where.join(' AND ')} ${groupBy} ${havingSql}`;

  const dir = q.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const asc = q.sort.direction === 'asc';
  const sortKey = (() => {
    switch (q.sort.field) {
      case 'clicks':
        return 'cur_c';
      case 'impressions':
        return 'cur_i';
      case 'ctr':
        return `if(cur_i = 0, -1, cur_c / cur_i)`;
      case 'position':
        // Groups without impressions have no position: last either way.
        return `if(cur_i = 0, ${asc ? '1e9' : '-1'}, cur_w / cur_i)`;
      case 'clicksChange':
        return inPrevious === null ? 'cur_c' : `${d.signed('cur_c')} - ${d.signed('prev_c')}`;
      default: {
        const i = q.groupBy.indexOf(q.sort.field);
        return i < 0 ? 'cur_c' : `k${i}`;
      }
    }
  })();
  const ties = q.groupBy.map((_, i) => `k${i} ASC`);
  const order = [`${sortKey} ${dir}`, ...ties].join(', ');
  const page = `ORDER BY ${order} LIMIT ${Math.max(0, Math.floor(q.limit))} OFFSET ${Math.max(0, Math.floor(q.offset))}`;
  return {
    groups:
      d.pageCount && q.groupBy.length > 0
        ? `WITH g AS MATERIALIZED (SELECT ${select.join(', ')} ${from})
           SELECT *, (SELECT count(*) FROM g) AS n_groups FROM g ${page}`
        : `SELECT ${select.join(', ')} ${from} ${page}`,
    count: q.groupBy.length === 0 ? '' : `SELECT count(*) AS n FROM (SELECT ${keys.join(', ')} ${from}) AS g`,
  };
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Groups from the rows of the `groups` statement. */
export function gscGroups(rows: readonly Record<string, unknown>[], q: GscAggregateQuery): GscGroup[] {
  return rows.map((r) => {
    const keys: Partial<Record<GscDimension, string>> = {};
    q.groupBy.forEach((dim, i) => {
      keys[dim] = String(r[`k${i}`]);
    });
    return {
      keys,
      current: { clicks: num(r.cur_c), impressions: num(r.cur_i), positionWeight: num(r.cur_w) },
      previous:
        q.previous === null
          ? null
          : { clicks: num(r.prev_c), impressions: num(r.prev_i), positionWeight: num(r.prev_w) },
    };
  });
}

/** The aggregate from its two statements' results (a query without groups has exactly one). */
export function gscAggregate(
  rows: readonly Record<string, unknown>[],
  count: number,
  q: GscAggregateQuery,
): GscAggregate {
  return { groups: gscGroups(rows, q), total: q.groupBy.length === 0 ? 1 : count };
}

/** The tables statement: one row per (search type, period, dimensions) of a property. */
export function gscTablesSql(d: GscDialect, property: string): string {
  return `SELECT search_type, period, dimensions, count(*) AS n, ${d.dateText('min(date)')} AS first_date,
      ${d.dateText('max(date)')} AS last_date
    FROM ${d.table} WHERE property = ${d.value(property)}
    GROUP BY search_type, period, dimensions ORDER BY search_type, period, dimensions`;
}

export function gscTables(rows: readonly Record<string, unknown>[]): GscTable[] {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return rows.map((r) => ({
    searchType: String(r.search_type),
    period: String(r.period),
    dimensions: String(r.dimensions),
    rows: num(r.n),
    firstDate: String(r.dimensions).split(',').includes('date') ? text(r.first_date) : null,
    lastDate: String(r.dimensions).split(',').includes('date') ? text(r.last_date) : null,
  }));
}

/** Every stored row of one property, in the table's key order (RankStore.readSearchConsoleRows). */
export function gscRowsSql(d: GscDialect, property: string): string {
  return `SELECT search_type, period, source, dimensions, ${d.dateText('date')} AS d, query, page, country,
       device, search_appearance, clicks, impressions, ctr, position
     FROM ${d.table} WHERE property = ${d.value(property)}
     ORDER BY search_type, period, source, dimensions, date, query, page, country, device, search_appearance`;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A row of gscRowsSql; counts may come as text (ClickHouse's 64-bit integers in JSON). */
export function gscRowOf(property: string, r: Record<string, unknown>): SearchConsoleRow {
  return {
    property,
    searchType: String(r.search_type),
    period: String(r.period),
    source: r.source === 'api' ? 'api' : 'export',
    dimensions: String(r.dimensions),
    date: text(r.d),
    query: text(r.query),
    page: text(r.page),
    country: text(r.country),
    device: text(r.device),
    searchAppearance: text(r.search_appearance),
    clicks: Number(r.clicks),
    impressions: Number(r.impressions),
    ctr: Number(r.ctr),
    position: Number(r.position),
  };
}

export function gscPropertiesSql(d: GscDialect): string {
  return `SELECT property, count(*) AS n FROM ${d.table} GROUP BY property ORDER BY property`;
}

/**
 * Clicks and impressions per position bucket (the row's average position rounded half up, from 1) of the
 * current period's rows with impressions (buckets past 100 included): what a fitted CTR curve is made from (core ctr-fit.ts).
 */
export function gscBucketsSql(d: GscDialect, q: GscRowsQuery): string {
  const col = d.column('date');
  const inCurrent =
    q.current === null ? null : `(${col} BETWEEN ${d.date(q.current.start)} AND ${d.date(q.current.end)})`;
  const where = conditions(d, q, inCurrent, null);
  where.push('impressions > 0', 'position + 0.5 >= 1');
  return `SELECT floor(position + 0.5) AS b, sum(clicks) AS c, sum(impressions) AS i FROM ${d.table}
    WHERE ${where.join(' AND ')} GROUP BY b ORDER BY b`;
}

export function gscBuckets(rows: readonly Record<string, unknown>[]) {
  return rows.map((r) => ({ bucket: num(r.b), clicks: num(r.c), impressions: num(r.i) }));
}
