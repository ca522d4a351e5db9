// Result-type prominence through the planner: each target's VS per point date and result type, brand counted
// as organic (DESIGN §2). The planner (../../plan/planner.ts) picks the campaign rollup (rollup-plan.ts), the
// sorted copies (snapshots.ts, cv_hits) or the raw SERP rows (plan-emit.ts); each gives the same rows
// (test/storage/plan-series.test.ts). Units: VS in estimated monthly clicks (Σ sv × ctr).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { typeScoresQuery, type RankQuery } from '../../plan/query';
import type { DuckDb } from '../db';
import { rawDateRuleSql, rawResultsSql, rawTargetMatchSql, scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import { rollupPoints, targetRowsSql } from './rollup-plan';
import type { Run } from './run';
import { daysOf, epochDay, isoOf } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

/** The grouped result type of `column`: brand counted as organic. */
const typeSql = (column: string) => `CASE WHEN ${column} = ${BRAND} THEN ${ORGANIC} ELSE ${column} END`;

const toScore = (date: string, t: unknown, rt: unknown, vs: unknown): CvTypeScore => ({
  date,
  target: Number(t),
  resultType: resultTypeOf(Number(rt)) as CvTypeScore['resultType'],
  visibilityScore: Number(vs),
});

/** The rollup at each point's own date. Thousands of rows: read column by column, dates as day numbers. */
async function fromRollup(run: Run, q: RankQuery, points: string[]): Promise<CvDated<CvTypeScore>> {
  if (points.length === 0) return { dates: [], rows: [] };
  const vs = `sum(${scoreSql(q.ctr, 'r.sv', 'r.position')})`;
  // Scores are ≥ 0, so a group with a positive sum is exactly one with a positive score.
  const [days, t, rt, sums] = await run.columns(
    `SELECT ${daysOf('r.date')} AS d, t, ${typeSql('r.result_type')} AS rt, ${vs} AS vs
     ${targetRowsSql(run, points)}
     GROUP BY ALL HAVING ${vs} > 0 ORDER BY d, t, rt`,
  );
  const dateOf = new Map(points.map((p) => [epochDay(p), p]));
  return {
    dates: points,
    rows: days!.map((d, i) => toScore(dateOf.get(Number(d))!, t![i], rt![i], sums![i])),
  };
}

/** The sorted copies: snapshots from serp_keyword_dates, the targets' scored results in cv_hits. */
async function fromSorted(run: Run, span: CvSpan): Promise<CvDated<CvTypeScore>> {
  const points = await stagePoints(run, span);
  await stageHits(run, await stageUse(run, points));
  const rows = await run.all(
    `SELECT ${isoOf('point')} AS d, t, ${typeSql('result_type')} AS rt, sum(score) AS vs
     FROM cv_hits WHERE score > 0 GROUP BY ALL ORDER BY d, t, rt`,
  );
  return { dates: points, rows: rows.map((r) => toScore(String(r.d), r.t, r.rt, r.vs)) };
}

/** The raw SERP rows, the date rule keyword by keyword, points and sums in one statement. */
async function fromRaw(run: Run, q: RankQuery): Promise<CvDated<CvTypeScore>> {
  const score = scoreSql(q.ctr, 'sv', 'position');
  const rows = await run.all(
    `WITH ${rawDateRuleSql(run, q)}, ${rawResultsSql(run)}, ${rawTargetMatchSql()}
     SELECT 0 AS part, ${isoOf('point')} AS d, NULL AS t, NULL AS rt, 0 AS vs FROM raw_points
     UNION ALL SELECT 1, ${isoOf('point')}, t, ${typeSql('result_type')}, sum(${score}) FROM raw_hits
       GROUP BY ALL HAVING sum(${score}) > 0
     ORDER BY part, d, t, rt`,
  );
  return {
    dates: rows.filter((r) => Number(r.part) === 0).map((r) => String(r.d)),
    rows: rows.filter((r) => Number(r.part) === 1).map((r) => toScore(String(r.d), r.t, r.rt, r.vs)),
  };
}

/**
 * The type scores by the plan of `source` (null: the planner's choice); null when the planner does not allow
 * that source for this query and data.
 */
export function typeScoresByPlan(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  source: Source | null,
): Promise<Planned<CvDated<CvTypeScore>> | null> {
  const q = typeScoresQuery(scope, targets, span);
  const input = { targets, dates: [span.start, span.end], rollupFirst: true };
  return runPlanned(
    db,
    scope,
    input,
    q,
    source,
    { dates: [], rows: [] },
    {
      rollup: {
        fact: (run) => rollupPoints(run, span),
        answer: (run, points) => fromRollup(run, q, points),
      },
      sorted: (run) => fromSorted(run, span),
      raw: (run) => fromRaw(run, q),
    },
  );
}
