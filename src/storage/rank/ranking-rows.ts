// The ranking tables' page (keyword and URL tables, spec §3) as both RankStore engines emit it: each field id
// maps to a column of the table's rows under the same names on both engines (keyword rows: text, sv, and per
// target i pos_i, pos0_i, url_i, vs_i, vs0_i; URL rows: url, kw, kw0, vs, vs0, best, svsum), so the column
// filters, the order and the URL rows are written once; the dialect supplies what differs. Values from the
// request reach the SQL only through the dialect's `contains` (bound or escaped) and checked numbers.
import type {
  CvColumnFilter,
  CvFieldRef,
  CvKeywordField,
  CvRankingQuery,
  CvUrlField,
  CvUrlRow,
} from '../campaign-visibility-reads';
import { RankInputError } from './input';
import type { RankingTable } from './plan/query';

type Display = 'delta' | 'percentageDelta';

/** What the engines' SQL writes differently. */
export interface RankingDialect {
  /** The absolute or percentage change from `start` to `end` (percentage null when start is 0 or null). */
  delta(start: string, end: string, display: Display): string;
  /** Whether the text of `e` contains `needle` (given in lower case), case-insensitively. */
  contains(e: string, needle: string): string;
  /** A finite number as a literal. */
  num(value: number): string;
}

interface FieldSql {
  /** SQL of the value for a target index (grouped fields) and a delta display (…Deltas fields). */
  expr(target: number, d: RankingDialect, display: Display): string;
  grouped: boolean;
}

const column = (name: string): FieldSql => ({ expr: () => name, grouped: false });
const cell = (name: string): FieldSql => ({ expr: (i) => `${name}_${i}`, grouped: true });
const change = (start: string, end: string, grouped: boolean): FieldSql => ({
  expr: (i, d, display) =>
    grouped ? d.delta(`${start}_${i}`, `${end}_${i}`, display) : d.delta(start, end, display),
  grouped,
});

const KEYWORD_FIELDS: Record<CvKeywordField, FieldSql> = {
  keyword: column('text'),
  searchVolume: column('sv'),
  position: cell('pos'),
  positionDeltas: change('pos0', 'pos', true),
  url: cell('url'),
  visibilityScore: cell('vs'),
  visibilityScoreDeltas: change('vs0', 'vs', true),
};

const URL_FIELDS: Record<CvUrlField, FieldSql> = {
  url: column('url'),
  keywords: column('kw'),
  keywordsDeltas: change('kw0', 'kw', false),
  visibilityScore: column('vs'),
  visibilityScoreDeltas: change('vs0', 'vs', false),
  bestPosition: column('best'),
  searchVolume: column('svsum'),
};

function resolve<F extends string>(
  fields: Record<F, FieldSql>,
  ref: CvFieldRef<F>,
  targets: number,
  d: RankingDialect,
): string {
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
  return f.expr(target, d, ref.display ?? 'delta');
}

function filterSql<F extends string>(
  fields: Record<F, FieldSql>,
  filter: CvColumnFilter<F>,
  targets: number,
  d: RankingDialect,
): string[] {
  const e = resolve(fields, filter, targets, d);
  const parts: string[] = [];
  if (filter.contains !== null) parts.push(d.contains(e, filter.contains.toLowerCase()));
  if (filter.min !== null) parts.push(`${e} >= ${d.num(filter.min)}`);
  if (filter.max !== null) parts.push(`${e} <= ${d.num(filter.max)}`);
  return parts;
}

/**
 * The WHERE clause of the query's column filters (empty when none) and its ORDER BY list (`tieBreak` orders
 * equal rows so that pages never overlap; NULLs last either way); throws a RankInputError on a malformed
 * field, target index, offset or limit.
 */
export function rankingPageSql(
  table: RankingTable,
  targets: number,
  tieBreak: string,
  d: RankingDialect,
): { where: string; order: string } {
  const fields: Record<string, FieldSql> = table.rows === 'keyword' ? KEYWORD_FIELDS : URL_FIELDS;
  const query: CvRankingQuery<string> = table.query;
  if (!Number.isSafeInteger(query.offset) || query.offset < 0) throw new RankInputError('offset must be ≥ 0');
  if (query.limit !== null && (!Number.isSafeInteger(query.limit) || query.limit < 0)) {
    throw new RankInputError('limit must be ≥ 0');
  }
  const where = query.filters.flatMap((f) => filterSql(fields, f, targets, d));
  const direction = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
  return {
    where: where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`,
    order: `${resolve(fields, query.sort, targets, d)} ${direction} NULLS LAST, ${tieBreak}`,
  };
}

/**
 * Targets whose cells the sort and column filters read → whether their URL is read too. Unknown fields and
 * indexes are left out here; rankingPageSql refuses them.
 */
export function sortedTargets(query: CvRankingQuery<CvKeywordField>, n: number): Map<number, boolean> {
  const used = new Map<number, boolean>();
  for (const ref of [query.sort, ...query.filters]) {
    const i = ref.target ?? 0;
    if (KEYWORD_FIELDS[ref.field]?.grouped !== true || !Number.isSafeInteger(i) || i < 0 || i >= n) continue;
    used.set(i, used.get(i) === true || ref.field === 'url');
  }
  return used;
}

/** A URL table row from its columns; `num` reads an engine's numeric column. */
export function urlRow(r: Record<string, unknown>, num: (v: unknown) => number): CvUrlRow {
  return {
    url: String(r.url),
    keywords: num(r.kw),
    keywordsStart: num(r.kw0),
    visibilityScore: num(r.vs),
    visibilityScoreStart: num(r.vs0),
    bestPosition: r.best === null ? null : num(r.best),
    searchVolume: num(r.svsum),
  };
}
