// The label reads through the planner: visibility share by keyword tag or group at one date (labelScores)
// and the Tag Analysis sums per point date and label (labelSeries); a keyword with several labels counts in
// each; the rank ranges' counts (bestPositions: per target, the keywords by best position at one date); and
// the search-volume buckets (volumeBuckets: per bucket the set's keywords, each target's ranking ones and VS).
// These are keyword-level, so the planner (../../plan/planner.ts) leaves the raw SERP rows only:
// snapshots and matching results staged as for the series (snapshots.ts), on the shard that owns the market
// (test/storage/plan-series.test.ts). Units: VS in estimated monthly clicks (Σ sv × ctr).
import { labelPoints, type CvLabelPoint, type CvLabelScore } from '../../../campaign-visibility-reads';
import * as rows from '../../label-rows';
import type { PlannedEmitters } from '../../plan/cv-reads';
import type { RankQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import { stageTargets, type Run } from './run';
import { count, float, numLit } from './sql';
import { stageHits, stagePointDate, stagePoints, stageUse, usedResultsSql, type Used } from './snapshots';

/** `… ALL INNER JOIN` the labels: each row once per label of its keyword. */
const BY_LABEL = 'ALL INNER JOIN (SELECT keyword_id, label FROM cv_labels) USING keyword_id';

/**
 * Defines cv_labels(keyword_id, label), the query's labels of the keyword set (arrays of the membership row;
 * a label repeated in one row counts once; none for a query without labels), and the targets' hits (cv_hits)
 * of the snapshots staged in cv_use; returns those.
 */
async function stageLabelHits(run: Run, q: RankQuery, used: Used | null): Promise<Used | null> {
  if (q.labels !== null)
    run.view(
      'cv_labels',
      `SELECT DISTINCT keyword_id, label FROM ${run.local('campaign_keywords')}
     ARRAY JOIN ${q.labels === 'tags' ? 'tags' : 'groups'} AS label
     WHERE campaign_id = ${lit(q.keywords.campaignId)} AND market_id = ${lit(run.marketId)}
       AND keyword_id IN (SELECT keyword_id FROM cv_kw)`,
    );
  await stageHits(run, await stageTargets(run, q.targets), used);
  return used;
}

/** stageLabelHits at the query's one explicit point date (labelScoresQuery, bestPositionsQuery). */
async function stageAtDate(run: Run, q: RankQuery): Promise<Used | null> {
  return stageLabelHits(run, q, await stagePointDate(run, q.points.dates![0]!));
}

/** labelScores of the staged point: the labels' sizes, the targets' VS, and the market's when asked. */
async function scoresFrom(run: Run, q: RankQuery, used: Used | null): Promise<CvLabelScore[]> {
  const { s } = run;
  const market = q.measures.includes('marketVisibilityScore');
  const sizes = await s.rows('SELECT label, count() AS n FROM cv_labels GROUP BY label ORDER BY label');
  const scores = await s.rows(
    `SELECT label, t, ifNull(sum(score), 0) AS vs FROM cv_hits ${BY_LABEL} GROUP BY label, t`,
  );
  const marketRows =
    market && used !== null
      ? await s.rows(
          `SELECT label, ifNull(sum(${scoreSql(q.ctr, 'sv', 'position')}), 0) AS vs
           FROM ${usedResultsSql(run, used)} ${BY_LABEL} GROUP BY label`,
        )
      : [];
  return rows.labelScoreRows(sizes, scores, market ? marketRows : null, q.targets.length, float);
}

/** labelSeries of the staged points: the labels' measured keywords, then per target and label its sums. */
async function seriesFrom(run: Run, q: RankQuery): Promise<CvLabelPoint[]> {
  const { s } = run;
  const measured = await s.rows(
    `SELECT toString(point) AS d, label, count() AS n, ifNull(sum(${scoreSql(q.ctr, 'sv', '1')}), 0) AS top
     FROM cv_use ${BY_LABEL} GROUP BY point, label`,
  );
  // Per target and keyword first (its VS over every matching result, its best position), then per label.
  const sums = await s.rows(
    `SELECT toString(point) AS d, label, t, sum(vs) AS vs, count() AS ranked, sum(best) AS psum,
       ${rows.rangeCountsSql((c) => `countIf(${c})`)}
     FROM (SELECT t, point, keyword_id, min(position) AS best, ifNull(sum(score), 0) AS vs
           FROM cv_hits GROUP BY t, point, keyword_id)
     ${BY_LABEL} GROUP BY point, label, t`,
  );
  return rows.labelSeriesRows(measured, sums, q.targets.length, float);
}

/** The emitters of this module (plan/cv-reads.ts), on ClickHouse. */
type Emitters = PlannedEmitters<ChContext>;

/**
 * A label read (labelScoresQuery: one explicit date; labelSeriesQuery: the span's points) by the plan of
 * `source` (null: the planner's choice); null when that plan is not allowed.
 */
export const labelScoresByPlan: Emitters['labelScoresByPlan'] = (ctx, scope, q, source) =>
  runPlanned(ctx, scope, q, source, [], {
    prepare: (run) => stageAtDate(run, q),
    answer: (run, _plan, used) => scoresFrom(run, q, used),
  });

export const labelSeriesByPlan: Emitters['labelSeriesByPlan'] = (ctx, scope, q, source) => {
  const points = async (run: Run) => labelPoints(await stagePoints(run, q.points.span), q.points.pick);
  return runPlanned(ctx, scope, q, source, [], {
    prepare: async (run) => stageLabelHits(run, q, await stageUse(run, await points(run))),
    answer: (run) => seriesFrom(run, q),
  });
};

/** bestPositions (bestPositionsQuery: one explicit date) by the plan of `source`, as labelScoresByPlan. */
export const bestPositionsByPlan: Emitters['bestPositionsByPlan'] = (ctx, scope, q, source) =>
  runPlanned(ctx, scope, q, source, [], {
    prepare: (run) => stageAtDate(run, q),
    answer: async (run) =>
      rows.bestPositionRows(await run.s.rows(rows.bestPositionCountsSql('cv_hits', 'count()')), count),
  });

/** Bucket index of column `sv`: the first bound it does not exceed, bounds.length above them all, null unknown. */
function bucketSql(bounds: readonly number[]): string {
  const whens = bounds.map((b, i) => `assumeNotNull(sv) <= ${numLit(b)}, ${i}`).join(', ');
  const index = bounds.length === 0 ? '0' : `multiIf(${whens}, ${bounds.length})`;
  return `if(isNull(sv), NULL, toNullable(toUInt32(${index})))`;
}

/** volumeBuckets (volumeBucketsQuery: one explicit date) by the plan of `source`, as labelScoresByPlan. */
export const volumeBucketsByPlan: Emitters['volumeBucketsByPlan'] = (ctx, scope, q, source) =>
  runPlanned(ctx, scope, q, source, [], {
    prepare: (run) => stageAtDate(run, q),
    answer: async (run) => {
      const bucket = bucketSql(q.volumeBounds);
      const sizes = await run.s.rows(`SELECT ${bucket} AS b, count() AS n FROM cv_kw GROUP BY b`);
      const perTarget = await run.s.rows(
        `SELECT ${bucket} AS b, t, uniqExact(keyword_id) AS ranking, ifNull(sum(score), 0) AS vs
         FROM (SELECT t, keyword_id, score FROM cv_hits)
         ANY INNER JOIN (SELECT keyword_id, sv FROM cv_kw) USING keyword_id
         GROUP BY b, t`,
      );
      return rows.volumeBucketRows(sizes, perTarget, q.targets.length, float);
    },
  });
