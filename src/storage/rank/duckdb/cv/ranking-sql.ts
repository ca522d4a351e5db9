// Sorting, column filters and paging of the ranking tables, shared by the keyword and URL tables: each table
// maps its field ids to SQL expressions over its staged rows (cv_page, alias q); values from the request
// reach the SQL only as bound parameters or checked numbers.
import type { CvColumnFilter, CvFieldRef, CvRankingQuery } from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import type { Session } from '../db';
import { Binds, numLit } from './sql';

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

/** WHERE and ORDER BY of the query over cv_page (alias q); `tieBreak` orders equal rows. */
function pageSql<F extends string>(
  fields: Record<F, FieldSql>,
  targets: number,
  query: CvRankingQuery<F>,
  tieBreak: string,
) {
  const b = new Binds();
  const where = query.filters.map((f) => filterSql(fields, f, targets, b));
  const whereSql = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  const order = `${resolve(fields, query.sort, targets)} ${query.sort.direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, ${tieBreak}`;
  return { b, whereSql, order };
}

/**
 * The total and one page of cv_page rows (alias q) under the query's filters and sort; `tieBreak` orders
 * equal rows so that pages never overlap. Returns the raw rows with `select` columns.
 */
export async function pageRows<F extends string>(
  s: Session,
  fields: Record<F, FieldSql>,
  targets: number,
  query: CvRankingQuery<F>,
  select: string,
  tieBreak: string,
) {
  checkPage(query);
  const { b, whereSql, order } = pageSql(fields, targets, query, tieBreak);
  const total = await s.one(`SELECT count(*) AS n FROM cv_page q${whereSql}`, b.values, b.types);
  const limit = query.limit === null ? '' : ` LIMIT ${query.limit}`;
  const rows = await s.all(
    `SELECT ${select} FROM cv_page q${whereSql} ORDER BY ${order}${limit} OFFSET ${query.offset}`,
    b.values,
    b.types,
  );
  return { total: Number(total.n), rows };
}

/**
 * Like pageRows, but stages the page as temp table cv_sel (n, then the `select` columns), n being the row's
 * 1-based place in the page, so that later queries join the page's rows instead of listing their ids.
 * Returns the total.
 */
export async function stagePage<F extends string>(
  s: Session,
  fields: Record<F, FieldSql>,
  targets: number,
  query: CvRankingQuery<F>,
  select: string,
  tieBreak: string,
): Promise<number> {
  checkPage(query);
  const { b, whereSql, order } = pageSql(fields, targets, query, tieBreak);
  const total = await s.one(`SELECT count(*) AS n FROM cv_page q${whereSql}`, b.values, b.types);
  const upTo = query.limit === null ? '' : ` AND n <= ${query.offset + query.limit}`;
  await s.all(
    `CREATE OR REPLACE TEMP TABLE cv_sel AS
     SELECT n - ${query.offset} AS n, * EXCLUDE (n) FROM (
       SELECT row_number() OVER (ORDER BY ${order}) AS n, ${select} FROM cv_page q${whereSql}
     ) WHERE n > ${query.offset}${upTo}`,
    b.values,
    b.types,
  );
  return Number(total.n);
}
