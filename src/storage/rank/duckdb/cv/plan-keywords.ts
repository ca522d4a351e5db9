// The keyword-level reads of the ranking tables and the lost-and-gained widget through the planner: the
// keywords' score changes between the first and last point (keywordChanges), a page's keywords' best
// positions per point (weeklyPositions) and a page's URLs' VS per point (weeklyUrlScores). Keyword-level, so
// the planner (../../plan/planner.ts) picks the sorted copies (snapshots.ts) or the raw SERP rows
// (plan-emit.ts); both give the answer SQL the same relation (KeywordSource) and the same rows
// (test/storage/plan-series.test.ts). Units: VS in estimated monthly clicks (Σ sv × ctr).
import { labelPoints, type CvDated, type CvScope } from '../../../campaign-visibility-reads';
import { keywordChanges, noChanges, weeklyAnswer } from '../../label-rows';
import type { ByPlan, PlannedEmitters } from '../../plan/cv-reads';
import type { Planned, Source } from '../../plan/planner';
import type { RankQuery } from '../../plan/query';
import type { DuckDb } from '../db';
import { rawDateRuleSql, rawResultsSql, rawTargetMatchSql, scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import type { Run } from './run';
import { Binds, dateLit, intList, isoOf } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

/**
 * A source as the answer SQL reads it: `hits` (t, point, keyword_id, position, url_id, score) the targets'
 * counted results at the query's points, defined by `ctes` (null: none), and those points, ascending.
 */
export interface KeywordSource {
  ctes: string | null;
  hits: string;
  points: string[];
}

/** `WITH` the source's CTEs and `more` (either may be absent). */
function withSql(src: KeywordSource, more = ''): string {
  const ctes = [src.ctes, more].filter((c) => c !== null && c !== '');
  return ctes.length === 0 ? '' : `WITH ${ctes.join(', ')}`;
}

/**
 * A keyword-level read answered by `from` on the plan of `source` (null: the planner's choice): from the
 * sorted copies (cv_use narrowed to the page's keywords; an empty cv_hits without points or keywords) or the
 * raw rows; `empty` for a market without data. Also the ranking tables' frame (plan-ranking.ts).
 */
export function byPlan<T>(
  db: DuckDb,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
  empty: T,
  from: (run: Run, src: KeywordSource) => Promise<T>,
): Promise<Planned<T> | null> {
  const { span } = q.points;
  return runPlanned(db, scope, { targets: q.targets, dates: [span.start, span.end] }, q, source, empty, {
    sorted: async (run) => {
      const points = labelPoints(await stagePoints(run, q.points.span), q.points.pick);
      await stageHits(run, await stageUse(run, points, q.only?.keywordIds));
      return from(run, { ctes: null, hits: 'cv_hits', points });
    },
    raw: async (run) => {
      const ctes = `${rawDateRuleSql(run, q)}, ${rawResultsSql(run)}, ${rawTargetMatchSql(run)}`;
      const rows = await run.all(`WITH ${ctes} SELECT ${isoOf('point')} AS d FROM raw_points ORDER BY d`);
      const hits = `(SELECT t, point, keyword_id, position, url_id, ${scoreSql(q.ctr, 'sv', 'position')} AS score
        FROM raw_hits)`;
      return from(run, { ctes, hits, points: rows.map((r) => String(r.d)) });
    },
  });
}

/** The emitters of this module (plan/cv-reads.ts), on DuckDB. */
type Emitters = PlannedEmitters<DuckDb>;

/** keywordChanges (keywordChangesQuery) by the plan of `source` (null: the planner's choice). */
export const keywordChangesByPlan: Emitters['keywordChangesByPlan'] = (db, scope, q, source) =>
  byPlan(db, scope, q, source, noChanges(q), (run, src) =>
    keywordChanges(q, src.points, Number, async (start, end, top) => {
      // Keyword scores of every (target, keyword) with a result at either point; the rest score 0 at both.
      // Keywords whose score did not change add nothing to the totals; the `top` that lost and gained most,
      // by change then keyword id, are picked by max_by (a fraction of ranking them all in a window).
      const changed = `c AS MATERIALIZED (
        SELECT t, keyword_id, s0, s1, s1 < s0 AS lost FROM (
          SELECT t, keyword_id, coalesce(sum(score) FILTER (WHERE point = ${dateLit(start)}), 0) AS s0,
            coalesce(sum(score) FILTER (WHERE point = ${dateLit(end)}), 0) AS s1
          FROM ${src.hits} h WHERE score IS NOT NULL GROUP BY t, keyword_id)
        WHERE s1 <> s0)`;
      const picked =
        top === 0
          ? 'SELECT NULL::INTEGER AS t, NULL::BOOLEAN AS lost, NULL::INTEGER AS keyword_id, NULL::DOUBLE AS s0, NULL::DOUBLE AS s1 WHERE false'
          : `SELECT t, lost, unnest(max_by(struct_pack(keyword_id := keyword_id, s0 := s0, s1 := s1),
               struct_pack(d := abs(s1 - s0), k := -keyword_id), ${top}), recursive := true)
             FROM c GROUP BY t, lost`;
      const rows = await run.all(
        `${withSql(src, changed)},
         totals AS (
           SELECT t, sum(greatest(s0 - s1, 0)) AS total_lost, sum(greatest(s1 - s0, 0)) AS total_gained
           FROM c GROUP BY t),
         picked AS (${picked})
         SELECT x.t, x.total_lost, x.total_gained, p.lost, p.keyword_id, p.s0, p.s1, k.sv, kw.text
         FROM totals x LEFT JOIN picked p ON p.t = x.t
         LEFT JOIN cv_kw k ON k.keyword_id = p.keyword_id LEFT JOIN keywords kw ON kw.id = p.keyword_id
         ORDER BY x.t, p.lost, abs(p.s1 - p.s0) DESC, p.keyword_id`,
      );
      return [rows, rows];
    }),
  );

/** A weekly read's frame: the points of the span, and `rows` of the page's (none for an empty page). */
function weeklyByPlan<R>(
  rows: (run: Run, src: KeywordSource, q: RankQuery) => Promise<R[]>,
): ByPlan<DuckDb, CvDated<R>> {
  return (db, scope, q, source) =>
    byPlan(db, scope, q, source, { dates: [], rows: [] }, (run, src) =>
      weeklyAnswer(q, src.points, () => rows(run, src, q)),
    );
}

/** weeklyPositions (weeklyPositionsQuery) by the plan of `source` (null: the planner's choice). */
export const weeklyPositionsByPlan: Emitters['weeklyPositionsByPlan'] = weeklyByPlan(async (run, src, q) => {
  const rows = await run.all(
    `${withSql(src)} SELECT keyword_id, ${isoOf('point')} AS d, t, min(position) AS pos FROM ${src.hits} h
     WHERE keyword_id IN (${intList(q.only!.keywordIds!)}) GROUP BY keyword_id, point, t ORDER BY keyword_id, d, t`,
  );
  return rows.map((r) => ({
    keywordId: Number(r.keyword_id),
    date: String(r.d),
    target: Number(r.t),
    position: Number(r.pos),
  }));
});

/** weeklyUrlScores (weeklyUrlScoresQuery) by the plan of `source` (null: the planner's choice). */
export const weeklyUrlScoresByPlan: Emitters['weeklyUrlScoresByPlan'] = weeklyByPlan(async (run, src, q) => {
  const b = new Binds();
  const rows = await run.all(
    `${withSql(src)} SELECT x.url, ${isoOf('h.point')} AS d, coalesce(sum(h.score), 0) AS vs
     FROM ${src.hits} h JOIN urls x ON x.id = h.url_id
     WHERE x.url IN (SELECT unnest(${b.strings(q.only!.urls!)}))
     GROUP BY x.url, h.point ORDER BY x.url, d`,
    b,
  );
  return rows.map((r) => ({ url: String(r.url), date: String(r.d), visibilityScore: Number(r.vs) }));
});
