// Sorting, column filters and paging of the ranking tables, shared by the keyword and URL tables: each table
// maps its field ids to SQL expressions over its staged rows (cv_page, alias q); values from the request
// reach the SQL only as bound parameters or checked numbers.
import type { CvColumnFilter, CvFieldRef, CvRankingQuery } from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import type { Run } from './run';
import { Binds, numLit } from './sql';

export interface FieldSql {
  /** SQL of the value for a target index (grouped fields) and a delta display (…Deltas fields). */
  expr(target: number, display: 'delta' | 'percentageDelta'): string;
  text: boolean;
  grouped: boolean;
}

/**
 * The absolute or percentage change from `start` to `end` (percentage null when start is 0 or null). The
 * difference is taken in DOUBLE: positions are stored as UTINYINT, whose difference overflows below zero.
 */
export function deltaSql(start: string, end: string, display: 'delta' | 'percentageDelta'): string {
  return display === 'delta'
    ? `(CAST(${end} AS DOUBLE) - ${start})`
    : `CASE WHEN ${start} IS NULL OR ${start} = 0 THEN NULL
        ELSE (CAST(${end} AS DOUBLE) - ${start}) * 100 / ${start} END`;
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
  b: Binds,
): string {
  const e = resolve(fields, filter, targets);
  const parts: string[] = [];
  if (filter.contains !== null)
    parts.push(`contains(lower(CAST(${e} AS VARCHAR)), ${b.string(filter.contains.toLowerCase())})`);
  if (filter.min !== null) parts.push(`${e} >= ${numLit(filter.min)}`);
  if (filter.max !== null) parts.push(`${e} <= ${numLit(filter.max)}`);
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

function checkPage(query: { offset: number; limit: number | null }): void {
  if (!Number.isSafeInteger(query.offset) || query.offset < 0) throw new RankInputError('offset must be ≥ 0');
  if (query.limit !== null && (!Number.isSafeInteger(query.limit) || query.limit < 0)) {
    throw new RankInputError('limit must be ≥ 0');
  }
}

/**
 * The query of one page of cv_page rows (alias q) under the query's filters and sort, with `select`
 * columns and the total as column page_total (it rides along on each row: a top-N costs a fraction of
 * ranking every row), and the total's own query for a page past the end; `tieBreak` orders equal rows so
 * that pages never overlap.
 */
export function pageSql<F extends string>(
  fields: Record<F, FieldSql>,
  targets: number,
  query: CvRankingQuery<F>,
  select: string,
  tieBreak: string,
) {
  checkPage(query);
  const b = new Binds();
  const where = query.filters.map((f) => filterSql(fields, f, targets, b));
  const whereSql = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  const order = `${resolve(fields, query.sort, targets)} ${query.sort.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, ${tieBreak}`;
  const limit = query.limit === null ? '' : ` LIMIT ${query.limit}`;
  const count = `SELECT count(*) AS page_total FROM cv_page q${whereSql}`;
  return {
    sql: `SELECT ${select}, (${count}) AS page_total FROM cv_page q${whereSql}
      ORDER BY ${order}${limit} OFFSET ${query.offset}`,
    count,
    b,
  };
}

/** The total and one page of cv_page rows (pageSql) as row objects. */
export async function pageRows<F extends string>(
  run: Run,
  fields: Record<F, FieldSql>,
  targets: number,
  query: CvRankingQuery<F>,
  select: string,
  tieBreak: string,
) {
  const { sql, count, b } = pageSql(fields, targets, query, select, tieBreak);
  const rows = await run.all(sql, b);
  const total = rows.length > 0 ? rows[0]!.page_total : (await run.one(count, b)).page_total;
  return { total: Number(total), rows };
}
