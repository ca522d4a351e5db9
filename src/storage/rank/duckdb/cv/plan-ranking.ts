// The ranking tables through the planner (rankingKeywordsQuery, rankingUrlsQuery): the keyword table (per
// keyword of the set and target the best position, its URL and VS at the last point, and both again at the
// first) and the URL table of one target (per URL its keywords, VS, best position and Σ sv). Keyword-level,
// so the planner (../../plan/planner.ts) picks the sorted copies (snapshots.ts) or the raw SERP rows
// (plan-emit.ts) in the keyword reads' frame (plan-keywords.ts); either gives cv_hits of the same columns,
// and the tables' SQL reads only that (test/storage/plan-series.test.ts checks that they give the same
// pages). Sort, filters and paging are shared with ClickHouse (../../ranking-rows.ts). Units: VS in
// estimated monthly clicks (Σ sv × ctr).
import type { DuckDBValue } from '@duckdb/node-api';
import type {
  CvKeywordRow,
  CvKeywordTargetCell,
  CvRankingPage,
  CvScope,
  CvUrlRow,
} from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import type { RankQuery, RankingTable } from '../../plan/query';
import { rankingPageSql, sortedTargets, urlRow, type RankingDialect } from '../../ranking-rows';
import type { DuckDb, Value } from '../db';
import { byPlan } from './plan-keywords';
import type { Run } from './run';
import { Binds, dateLit, intList, numLit } from './sql';

type Ends = Pick<CvRankingPage<unknown>, 'start' | 'end'>;
type Rows<R> = Pick<CvRankingPage<R>, 'total' | 'rows'>;

const NO_RESULT: CvKeywordTargetCell = Object.freeze({
  position: null,
  positionStart: null,
  url: null,
  visibilityScore: 0,
  visibilityScoreStart: 0,
});

/**
 * Page sizes up to this go into the queries as constant ids, which the filter pushes down to the scans; a
 * bigger page (an export's 20,000-row chunk) is staged as a table of ids instead: thousands of constants in
 * three IN lists took longer to plan than the scans they narrow.
 */
const CONSTANT_IDS = 1_000;

const num = (v: Value | DuckDBValue | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * The absolute or percentage change in DOUBLE (positions are UTINYINT, whose difference overflows below 0);
 * request texts are bound to `b`.
 */
function dialect(b: Binds): RankingDialect {
  return {
    delta: (start, end, display) =>
      display === 'delta'
        ? `(CAST(${end} AS DOUBLE) - ${start})`
        : `CASE WHEN ${start} IS NULL OR ${start} = 0 THEN NULL
            ELSE (CAST(${end} AS DOUBLE) - ${start}) * 100 / ${start} END`,
    contains: (e, needle) => `contains(lower(CAST(${e} AS VARCHAR)), ${b.string(needle)})`,
    num: numLit,
  };
}

/**
 * One page of the staged cv_page rows under the table's filters and sort, `select` columns and the total
 * (page_total rides along on each row: a top-N costs a fraction of ranking every row; a page past the end
 * asks for it alone).
 */
async function pageOfRows(run: Run, table: RankingTable, targets: number, select: string, tieBreak: string) {
  const b = new Binds();
  const { query } = table;
  const { where, order } = rankingPageSql(table, targets, tieBreak, dialect(b));
  const count = `SELECT count(*) AS page_total FROM cv_page q${where}`;
  const limit = query.limit === null ? '' : ` LIMIT ${query.limit}`;
  const cols = await run.columns(
    `SELECT ${select}, (${count}) AS page_total FROM cv_page q${where}
     ORDER BY ${order}${limit} OFFSET ${query.offset}`,
    b,
  );
  const total = cols[0]!.length > 0 ? cols.at(-1)![0] : (await run.one(count, b)).page_total;
  return { cols, total: Number(total) };
}

/** Details of the keywords `ids`: kind 0 their texts, 1 their tags and 2 their groups, each sorted. */
function detailsSql(campaignId: number, ids: string): string {
  return `SELECT 0 AS kind, id AS keyword_id, text AS value FROM keywords WHERE id IN (${ids})
    UNION ALL
    SELECT 1, kt.keyword_id, t.tag FROM campaign_keyword_tags kt
    JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id
    WHERE kt.campaign_id = ${campaignId} AND kt.keyword_id IN (${ids})
    UNION ALL
    SELECT 2, kg.keyword_id, g.label FROM campaign_keyword_groups kg
    JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id
    WHERE kg.campaign_id = ${campaignId} AND kg.keyword_id IN (${ids})
    ORDER BY kind, keyword_id, value`;
}

/**
 * The rows of a page (its keyword ids and volumes, in order) with their texts, labels and every target's
 * cells (cv_cells); targets without a result score 0. The ids go as constants, so that the filter reaches
 * the scans under the details and cells.
 */
async function keywordRows(
  run: Run,
  n: number,
  page: { ids: DuckDBValue[]; svs: DuckDBValue[] },
): Promise<CvKeywordRow[]> {
  const rows = page.ids.map((id, i): CvKeywordRow => ({
    keywordId: Number(id),
    keyword: '',
    searchVolume: num(page.svs[i]),
    tags: [],
    groups: [],
    // One shared cell for every target without a result: an export's chunk has 10⁵ of them.
    targets: new Array<CvKeywordTargetCell>(n).fill(NO_RESULT),
  }));
  if (rows.length === 0) return rows;
  const place = new Map(rows.map((r, i) => [r.keywordId, i]));
  let ids: string;
  if (rows.length > CONSTANT_IDS) {
    const b = new Binds();
    const list = b.ints(rows.map((r) => r.keywordId));
    await run.stage('TABLE', 'cv_pids', `SELECT unnest(${list}) AS keyword_id`, b);
    ids = 'SELECT keyword_id FROM cv_pids';
  } else ids = intList(rows.map((r) => r.keywordId));
  const [kinds, kid, values] = await run.columns(detailsSql(run.campaignId, ids));
  kinds!.forEach((kind, i) => {
    const row = rows[place.get(Number(kid![i]))!]!;
    const value = String(values![i]);
    if (kind === 0) row.keyword = value;
    else (kind === 1 ? row.tags : row.groups).push(value);
  });
  const [ck, t, pos, pos0, url, vs, vs0] = await run.columns(
    `SELECT c.keyword_id, c.t, c.pos, c.pos0, x.url, c.vs, c.vs0
     FROM (SELECT * FROM cv_cells WHERE keyword_id IN (${ids})) c LEFT JOIN urls x ON x.id = c.url_id`,
  );
  ck!.forEach((id, i) => {
    rows[place.get(Number(id))!]!.targets[Number(t![i])] = {
      position: num(pos![i]),
      positionStart: num(pos0![i]),
      url: url![i] === null ? null : String(url![i]),
      visibilityScore: Number(vs![i]),
      visibilityScoreStart: Number(vs0![i]),
    };
  });
  return rows;
}

/** `point = <date>`, false without one. */
const at = (p: string | null) => (p === null ? 'false' : `point = ${dateLit(p)}`);

/** The keyword table from the staged cv_hits (targets 0…n−1; the URL filter's target n). */
async function keywordsFrom(run: Run, q: RankQuery, { start, end }: Ends): Promise<Rows<CvKeywordRow>> {
  const n = q.targets.length;
  const table = q.ranking;
  if (table?.rows !== 'keyword') throw new RangeError('not a keyword-table query');
  const { query } = table;
  // One row per (target, keyword) with a result at either point: its cells. A view: cv_page reads the
  // sorted targets' cells and the page the cells of its few keywords, and both filters reach the scan.
  await run.stage(
    'VIEW',
    'cv_cells',
    `SELECT t, keyword_id,
      min(position) FILTER (WHERE ${at(end)}) AS pos,
      arg_min(url_id, position) FILTER (WHERE ${at(end)}) AS url_id,
      min(position) FILTER (WHERE ${at(start)}) AS pos0,
      coalesce(sum(score) FILTER (WHERE ${at(end)}), 0) AS vs,
      coalesce(sum(score) FILTER (WHERE ${at(start)}), 0) AS vs0
    FROM cv_hits WHERE t < ${n} GROUP BY t, keyword_id`,
  );
  // cv_page holds the keyword columns plus the cells of the targets that the sort and filters read,
  // one scalar column each: the other targets' cells are read for the page's rows only.
  const columns: string[] = [];
  const joins: string[] = [];
  for (const [i, url] of sortedTargets(query, n)) {
    columns.push(
      `c${i}.pos AS pos_${i}`,
      `c${i}.pos0 AS pos0_${i}`,
      `coalesce(c${i}.vs, 0) AS vs_${i}`,
      `coalesce(c${i}.vs0, 0) AS vs0_${i}`,
    );
    joins.push(`LEFT JOIN cv_cells c${i} ON c${i}.keyword_id = k.keyword_id AND c${i}.t = ${i}`);
    if (url) {
      columns.push(`x${i}.url AS url_${i}`);
      joins.push(`LEFT JOIN urls x${i} ON x${i}.id = c${i}.url_id`);
    }
  }
  const urlOnly =
    query.url === null
      ? ''
      : `WHERE k.keyword_id IN (SELECT keyword_id FROM cv_hits WHERE t = ${n} AND ${at(end)})`;
  // The texts only when the sort or a filter reads them: the page's own are read with its rows.
  const texts = [query.sort, ...query.filters].some((f) => f.field === 'keyword');
  if (texts) joins.unshift('JOIN keywords kw ON kw.id = k.keyword_id');
  await run.stage(
    'TABLE',
    'cv_page',
    `SELECT k.keyword_id, k.sv${texts ? ', kw.text' : ''}${columns.map((c) => `, ${c}`).join('')}
     FROM cv_kw k ${joins.join(' ')} ${urlOnly}`,
  );
  const page = await pageOfRows(run, table, n, 'q.keyword_id, q.sv', 'q.keyword_id');
  const [ids, svs] = page.cols;
  return { total: page.total, rows: await keywordRows(run, n, { ids: ids!, svs: svs! }) };
}

/** The URL table of target 0 from the staged cv_hits (the URL filter's target 1). */
async function urlsFrom(run: Run, q: RankQuery, { start, end }: Ends): Promise<Rows<CvUrlRow>> {
  const table = q.ranking!;
  const urlOnly =
    table.query.url === null ? '' : 'WHERE p.url_id IN (SELECT url_id FROM cv_hits WHERE t = 1)';
  // A URL can hold two results of one SERP (e.g. organic and a sitelink): count its keyword once.
  await run.stage(
    'TABLE',
    'cv_page',
    `WITH per_kw AS (
      SELECT url_id, keyword_id, point, min(position) AS pos, sum(score) AS sc
      FROM cv_hits WHERE t = 0 GROUP BY url_id, keyword_id, point
    ),
    per AS (
      SELECT p.url_id,
        count(*) FILTER (WHERE ${at(end)}) AS kw,
        count(*) FILTER (WHERE ${at(start)}) AS kw0,
        coalesce(sum(p.sc) FILTER (WHERE ${at(end)}), 0) AS vs,
        coalesce(sum(p.sc) FILTER (WHERE ${at(start)}), 0) AS vs0,
        min(p.pos) FILTER (WHERE ${at(end)}) AS best,
        coalesce(sum(k.sv) FILTER (WHERE ${at(end)}), 0) AS svsum
      FROM per_kw p JOIN cv_kw k ON k.keyword_id = p.keyword_id
      ${urlOnly}
      GROUP BY p.url_id
    )
    SELECT per.*, x.url FROM per JOIN urls x ON x.id = per.url_id`,
  );
  const page = await pageOfRows(run, table, 1, 'q.url, q.kw, q.kw0, q.vs, q.vs0, q.best, q.svsum', 'q.url');
  const names = ['url', 'kw', 'kw0', 'vs', 'vs0', 'best', 'svsum'];
  const rows = page.cols[0]!.map((_, i) =>
    urlRow(Object.fromEntries(names.map((c, j) => [c, page.cols[j]![i]])), Number),
  );
  return { total: page.total, rows };
}

/**
 * A ranking table (rankingKeywordsQuery, rankingUrlsQuery) by the plan of `source` (null: the planner's
 * choice); null when that plan is not allowed. The keyword-level frame (plan-keywords.ts) gives either
 * source's cv_hits (t, point, keyword_id, position, url_id, score) over the span's first and last point; the
 * URL filter is one target more.
 */
function rankingByPlan<R>(
  db: DuckDb,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
  from: (run: Run, q: RankQuery, ends: Ends) => Promise<Rows<R>>,
): Promise<Planned<CvRankingPage<R>> | null> {
  const url = q.ranking!.query.url;
  const targets = url === null ? q.targets : [...q.targets, { key: '', filters: [url] }];
  const empty: CvRankingPage<R> = { start: null, end: null, total: 0, rows: [] };
  return byPlan(db, scope, { ...q, targets }, source, empty, async (run, src) => {
    // The tables' SQL reads cv_hits alone: the raw source's becomes a view of the same name.
    if (src.ctes !== null) await run.stage('VIEW', 'cv_hits', `WITH ${src.ctes} SELECT * FROM ${src.hits}`);
    const ends = { start: src.points[0] ?? null, end: src.points.at(-1) ?? null };
    return { ...ends, ...(await from(run, q, ends)) };
  });
}

export const rankingKeywordsByPlan = (db: DuckDb, scope: CvScope, q: RankQuery, source: Source | null) =>
  rankingByPlan(db, scope, q, source, keywordsFrom);

export const rankingUrlsByPlan = (db: DuckDb, scope: CvScope, q: RankQuery, source: Source | null) =>
  rankingByPlan(db, scope, q, source, urlsFrom);
