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
import type { Row, Session, Value } from '../db';
import { deltaSql, pageRows, type FieldSql } from './ranking-sql';
import type { DuckDb } from '../db';
import { stageTargets, withRun } from './run';
import { dateLit, intList } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const cell = (i: number, name: string) => `q.${name}[${i + 1}]`;

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

const num = (v: Value | undefined) => (v === null || v === undefined ? null : Number(v));

async function labelsOf(s: Session, campaignId: number, ids: number[]) {
  const tags = new Map<number, string[]>();
  const groups = new Map<number, string[]>();
  if (ids.length === 0) return { tags, groups };
  const list = intList(ids);
  for (const r of await s.all(
    `SELECT kt.keyword_id, list(t.tag ORDER BY t.tag) AS l FROM campaign_keyword_tags kt
     JOIN campaign_tags t ON t.campaign_id = kt.campaign_id AND t.tag_id = kt.tag_id
     WHERE kt.campaign_id = $1 AND kt.keyword_id IN (${list}) GROUP BY kt.keyword_id`,
    [campaignId],
  )) {
    tags.set(Number(r.keyword_id), (r.l as Value[]).map(String));
  }
  for (const r of await s.all(
    `SELECT kg.keyword_id, list(g.label ORDER BY g.label) AS l FROM campaign_keyword_groups kg
     JOIN campaign_groups g ON g.campaign_id = kg.campaign_id AND g.group_id = kg.group_id
     WHERE kg.campaign_id = $1 AND kg.keyword_id IN (${list}) GROUP BY kg.keyword_id`,
    [campaignId],
  )) {
    groups.set(Number(r.keyword_id), (r.l as Value[]).map(String));
  }
  return { tags, groups };
}

function rowOf(r: Row, labels: Awaited<ReturnType<typeof labelsOf>>): CvKeywordRow {
  const id = Number(r.keyword_id);
  const list = (name: string) => r[name] as Value[];
  return {
    keywordId: id,
    keyword: String(r.text),
    searchVolume: num(r.sv),
    tags: labels.tags.get(id) ?? [],
    groups: labels.groups.get(id) ?? [],
    targets: list('pos').map((pos, i) => ({
      position: num(pos),
      positionStart: num(list('pos0')[i]),
      url: list('url')[i] === null ? null : String(list('url')[i]),
      visibilityScore: Number(list('vs')[i]),
      visibilityScoreStart: Number(list('vs0')[i]),
    })),
  };
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
      const urlOnly =
        query.url === null
          ? ''
          : `WHERE k.keyword_id IN (SELECT keyword_id FROM cv_hits WHERE t = ${n} AND point = ${at(end)})`;
      await s.run(`CREATE OR REPLACE TEMP TABLE cv_page AS
        WITH per AS (
          SELECT t, keyword_id,
            min(position) FILTER (WHERE point = ${at(end)}) AS pos,
            arg_min(url_id, position) FILTER (WHERE point = ${at(end)}) AS url_id,
            min(position) FILTER (WHERE point = ${at(start)}) AS pos0,
            coalesce(sum(score) FILTER (WHERE point = ${at(end)}), 0) AS vs,
            coalesce(sum(score) FILTER (WHERE point = ${at(start)}), 0) AS vs0
          FROM cv_hits WHERE t < ${n} GROUP BY t, keyword_id
        ),
        named AS (SELECT per.*, x.url FROM per LEFT JOIN urls x ON x.id = per.url_id),
        -- One unordered list of (target, cells) per keyword, sorted by target afterwards: ordered list
        -- aggregates sort inside every group and cost seconds at 10,000 keywords × 20 targets.
        cells AS (
          SELECT k.keyword_id, k.text, k.sv,
            list_sort(list(struct_pack(t := g.t, pos := p.pos, pos0 := p.pos0, url := p.url,
              vs := coalesce(p.vs, 0), vs0 := coalesce(p.vs0, 0)))) AS c
          FROM cv_kw k CROSS JOIN range(${n}) g(t)
          LEFT JOIN named p ON p.keyword_id = k.keyword_id AND p.t = g.t
          ${urlOnly}
          GROUP BY k.keyword_id, k.text, k.sv
        )
        SELECT keyword_id, text, sv, list_transform(c, x -> x.pos) AS pos, list_transform(c, x -> x.pos0) AS pos0,
          list_transform(c, x -> x.url) AS url, list_transform(c, x -> x.vs) AS vs,
          list_transform(c, x -> x.vs0) AS vs0
        FROM cells`);
      const page = await pageRows(s, FIELDS, n, query, 'q.*', 'q.keyword_id');
      const labels = await labelsOf(
        s,
        scope.campaignId,
        page.rows.map((r) => Number(r.keyword_id)),
      );
      return { start, end, total: page.total, rows: page.rows.map((r) => rowOf(r, labels)) };
    },
  );
}
