// The ranking tables through the planner (rankingKeywordsQuery, rankingUrlsQuery): the keyword table (per
// keyword of the set and target the best position, its URL and VS at the last point, and both again at the
// first) and the URL table of one target (per URL its keywords, VS, best position and Σ sv). Keyword-level,
// so the planner leaves the raw SERP rows only: snapshots and matching results as for the series
// (snapshots.ts), on the shard that owns the market. No temporary table (issue 28 item 8): the page and its
// total are one statement over the steps as subqueries, the page's labels and URL names a second; the total
// of an unfiltered keyword table is the keyword set's size. Sort, filters and paging are shared with DuckDB
// (../../ranking-rows.ts). Units: VS in estimated monthly clicks (Σ sv × ctr).
import type { CvKeywordRow, CvRankingPage, CvScope } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import type { RankingTable, RankQuery } from '../../plan/query';
import { rankingPageSql, sortedTargets, urlRow, type RankingDialect } from '../../ranking-rows';
import type { Row } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { runPlanned } from './plan-run';
import { stageTargets, type Run } from './run';
import { count, dateLit, FIRST_DATE, float, idSet, intOrNull, numLit, storable } from './sql';
import { stageHits, stagePoints, stageUse, windowOf } from './snapshots';

/** The span's first and last point, and a SELECT of the URL ids cv_hits may hold (a superset). */
type Prep = Pick<CvRankingPage<unknown>, 'start' | 'end'> & { urls: string };

const DIALECT: RankingDialect = {
  delta: (start, end, display) =>
    display === 'delta'
      ? `(${end} - ${start})`
      : `if(ifNull(${start}, 0) = 0, NULL, (toFloat64(${end}) - ${start}) * 100 / ${start})`,
  contains: (e, needle) => `position(lowerUTF8(toString(${e})), ${lit(needle)}) > 0`,
  num: numLit,
};

/**
 * More rows than any table holds: ClickHouse needs a LIMIT to take an OFFSET. 2⁶², not the UInt64 maximum:
 * ClickHouse adds the offset to it, which wrapped around and answered no row for a page after the first.
 */
const ALL_ROWS = '4611686018427387904';

/** The condition of a point; without one cv_hits is empty, and it stays a column expression (no folding). */
const at = (p: string | null) => (p === null ? `point < ${dateLit(FIRST_DATE)}` : `point = ${dateLit(p)}`);

/**
 * One page of the cv_page rows under the table's filters and sort, with the total: in the page's statement,
 * or alone for an empty page; `total` counts the rows when the filters are known not to narrow them. With
 * `total` null every row under the filters is read, in order, and the page sliced here: the URL table's rows
 * (one per URL of one target) cost less to send than a second evaluation of its steps to count them.
 */
async function pageRows(
  run: Run,
  table: RankingTable,
  targets: number,
  tieBreak: string,
  total: string | null,
) {
  const { query } = table;
  const { where, order } = rankingPageSql(table, targets, tieBreak, DIALECT);
  if (total === null) {
    const all = await run.s.rows(`SELECT * FROM cv_page${where} ORDER BY ${order}`);
    const end = query.limit === null ? undefined : query.offset + query.limit;
    return { total: all.length, rows: all.slice(query.offset, end) };
  }
  const counted = query.filters.length === 0 ? total : `SELECT count() FROM cv_page${where}`;
  const rows =
    query.limit === 0
      ? []
      : await run.s.rows(
          `SELECT *, (${counted}) AS page_total FROM cv_page${where}
           ORDER BY ${order} LIMIT ${query.offset}, ${query.limit ?? ALL_ROWS}`,
        );
  const n = rows.length > 0 ? rows[0]!.page_total : (await run.s.one(`SELECT (${counted}) AS n`)).n;
  return { total: count(n), rows };
}

/**
 * The tags and groups (sorted) of the page's keywords and the names of its URLs, in one statement: kind 0
 * rows are keywords, kind 1 URLs.
 */
async function detailsOf(run: Run, keywordIds: number[], urlIds: number[]) {
  const parts = [
    ...(keywordIds.length === 0
      ? []
      : [
          `SELECT 0 AS kind, toUInt32(keyword_id) AS id, arraySort(arrayDistinct(tags)) AS tags,
             arraySort(arrayDistinct(groups)) AS groups, '' AS url
           FROM ${run.local('campaign_keywords')}
           WHERE campaign_id = ${lit(run.scope.campaignId)} AND market_id = ${lit(run.marketId)}
             AND keyword_id IN ${idSet(keywordIds)}`,
        ]),
    ...(urlIds.length === 0
      ? []
      : [
          `SELECT 1, toUInt32(id), emptyArrayString(), emptyArrayString(), toString(url)
           FROM ${run.dim('urls')} WHERE id IN ${idSet(urlIds)}`,
        ]),
  ];
  const rows = parts.length === 0 ? [] : await run.s.rows(parts.join(' UNION ALL '));
  const labels = new Map<number, Row>();
  const names = new Map<number, string>();
  for (const r of rows) {
    if (count(r.kind) === 0) labels.set(count(r.id), r);
    else names.set(count(r.id), String(r.url));
  }
  return { labels, names };
}

/** The keyword table of the staged cv_hits (targets 0…n−1; the URL filter's target n). */
async function keywordsFrom(run: Run, q: RankQuery, { start, end }: Prep) {
  const table = q.ranking;
  if (table?.rows !== 'keyword') throw new RangeError('not a keyword-table query');
  const n = q.targets.length;
  // Per (target, keyword): url_id 0 is "no result at the last point" (ids start at 1).
  run.view(
    'cv_per',
    `SELECT t, keyword_id,
       min(if(${at(end)}, toNullable(position), NULL)) AS pos,
       argMinIf(url_id, position, ${at(end)}) AS url_id,
       min(if(${at(start)}, toNullable(position), NULL)) AS pos0,
       ifNull(sum(if(${at(end)}, score, NULL)), 0) AS vs,
       ifNull(sum(if(${at(start)}, score, NULL)), 0) AS vs0
     FROM cv_hits WHERE t < ${n} GROUP BY t, keyword_id`,
  );
  // URL names inside the page only when the sort or a filter reads them; else the page's own are read after.
  const named = [...sortedTargets(table.query, n).values()].some((url) => url);
  const per = named
    ? `SELECT *, if(url_id = 0, NULL, toNullable(url)) AS url FROM cv_per ANY LEFT JOIN (
         SELECT id AS url_id, url FROM ${run.dim('urls')} WHERE id IN (SELECT url_id FROM cv_per)
       ) USING url_id`
    : 'SELECT * FROM cv_per';
  const cells = (i: number) => [
    `min(if(t = ${i}, pos, NULL)) AS pos_${i}`,
    `min(if(t = ${i}, pos0, NULL)) AS pos0_${i}`,
    `min(if(t = ${i} AND url_id != 0, toNullable(url_id), NULL)) AS uid_${i}`,
    ...(named ? [`min(if(t = ${i}, url, NULL)) AS url_${i}`] : []),
    `sumIf(vs, t = ${i}) AS vs_${i}`,
    `sumIf(vs0, t = ${i}) AS vs0_${i}`,
  ];
  const columns = Array.from({ length: n }, (_, i) => cells(i));
  const names = columns.flat().map((c) => c.slice(c.lastIndexOf(' AS ') + 4));
  const urlOnly =
    table.query.url === null
      ? ''
      : `WHERE keyword_id IN (SELECT keyword_id FROM cv_hits WHERE t = ${n} AND ${at(end)})`;
  run.view(
    'cv_page',
    `SELECT keyword_id, text, sv, ${names.join(', ')} FROM cv_kw ANY LEFT JOIN (
       SELECT keyword_id, ${columns.flat().join(', ')} FROM (${per}) GROUP BY keyword_id
     ) USING keyword_id
     ${urlOnly}`,
  );
  const page = await pageRows(run, table, n, 'keyword_id', `SELECT count() FROM cv_kw ${urlOnly}`);
  const uid = (r: Row, i: number) => intOrNull(r[`uid_${i}`]);
  const details = await detailsOf(
    run,
    page.rows.map((r) => count(r.keyword_id)),
    page.rows.flatMap((r) => columns.map((_, i) => uid(r, i) ?? [])).flat(),
  );
  const labelsOf = (id: number, kind: 'tags' | 'groups') =>
    ((details.labels.get(id)?.[kind] as unknown[] | undefined) ?? []).map(String);
  const rows = page.rows.map((r): CvKeywordRow => {
    const id = count(r.keyword_id);
    return {
      keywordId: id,
      keyword: String(r.text),
      searchVolume: intOrNull(r.sv),
      tags: labelsOf(id, 'tags'),
      groups: labelsOf(id, 'groups'),
      targets: columns.map((_, i) => ({
        position: intOrNull(r[`pos_${i}`]),
        positionStart: intOrNull(r[`pos0_${i}`]),
        url: details.names.get(uid(r, i) ?? 0) ?? null,
        visibilityScore: float(r[`vs_${i}`]),
        visibilityScoreStart: float(r[`vs0_${i}`]),
      })),
    };
  });
  return { total: page.total, rows };
}

/** The URL table of target 0 of the staged cv_hits (the URL filter's target 1). */
async function urlsFrom(run: Run, q: RankQuery, ends: Prep) {
  const { start, end } = ends;
  const table = q.ranking!;
  const urlOnly = table.query.url === null ? '' : 'WHERE url_id IN (SELECT url_id FROM cv_hits WHERE t = 1)';
  // A URL can hold two results of one SERP (e.g. organic and a sitelink): count its keyword once.
  run.view(
    'cv_per',
    `SELECT url_id,
       countIf(${at(end)}) AS kw,
       countIf(${at(start)}) AS kw0,
       ifNull(sum(if(${at(end)}, sc, NULL)), 0) AS vs,
       ifNull(sum(if(${at(start)}, sc, NULL)), 0) AS vs0,
       min(if(${at(end)}, toNullable(pos), NULL)) AS best,
       ifNull(sum(if(${at(end)}, sv, NULL)), 0) AS svsum
     FROM (
       SELECT url_id, keyword_id, point, min(position) AS pos, sum(score) AS sc
       FROM cv_hits WHERE t = 0 GROUP BY url_id, keyword_id, point
     ) ANY INNER JOIN (SELECT keyword_id, sv FROM cv_kw) USING keyword_id
     ${urlOnly}
     GROUP BY url_id`,
  );
  run.view(
    'cv_page',
    `SELECT url_id, kw, kw0, vs, vs0, best, svsum, url FROM cv_per ANY INNER JOIN (
       SELECT id AS url_id, url FROM ${run.dim('urls')} WHERE id IN (${ends.urls})
     ) USING url_id`,
  );
  const page = await pageRows(run, table, 1, 'url', null);
  return { total: page.total, rows: page.rows.map((r) => urlRow(r, float)) };
}

/**
 * A ranking table (rankingKeywordsQuery, rankingUrlsQuery) by the plan of `source` (null: the planner's
 * choice); null when that plan is not allowed. cv_hits holds the span's first and last point; the URL
 * filter is one target more.
 */
function rankingByPlan<R>(
  ctx: ChContext,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
  from: (run: Run, q: RankQuery, prep: Prep) => Promise<Pick<CvRankingPage<R>, 'total' | 'rows'>>,
): Promise<Planned<CvRankingPage<R>> | null> {
  const url = q.ranking!.query.url;
  const targets = url === null ? q.targets : [...q.targets, { key: '', filters: [url] }];
  return runPlanned(
    ctx,
    scope,
    q,
    source,
    { start: null, end: null, total: 0, rows: [] },
    {
      prepare: async (run): Promise<Prep> => {
        const points = await stagePoints(run, q.points.span);
        const ends = { start: points[0] ?? null, end: points.at(-1) ?? null };
        const used = await stageUse(run, [...new Set([ends.start, ends.end].filter((p) => p !== null))]);
        const set = await stageTargets(run, targets);
        await stageHits(run, set, used);
        // Every URL the targets' domains rank with at the used snapshots, of any keyword of the market: a
        // superset of cv_hits' that the points' windows of the results' sort key find without evaluating
        // cv_hits again.
        const windows = [...(used?.points.keys() ?? [])]
          .map((p) => storable(windowOf(p).lo, p)!)
          .map((w) => `date BETWEEN ${dateLit(w.lo)} AND ${dateLit(w.hi)}`);
        const urls =
          windows.length === 0 || set.domainIds.length === 0
            ? 'SELECT url_id FROM cv_hits'
            : `SELECT url_id FROM ${run.local('serp_results')} WHERE market_id = ${lit(run.marketId)}
               AND (${windows.join(' OR ')}) AND domain_id IN ${idSet(set.domainIds)}`;
        return { ...ends, urls };
      },
      answer: async (run, _plan, prep) => {
        const { start, end } = prep;
        return { start, end, ...(await from(run, q, prep)) };
      },
    },
  );
}

export const rankingKeywordsByPlan = (ctx: ChContext, scope: CvScope, q: RankQuery, source: Source | null) =>
  rankingByPlan(ctx, scope, q, source, keywordsFrom);

export const rankingUrlsByPlan = (ctx: ChContext, scope: CvScope, q: RankQuery, source: Source | null) =>
  rankingByPlan(ctx, scope, q, source, urlsFrom);
