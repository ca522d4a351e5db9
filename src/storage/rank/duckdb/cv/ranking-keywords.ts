// The keyword ranking table: one row per keyword of the set with, per target, the best position and its URL,
// the keyword score at the last point, and both again at the first point (for the …Deltas fields). With a
// URL filter only keywords where a counted result under that URL ranks at the last point are listed.
import type {
  CvKeywordField,
  CvKeywordRow,
  CvKeywordTargetCell,
  CvRankingPage,
  CvRankingQuery,
  CvScope,
  CvTarget,
} from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import type { DuckDBValue } from '@duckdb/node-api';
import type { DuckDb, Value } from '../db';
import { deltaSql, pageSql, type FieldSql } from './ranking-sql';
import { withRun, type Run } from './run';
import { Binds, dateLit, intList } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const NO_RESULT: CvKeywordTargetCell = Object.freeze({
  position: null,
  positionStart: null,
  url: null,
  visibilityScore: 0,
  visibilityScoreStart: 0,
});

/** A per-target column of cv_page: only the targets that the sort and filters name are staged there. */
const cell = (i: number, name: string) => `q.${name}_${i}`;

const FIELDS: Record<CvKeywordField, FieldSql> = {
  keyword: { expr: () => 'q.text', text: true, grouped: false },
  searchVolume: { expr: () => 'q.sv', text: false, grouped: false },
  position: { expr: (i) => cell(i, 'pos'), text: false, grouped: true },
  positionDeltas: {
    expr: (i, d) => deltaSql(cell(i, 'pos0'), cell(i, 'pos'), d),
    text: false,
    grouped: true,
  },
  url: { expr: (i) => cell(i, 'url'), text: true, grouped: true },
  visibilityScore: { expr: (i) => cell(i, 'vs'), text: false, grouped: true },
  visibilityScoreDeltas: {
    expr: (i, d) => deltaSql(cell(i, 'vs0'), cell(i, 'vs'), d),
    text: false,
    grouped: true,
  },
};

/**
 * Page sizes up to this go into the queries as constant ids, which the filter pushes down to the scans; a
 * bigger page (an export's 20,000-row chunk) is staged as a table of ids instead: thousands of constants in
 * three IN lists took longer to plan than the scans they narrow.
 */
const CONSTANT_IDS = 1_000;

const num = (v: Value | DuckDBValue | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * Targets whose cells the sort and column filters read → whether their URL is read too. Unknown fields and
 * indexes are left out here; pageSql refuses them.
 */
function sortedTargets(query: CvRankingQuery<CvKeywordField>, n: number): Map<number, boolean> {
  const used = new Map<number, boolean>();
  for (const ref of [query.sort, ...query.filters]) {
    const i = ref.target ?? 0;
    if (FIELDS[ref.field]?.grouped !== true || !Number.isSafeInteger(i) || i < 0 || i >= n) continue;
    used.set(i, used.get(i) === true || ref.field === 'url');
  }
  return used;
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
async function pageOf(
  run: Run,
  campaignId: number,
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
    await run.stage(
      'TABLE',
      'cv_pids',
      `SELECT unnest(${b.ints(rows.map((r) => r.keywordId))}) AS keyword_id`,
      b,
    );
    ids = 'SELECT keyword_id FROM cv_pids';
  } else ids = intList(rows.map((r) => r.keywordId));
  const [kinds, kid, values] = await run.columns(detailsSql(campaignId, ids));
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

export function rankingKeywords(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  query: CvRankingQuery<CvKeywordField>,
): Promise<CvRankingPage<CvKeywordRow>> {
  if (targets.length === 0) throw new RankInputError('the keyword table needs at least one target');
  const n = targets.length;
  const all = query.url === null ? targets : [...targets, { key: '', filters: [query.url] }];
  return withRun<CvRankingPage<CvKeywordRow>>(
    db,
    scope,
    { targets: all, dates: [query.span.start, query.span.end] },
    () => ({ start: null, end: null, total: 0, rows: [] }),
    async (run) => {
      const points = await stagePoints(run, query.span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      await stageHits(run, await stageUse(run, [...new Set(points.length === 0 ? [] : [start!, end!])]));
      const at = (p: string | null) => (p === null ? 'NULL' : dateLit(p));
      // One row per (target, keyword) with a result at either point: its cells. A view: cv_page reads the
      // sorted targets' cells and the page the cells of its few keywords, and both filters reach the scan.
      await run.stage(
        'VIEW',
        'cv_cells',
        `SELECT t, keyword_id,
          min(position) FILTER (WHERE point = ${at(end)}) AS pos,
          arg_min(url_id, position) FILTER (WHERE point = ${at(end)}) AS url_id,
          min(position) FILTER (WHERE point = ${at(start)}) AS pos0,
          coalesce(sum(score) FILTER (WHERE point = ${at(end)}), 0) AS vs,
          coalesce(sum(score) FILTER (WHERE point = ${at(start)}), 0) AS vs0
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
          : `WHERE k.keyword_id IN (SELECT keyword_id FROM cv_hits WHERE t = ${n} AND point = ${at(end)})`;
      // The texts only when the sort or a filter reads them: the page's own are read with its rows.
      const texts = [query.sort, ...query.filters].some((f) => f.field === 'keyword');
      if (texts) joins.unshift('JOIN keywords kw ON kw.id = k.keyword_id');
      await run.stage(
        'TABLE',
        'cv_page',
        `SELECT k.keyword_id, k.sv${texts ? ', kw.text' : ''}${columns.map((c) => `, ${c}`).join('')}
         FROM cv_kw k ${joins.join(' ')} ${urlOnly}`,
      );
      const page = pageSql(FIELDS, n, query, 'q.keyword_id, q.sv', 'q.keyword_id');
      const [ids, svs, totals] = await run.columns(page.sql, page.b);
      const total = ids!.length > 0 ? totals![0] : (await run.one(page.count, page.b)).page_total;
      const rows = await pageOf(run, scope.campaignId, n, { ids: ids!, svs: svs! });
      return { start, end, total: Number(total), rows };
    },
  );
}
