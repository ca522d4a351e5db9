// The keyword-level reads of the ranking tables and the lost-and-gained widget through the planner: the
// keywords' score changes between the first and last point (keywordChanges), a page's keywords' best
// positions per point (weeklyPositions) and a page's URLs' VS per point (weeklyUrlScores). Keyword-level, so
// the planner (../../plan/planner.ts) leaves the raw SERP rows only: points, snapshots and matching results
// staged as for the series (snapshots.ts), on the shard that owns the market
// (test/storage/plan-series.test.ts). LIMIT … BY stands in for a window function, which 18.16 lacks. Units:
// VS in estimated monthly clicks (Σ sv × ctr).
import { labelPoints, type CvDated } from '../../../campaign-visibility-reads';
import { keywordChanges, noChanges, weeklyAnswer } from '../../label-rows';
import type { ByPlan, PlannedEmitters } from '../../plan/cv-reads';
import type { RankQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { runPlanned } from './plan-run';
import { stageTargets, type Run } from './run';
import { count, dateLit, float, stringSet } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

/** The emitters of this module (plan/cv-reads.ts), on ClickHouse. */
type Emitters = PlannedEmitters<ChContext>;

/**
 * Stages cv_hits (the targets' counted results) at the query's points, narrowed to its page's keywords
 * (only.keywordIds) when given; returns the points, ascending.
 */
async function stageKeywordHits(run: Run, q: RankQuery): Promise<string[]> {
  const points = labelPoints(await stagePoints(run, q.points.span), q.points.pick);
  const ids = q.only?.keywordIds;
  const urls = q.only?.urls;
  if (points.length > 0 && ids?.length !== 0 && urls?.length !== 0)
    await stageHits(run, await stageTargets(run, q.targets), await stageUse(run, points, ids));
  return points;
}

/** keywordChanges (keywordChangesQuery) by the plan of `source` (null: the planner's choice). */
export const keywordChangesByPlan: Emitters['keywordChangesByPlan'] = (ctx, scope, q, source) =>
  runPlanned(ctx, scope, q, source, noChanges(q), {
    prepare: (run) => stageKeywordHits(run, q),
    answer: (run, _plan, points) =>
      keywordChanges(q, points, float, async (start, end, top) => {
        // Keyword scores of every (target, keyword) with a result at either point; the rest score 0 at both.
        run.view(
          'cv_page',
          `SELECT t, keyword_id,
             ifNull(sum(if(point = ${dateLit(start)}, score, NULL)), 0) AS s0,
             ifNull(sum(if(point = ${dateLit(end)}, score, NULL)), 0) AS s1
           FROM cv_hits WHERE isNotNull(score) GROUP BY t, keyword_id`,
        );
        const totals = await run.s.rows(
          `SELECT t, sum(greatest(s0 - s1, 0)) AS total_lost, sum(greatest(s1 - s0, 0)) AS total_gained
           FROM cv_page GROUP BY t`,
        );
        const picked =
          top === 0
            ? []
            : await run.s.rows(
                `SELECT t, keyword_id, text, sv, s0, s1, s1 < s0 AS lost FROM (
                   SELECT t, keyword_id, s0, s1 FROM cv_page WHERE s1 != s0
                 ) ANY INNER JOIN (SELECT keyword_id, text, sv FROM cv_kw) USING keyword_id
                 ORDER BY t, lost, abs(s1 - s0) DESC, keyword_id
                 LIMIT ${top} BY t, lost`,
              );
        return [totals, picked];
      }),
  });

/** A weekly read's frame: the points of the span, and `rows` of the page's (none for an empty page). */
function weeklyByPlan<R>(rows: (run: Run, q: RankQuery) => Promise<R[]>): ByPlan<ChContext, CvDated<R>> {
  return (ctx, scope, q, source) =>
    runPlanned(
      ctx,
      scope,
      q,
      source,
      { dates: [], rows: [] },
      {
        prepare: (run) => stageKeywordHits(run, q),
        answer: (run, _plan, points) => weeklyAnswer(q, points, () => rows(run, q)),
      },
    );
}

/** weeklyPositions (weeklyPositionsQuery) by the plan of `source` (null: the planner's choice). */
export const weeklyPositionsByPlan: Emitters['weeklyPositionsByPlan'] = weeklyByPlan(async (run) => {
  const rows = await run.s.rows(
    `SELECT keyword_id, toString(point) AS d, t, min(position) AS pos FROM cv_hits
     GROUP BY keyword_id, point, t ORDER BY keyword_id, d, t`,
  );
  return rows.map((r) => ({
    keywordId: count(r.keyword_id),
    date: String(r.d),
    target: count(r.t),
    position: count(r.pos),
  }));
});

/** weeklyUrlScores (weeklyUrlScoresQuery) by the plan of `source` (null: the planner's choice). */
export const weeklyUrlScoresByPlan: Emitters['weeklyUrlScoresByPlan'] = weeklyByPlan(async (run, q) => {
  const rows = await run.s.rows(
    `SELECT url, toString(point) AS d, ifNull(sum(score), 0) AS vs
     FROM cv_hits ANY INNER JOIN (
       SELECT id AS url_id, url FROM ${run.dim('urls')}
       WHERE id IN (SELECT url_id FROM cv_hits) AND url IN ${stringSet([...new Set(q.only!.urls!)])}
     ) USING url_id
     GROUP BY url, point ORDER BY url, d`,
  );
  return rows.map((r) => ({ url: String(r.url), date: String(r.d), visibilityScore: float(r.vs) }));
});
