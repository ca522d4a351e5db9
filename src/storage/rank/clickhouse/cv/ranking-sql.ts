// Sorting, column filters and paging of the ranking tables, shared by the keyword and URL tables: each table
// maps its field ids to SQL expressions over its staged rows (cv_page); values from the request reach the SQL
// only through lit() and checked numbers. Orders and NULL placement match the DuckDB adapter's.
import type { CvColumnFilter, CvFieldRef, CvRankingQuery } from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import { lit } from '../escape';
import type { Run } from './run';
import { count, numLit } from './sql';

export interface FieldSql {
  /** SQL of the value for a target index (grouped fields) and a delta display (…Deltas fields). */
  expr(target: number, display: 'delta' | 'percentageDelta'): string;
  text: boolean;
  grouped: boolean;
}

/** The absolute or percentage change from `start` to `end` (percentage null when start is 0 or null). */
export function deltaSql(start: string, end: string, display: 'delta' | 'percentageDelta'): string {
  return display === 'delta'
    ? `(${end} - ${start})`
    : `if(ifNull(${start}, 0) = 0, NULL, (toFloat64(${end}) - ${start}) * 100 / ${start})`;
}

function resolve<F extends string>(fields: Record<F, FieldSql>, ref: CvFieldRef<F>, targets: number): string {
  const f = fields[ref.field];
  if (f === undefined) throw new RankInputError(`unknown ranking field ${JSON.stringify(ref.field)}`);
  const target = ref.target ?? 0;
  if (
    !Number.isSafeInteger(target) ||
    target < 0 ||
    target >= Math.max(targets, 1) ||
    (!f.grouped && target !== 0)
  ) {
    throw new RankInputError(`no domain index ${target} for field ${ref.field}`);
  }
  return f.expr(target, ref.display ?? 'delta');
}

function filterSql<F extends string>(
  fields: Record<F, FieldSql>,
  filter: CvColumnFilter<F>,
  targets: number,
) {
  const e = resolve(fields, filter, targets);
  const parts: string[] = [];
  if (filter.contains !== null) {
    parts.push(`position(lowerUTF8(toString(${e})), ${lit(filter.contains.toLowerCase())}) > 0`);
  }
  if (filter.min !== null) parts.push(`${e} >= ${numLit(filter.min)}`);
  if (filter.max !== null) parts.push(`${e} <= ${numLit(filter.max)}`);
  return parts.length === 0 ? '1' : parts.join(' AND ');
}

/** More rows than any table holds: ClickHouse needs a LIMIT to take an OFFSET. */
const ALL_ROWS = '18446744073709551615';

/**
 * The total and one page of cv_page rows under the query's filters and sort; `tieBreak` orders equal rows
 * so that pages never overlap. Returns the raw rows with `select` columns.
 */
export async function pageRows<F extends string>(
  run: Run,
  fields: Record<F, FieldSql>,
  targets: number,
  query: CvRankingQuery<F>,
  select: string,
  tieBreak: string,
) {
  if (!Number.isSafeInteger(query.offset) || query.offset < 0) throw new RankInputError('offset must be ≥ 0');
  if (query.limit !== null && (!Number.isSafeInteger(query.limit) || query.limit < 0)) {
    throw new RankInputError('limit must be ≥ 0');
  }
  const where = query.filters.map((f) => filterSql(fields, f, targets));
  const whereSql = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  const total = await run.s.one(`SELECT count() AS n FROM cv_page${whereSql}`);
  const order = `${resolve(fields, query.sort, targets)} ${query.sort.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`;
  if (query.limit === 0) return { total: count(total.n), rows: [] };
  const rows = await run.s.rows(
    `SELECT ${select} FROM cv_page${whereSql} ORDER BY ${order}, ${tieBreak}
     LIMIT ${query.offset}, ${query.limit ?? ALL_ROWS}`,
  );
  return { total: count(total.n), rows };
}
