// The ranking tables (ranking/keywords, ranking/urls) and what their CSV exports page through: sort by any
// field id (`field`, `field|i`, `field|i.delta`/`.percentageDelta`, spec §3), column filters named by field
// id, the URL filter, paging and optional weekly_data. The keyword table has a column group per target; the
// URL table is about the first selected domain only (spec §5).
import type {
  CvKeywordRankingResponse,
  CvRankingQueryParams,
  CvUrlRankingResponse,
  CvWeeklyData,
} from '@contracts/campaign-visibility';
import { cvRankingQuery } from '@contracts/campaign-visibility';
import { decodeFilterName, parseFieldId } from '@core/filters/query-params';
import { parseHostFilter } from '@core/host-match';
import { deltas } from '@core/metrics';
import {
  CV_GROUPED_KEYWORD_FIELDS,
  CV_KEYWORD_FIELDS,
  CV_URL_FIELDS,
  type CvColumnFilter,
  type CvKeywordField,
  type CvKeywordRow,
  type CvRankingPage,
  type CvRankingQuery,
  type CvUrlField,
  type CvUrlRow,
} from '@storage/campaign-visibility-reads';
import { badRequest } from '../../http/errors';
import type { CvRequest, CvTargetEntry } from './request';

const bad = (param: string, why: string) => badRequest(`${param}: ${why}`, { parameter: param });

const KNOWN_PARAMS = new Set(Object.keys(cvRankingQuery.shape));
const TEXT_FIELDS = new Set<string>(['keyword', 'url']);
const NUMBER = /^-?\d+(?:\.\d+)?$/u;

interface TableSpec<F extends string> {
  fields: readonly F[];
  grouped: readonly F[];
  defaultSort: F;
}

const KEYWORD_TABLE: TableSpec<CvKeywordField> = {
  fields: CV_KEYWORD_FIELDS,
  grouped: CV_GROUPED_KEYWORD_FIELDS,
  defaultSort: 'searchVolume',
};
const URL_TABLE: TableSpec<CvUrlField> = {
  fields: CV_URL_FIELDS,
  grouped: [],
  defaultSort: 'visibilityScore',
};

/** Resolves a field id against a table; `param` names the parameter in errors. */
function fieldRef<F extends string>(
  table: TableSpec<F>,
  text: string,
  param: string,
  targets: number,
  sortKey: number | undefined,
) {
  const id = parseFieldId(text);
  const field = id?.field as F | undefined;
  if (id === null || field === undefined || !table.fields.includes(field)) {
    throw bad(param, `unknown field ${JSON.stringify(text)}; expected one of ${table.fields.join(', ')}`);
  }
  const grouped = table.grouped.includes(field);
  if (!grouped && id.domainIndex !== null && id.domainIndex !== 0) {
    throw bad(param, `field ${field} is not per domain, so it takes no domain index`);
  }
  const target = grouped ? (id.domainIndex ?? sortKey ?? 0) : null;
  if (target !== null && target >= targets) {
    throw bad(
      param,
      `domain index ${target} does not exist: the table has ${targets} domains (0–${targets - 1})`,
    );
  }
  return { field, target, display: id.display };
}

/** A column filter value: `min:max` (either side optional) or one number for numeric fields; text: substring. */
function columnFilter<F extends string>(
  table: TableSpec<F>,
  name: string,
  value: string,
  targets: number,
): CvColumnFilter<F> {
  const ref = fieldRef(table, decodeFilterName(name), name, targets, undefined);
  if (TEXT_FIELDS.has(ref.field)) return { ...ref, min: null, max: null, contains: value };
  const [lo, hi, extra] = value.includes(':') ? value.split(':') : [value, value];
  const num = (v: string | undefined) => {
    if (v === undefined || v === '') return null;
    if (!NUMBER.test(v))
      throw bad(name, `expected min:max, min:, :max or a number, got ${JSON.stringify(value)}`);
    return Number(v);
  };
  if (extra !== undefined) throw bad(name, `expected min:max, got ${JSON.stringify(value)}`);
  return { ...ref, min: num(lo), max: num(hi), contains: null };
}

/** The span of a ranking table: from startDate (or the date, if earlier) to the date (its end date, spec §7). */
function tableSpan(req: CvRequest) {
  return { start: req.span.start <= req.date ? req.span.start : req.date, end: req.date };
}

function tableQuery<F extends string>(
  req: CvRequest,
  table: TableSpec<F>,
  params: CvRankingQueryParams,
  targets: number,
  page: { offset: number; limit: number | null },
): CvRankingQuery<F> {
  const sort = fieldRef(table, params.sortField ?? table.defaultSort, 'sortField', targets, params.sortKey);
  const filters: CvColumnFilter<F>[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (KNOWN_PARAMS.has(name) || name.endsWith('[]')) continue;
    if (typeof value !== 'string') throw bad(name, 'a column filter takes one value');
    filters.push(columnFilter(table, name, value, targets));
  }
  let url = null;
  if (params.url !== undefined && params.url !== '') {
    url = parseHostFilter(params.url);
    if (url === null) throw bad('url', `${JSON.stringify(params.url)} is not a URL, host or host with path`);
  }
  const direction = params.sortDirection ?? (TEXT_FIELDS.has(sort.field) ? 'asc' : 'desc');
  return { span: tableSpan(req), url, sort: { ...sort, direction }, filters, ...page };
}

export function keywordTableQuery(
  req: CvRequest,
  params: CvRankingQueryParams,
  page: { offset: number; limit: number | null },
) {
  return tableQuery(req, KEYWORD_TABLE, params, req.targets.length, page);
}

/** The URL table's one target: the first selected domain. */
export function urlTableTarget(req: CvRequest): CvTargetEntry {
  if (req.domainCount === 0)
    throw bad('domains', 'the URL table needs a domain (it uses the first one selected)');
  return req.targets[0]!;
}

export function urlTableQuery(
  req: CvRequest,
  params: CvRankingQueryParams,
  page: { offset: number; limit: number | null },
) {
  return tableQuery(req, URL_TABLE, params, 1, page);
}

export function keywordItem(row: CvKeywordRow): CvKeywordRankingResponse['items'][number] {
  return {
    keywordId: row.keywordId,
    keyword: row.keyword,
    searchVolume: row.searchVolume,
    tags: row.tags,
    groups: row.groups,
    domains: row.targets.map((c) => ({
      position: c.position,
      positionDeltas:
        c.position === null || c.positionStart === null ? null : deltas(c.positionStart, c.position),
      url: c.url,
      visibilityScore: c.visibilityScore,
      visibilityScoreDeltas: deltas(c.visibilityScoreStart, c.visibilityScore),
    })),
  };
}

export function urlItem(row: CvUrlRow): CvUrlRankingResponse['items'][number] {
  return {
    url: row.url,
    keywords: row.keywords,
    keywordsDeltas: deltas(row.keywordsStart, row.keywords),
    visibilityScore: row.visibilityScore,
    visibilityScoreDeltas: deltas(row.visibilityScoreStart, row.visibilityScore),
    bestPosition: row.bestPosition,
    searchVolume: row.searchVolume,
  };
}

const pageOf = (params: CvRankingQueryParams) => ({
  offset: (params.page - 1) * params.pageSize,
  limit: params.pageSize,
});

export async function keywordRanking(
  req: CvRequest,
  params: CvRankingQueryParams,
): Promise<CvKeywordRankingResponse> {
  const targets = req.targets.map((t) => t.target);
  const result: CvRankingPage<CvKeywordRow> = await req.reads.rankingKeywords(
    req.scope,
    targets,
    keywordTableQuery(req, params, pageOf(params)),
  );
  let weekly: CvWeeklyData | undefined;
  if (params.weekly_data === true) {
    const span = tableSpan(req);
    const { dates, rows: positions } = await req.reads.weeklyPositions(
      req.scope,
      targets,
      result.rows.map((r) => r.keywordId),
      span,
    );
    const index = new Map(dates.map((d, i) => [d, i]));
    const series = result.rows.flatMap((r) =>
      req.targets.map((_, t) => ({
        key: String(r.keywordId),
        field: `position|${t}`,
        values: dates.map((): number | null => null),
      })),
    );
    const at = new Map(series.map((s) => [`${s.key} ${s.field}`, s]));
    for (const p of positions)
      at.get(`${p.keywordId} position|${p.target}`)!.values[index.get(p.date)!] = p.position;
    weekly = { dates, series };
  }
  return {
    total: result.total,
    page: params.page,
    pageSize: params.pageSize,
    startDate: result.start,
    endDate: result.end,
    domains: req.targets.map((t) => t.ref),
    items: result.rows.map(keywordItem),
    ...(weekly === undefined ? {} : { weekly_data: weekly }),
  };
}

export async function urlRanking(
  req: CvRequest,
  params: CvRankingQueryParams,
): Promise<CvUrlRankingResponse> {
  const target = urlTableTarget(req);
  const result = await req.reads.rankingUrls(
    req.scope,
    target.target,
    urlTableQuery(req, params, pageOf(params)),
  );
  let weekly: CvWeeklyData | undefined;
  if (params.weekly_data === true) {
    const span = tableSpan(req);
    const { dates, rows: scores } = await req.reads.weeklyUrlScores(
      req.scope,
      target.target,
      result.rows.map((r) => r.url),
      span,
    );
    const vs = new Map(scores.map((s) => [`${s.url} ${s.date}`, s.visibilityScore]));
    // A URL without a counted result at a date has a visibility score of 0 there.
    const series = result.rows.map((r) => ({
      key: r.url,
      field: 'visibilityScore',
      values: dates.map((d): number | null => vs.get(`${r.url} ${d}`) ?? 0),
    }));
    weekly = { dates, series };
  }
  return {
    total: result.total,
    page: params.page,
    pageSize: params.pageSize,
    startDate: result.start,
    endDate: result.end,
    domain: target.ref,
    items: result.rows.map(urlItem),
    ...(weekly === undefined ? {} : { weekly_data: weekly }),
  };
}
