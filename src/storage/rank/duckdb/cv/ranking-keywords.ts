// The keyword ranking table: one row per keyword of the set with, per target, the best position and its URL,
// the keyword score at the last point, and both again at the first point (for the …Deltas fields). With a
// URL filter only keywords where a counted result under that URL ranks at the last point are listed.
import type {
  CvKeywordField,
  CvKeywordRow,
  CvRankingPage,
  CvRankingQuery,
  CvScope,
  CvTarget,
} from '../../../campaign-visibility-reads';
import { RankInputError } from '../../input';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Session, Value } from '../db';
import { deltaSql, stagePage, type FieldSql } from './ranking-sql';
import type { DuckDb } from '../db';
import { stageTargets, withRun } from './run';
import { dateLit, intList } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

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

const num = (v: Value | DuckDBValue | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * A query's result column by column: tens of thousands of rows (a whole export) convert several times
 * faster than as row objects. Values are as DuckDB gives them (numbers, strings, bigint for 64-bit ints).
 */
async function columnsOf(s: Session, sql: string, params?: DuckDBValue[]): Promise<DuckDBValue[][]> {
  const result = await s.stream(sql, params);
  const columns = await result.getColumns();
  // Without rows DuckDB gives no columns at all: one empty column each.
  return columns.length === 0 ? Array.from({ length: result.columnCount }, () => []) : columns;
}

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

/** Tags or groups of the page's keywords (cv_sel), each keyword's sorted. */
async function labelsOf(s: Session, campaignId: number, kind: 'tags' | 'groups') {
  const sql =
    kind === 'tags'
      ? `SELECT kt.keyword_id, t.tag AS l FROM cv_sel p JOIN campaign_keyword_tags kt ON kt.keyword_id = p.keyword_id
         JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id WHERE kt.campaign_id = $1`
      : `SELECT kg.keyword_id, g.label AS l FROM cv_sel p JOIN campaign_keyword_groups kg ON kg.keyword_id = p.keyword_id
         JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id WHERE kg.campaign_id = $1`;
  const out = new Map<number, string[]>();
  const [ids, labels] = await columnsOf(s, `${sql} ORDER BY 1, 2`, [campaignId]);
  ids!.forEach((id, i) => {
    const list = out.get(Number(id));
    if (list === undefined) out.set(Number(id), [String(labels![i])]);
    else list.push(String(labels![i]));
  });
  return out;
}

/** The page's rows (cv_sel) with every target's cells (cv_cells); targets without a result score 0. */
async function pageOf(s: Session, campaignId: number, n: number): Promise<CvKeywordRow[]> {
  const [ids, texts, svs] = await columnsOf(s, 'SELECT keyword_id, text, sv FROM cv_sel ORDER BY n');
  const rows = ids!.map((id, i): CvKeywordRow => ({
    keywordId: Number(id),
    keyword: String(texts![i]),
    searchVolume: num(svs![i]),
    tags: [],
    groups: [],
    targets: Array.from({ length: n }, () => ({
      position: null,
      positionStart: null,
      url: null,
      visibilityScore: 0,
      visibilityScoreStart: 0,
    })),
  }));
  if (rows.length === 0) return rows;
  // The page's keyword ids as constants, so that the filter reaches the results' scan under cv_cells.
  const [at, t, pos, pos0, url, vs, vs0] = await columnsOf(
    s,
    `SELECT p.n, c.t, c.pos, c.pos0, x.url, c.vs, c.vs0 FROM cv_sel p
     JOIN (SELECT * FROM cv_cells WHERE keyword_id IN (${intList(rows.map((r) => r.keywordId))})) c
       ON c.keyword_id = p.keyword_id
     LEFT JOIN urls x ON x.id = c.url_id`,
  );
  at!.forEach((place, i) => {
    rows[Number(place) - 1]!.targets[Number(t![i])] = {
      position: num(pos![i]),
      positionStart: num(pos0![i]),
      url: url![i] === null ? null : String(url![i]),
      visibilityScore: Number(vs![i]),
      visibilityScoreStart: Number(vs0![i]),
    };
  });
  const tags = await labelsOf(s, campaignId, 'tags');
  const groups = await labelsOf(s, campaignId, 'groups');
  for (const r of rows) {
    r.tags = tags.get(r.keywordId) ?? [];
    r.groups = groups.get(r.keywordId) ?? [];
  }
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
  return withRun<CvRankingPage<CvKeywordRow>>(
    db,
    scope,
    () => ({ start: null, end: null, total: 0, rows: [] }),
    async (run) => {
      const { s } = run;
      const points = await stagePoints(run, query.span);
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      const all = query.url === null ? targets : [...targets, { key: '', filters: [query.url] }];
      await stageHits(
        run,
        await stageTargets(run, all),
        await stageUse(run, [...new Set(points.length === 0 ? [] : [start!, end!])]),
      );
      const at = (p: string | null) => (p === null ? 'NULL' : dateLit(p));
      // One row per (target, keyword) with a result at either point: its cells. A view: cv_page reads the
      // sorted targets' cells and the page the cells of its few keywords, and both filters reach the scan.
      await s.run(`CREATE OR REPLACE TEMP VIEW cv_cells AS
        SELECT t, keyword_id,
          min(position) FILTER (WHERE point = ${at(end)}) AS pos,
          arg_min(url_id, position) FILTER (WHERE point = ${at(end)}) AS url_id,
          min(position) FILTER (WHERE point = ${at(start)}) AS pos0,
          coalesce(sum(score) FILTER (WHERE point = ${at(end)}), 0) AS vs,
          coalesce(sum(score) FILTER (WHERE point = ${at(start)}), 0) AS vs0
        FROM cv_hits WHERE t < ${n} GROUP BY t, keyword_id`);
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
      await s.run(`CREATE OR REPLACE TEMP TABLE cv_page AS
        SELECT k.keyword_id, k.text, k.sv${columns.map((c) => `, ${c}`).join('')}
        FROM cv_kw k ${joins.join(' ')} ${urlOnly}`);
      const total = await stagePage(s, FIELDS, n, query, 'q.keyword_id, q.text, q.sv', 'q.keyword_id');
      return { start, end, total, rows: await pageOf(s, scope.campaignId, n) };
    },
  );
}
