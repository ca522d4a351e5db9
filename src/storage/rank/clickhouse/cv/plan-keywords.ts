// The keyword-level reads of the ranking tables and the lost-and-gained widget through the planner: the
// keywords' score changes between the first and last point (keywordChanges), a page's keywords' best
// positions per point (weeklyPositions) and a page's URLs' VS per point (weeklyUrlScores). Keyword-level, so
// the planner (../../plan/planner.ts) leaves the raw SERP rows only: points, snapshots and matching results
// staged as for the series (snapshots.ts), on the shard that owns the market
// (test/storage/plan-series.test.ts). LIMIT … BY stands in for a window function, which 18.16 lacks. Units:
// VS in estimated monthly clicks (Σ sv × ctr).
import {
  labelPoints,
  type CvChanges,
  type CvDated,
  type CvScope,
  type CvWeeklyPosition,
  type CvWeeklyUrlScore,
} from '../../../campaign-visibility-reads';
import { keywordChangeRows } from '../../label-rows';
import type { Planned, Source } from '../../plan/planner';
import type { RankQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { runPlanned } from './plan-run';
import { stageTargets, type Run } from './run';
import { count, dateLit, float, stringSet } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

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
export function keywordChangesByPlan(
  ctx: ChContext,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
): Promise<Planned<CvChanges> | null> {
  const top = q.page!.limit!;
  const n = q.targets.length;
  const none = keywordChangeRows({ start: null, end: null }, [], [], n, float);
  return runPlanned(ctx, scope, q, source, none, {
    prepare: (run) => stageKeywordHits(run, q),
    answer: async (run, _plan, points) => {
      const start = points[0] ?? null;
      const end = points[points.length - 1] ?? null;
      if (start === null || end === null) return none;
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
      return keywordChangeRows({ start, end }, totals, picked, n, float);
    },
  });
}

/** A weekly read's frame: the points of the span, and `rows` of the page's (none for an empty page). */
function weeklyByPlan<R>(
  ctx: ChContext,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
  rows: (run: Run) => Promise<R[]>,
): Promise<Planned<CvDated<R>> | null> {
  const page = q.only?.keywordIds ?? q.only?.urls ?? [];
  return runPlanned(
    ctx,
    scope,
    q,
    source,
    { dates: [], rows: [] },
    {
      prepare: (run) => stageKeywordHits(run, q),
      answer: async (run, _plan, points) => ({
        dates: points,
        rows: page.length === 0 || points.length === 0 ? [] : await rows(run),
      }),
    },
  );
}

/** weeklyPositions (weeklyPositionsQuery) by the plan of `source` (null: the planner's choice). */
export function weeklyPositionsByPlan(
  ctx: ChContext,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
): Promise<Planned<CvDated<CvWeeklyPosition>> | null> {
  return weeklyByPlan(ctx, scope, q, source, async (run) => {
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
}

/** weeklyUrlScores (weeklyUrlScoresQuery) by the plan of `source` (null: the planner's choice). */
export function weeklyUrlScoresByPlan(
  ctx: ChContext,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
): Promise<Planned<CvDated<CvWeeklyUrlScore>> | null> {
  return weeklyByPlan(ctx, scope, q, source, async (run) => {
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
}
