// Result-type prominence through the planner: each target's VS per point date and result type, brand counted
// as organic (DESIGN §2). The planner (../../plan/planner.ts) picks the campaign rollup (rollup-plan.ts), the
// sorted copies (snapshots.ts, cv_hits) or the raw SERP rows (plan-emit.ts); each gives the same rows
// (test/storage/plan-series.test.ts). The explorer's host types (hostTypeScoresByPlan) are the same read over
// every keyword of a market, whose rollup is the market's (../ve/roll.ts; test/storage/plan-explorer.test.ts).
// Units: VS in estimated monthly clicks (Σ sv × ctr).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { hostTypeScoresQuery } from '../../plan/market-query';
import { typeScoresQuery, type AnyRankQuery } from '../../plan/query';
import { fastPoints } from '../../ve-input';
import { sqlString, type DuckDb } from '../db';
import { marketDates } from '../ve/host-rows';
import { rolledSegment, veRollFresh } from '../ve/roll';
import { rawDateRuleSql, rawResultsSql, rawTargetMatchSql, scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import { rollupPoints, targetRowsSql } from './rollup-plan';
import { typeFilter, type Run } from './run';
import { dateLit, daysOf, epochDay, isoOf } from './sql';
import { stageHits, stagePoints, stageSnapshots, stageUse, windowOf } from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

/** The grouped result type of `column`: brand counted as organic, unless the explorer keeps it apart. */
const typeSql = (q: AnyRankQuery, column: string) =>
  q.explorerTypes ? column : `CASE WHEN ${column} = ${BRAND} THEN ${ORGANIC} ELSE ${column} END`;

/**
 * Which groups of scores `score` are kept: those with a positive sum (scores are ≥ 0), or for the explorer
 * those with a result of known volume.
 */
const keptSql = (q: AnyRankQuery, score: string) =>
  q.explorerTypes ? `count(${score}) > 0` : `sum(${score}) > 0`;

const toScore = (date: string, t: unknown, rt: unknown, vs: unknown): CvTypeScore => ({
  date,
  target: Number(t),
  resultType: resultTypeOf(Number(rt)) as CvTypeScore['resultType'],
  visibilityScore: Number(vs),
});

/** The rollup at each point's own date. Thousands of rows: read column by column, dates as day numbers. */
async function fromRollup(run: Run, q: AnyRankQuery, points: string[]): Promise<CvDated<CvTypeScore>> {
  if (points.length === 0) return { dates: [], rows: [] };
  const vs = `sum(${scoreSql(q.ctr, 'r.sv', 'r.position')})`;
  // Scores are ≥ 0, so a group with a positive sum is exactly one with a positive score.
  const [days, t, rt, sums] = await run.columns(
    `SELECT ${daysOf('r.date')} AS d, t, ${typeSql(q, 'r.result_type')} AS rt, ${vs} AS vs
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
async function fromSorted(run: Run, q: AnyRankQuery, points: string[]): Promise<CvDated<CvTypeScore>> {
  await stageHits(run, await stageUse(run, points));
  const rows = await run.all(
    `SELECT ${isoOf('point')} AS d, t, ${typeSql(q, 'result_type')} AS rt, sum(score) AS vs
     FROM cv_hits WHERE ${q.explorerTypes ? 'score IS NOT NULL' : 'score > 0'} GROUP BY ALL ORDER BY d, t, rt`,
  );
  return { dates: points, rows: rows.map((r) => toScore(String(r.d), r.t, r.rt, r.vs)) };
}

/** The raw SERP rows, the date rule keyword by keyword, points and sums in one statement. */
async function fromRaw(run: Run, q: AnyRankQuery): Promise<CvDated<CvTypeScore>> {
  const score = scoreSql(q.ctr, 'sv', 'position');
  const rows = await run.all(
    `WITH ${rawDateRuleSql(run, q)}, ${rawResultsSql(run)}, ${rawTargetMatchSql(run)}
     SELECT 0 AS part, ${isoOf('point')} AS d, NULL AS t, NULL AS rt, 0 AS vs FROM raw_points
     UNION ALL SELECT 1, ${isoOf('point')}, t, ${typeSql(q, 'result_type')}, sum(${score}) FROM raw_hits
       GROUP BY ALL HAVING ${keptSql(q, score)}
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
      sorted: async (run) => fromSorted(run, q, await stagePoints(run, span)),
      raw: (run) => fromRaw(run, q),
    },
  );
}

/**
 * True when at each point every keyword of the market measured there uses the snapshot of that very date
 * (no point's window holds another snapshot date of the market); then run.snapOf says so.
 */
async function marketOwnDates(run: Run, points: readonly string[]): Promise<boolean> {
  const dates = await marketDates(run.db, run.s, run.marketId, windowOf(points[0]!).lo, points.at(-1)!);
  const own = fastPoints(points, dates);
  run.snapOf = own ? new Map(points.map((p) => [p, p])) : null;
  return own;
}

/**
 * The market rollup (ve_roll) answers one target's types when each point uses its own date, the rollup was
 * built from the market's current volumes and the target is a domain, a host or a host with a one-segment
 * path (the rollup's rows are by domain, host and first path segment).
 */
async function marketRollupAnswers(run: Run, q: AnyRankQuery): Promise<boolean> {
  const filters = q.targets.flatMap((t) => t.filters);
  return (
    filters.length === 1 &&
    filters.every((f) => f.kind !== 'path' || rolledSegment(f.path ?? '') !== null) &&
    (await marketOwnDates(run, q.points.dates!)) &&
    (await veRollFresh(run.db, run.s, run.marketId))
  );
}

/**
 * The market rollup at each point's own date for the target's one filter (marketRollupAnswers), its ids
 * and segment literals: volumes summed per position, each sum scored once.
 */
async function fromMarketRollup(run: Run, q: AnyRankQuery): Promise<CvDated<CvTypeScore>> {
  const points = [...q.points.dates!];
  const [f] = run.facts.found;
  if (f === undefined) return { dates: points, rows: [] };
  const byPosition = `SELECT date AS point, result_type, position, sum(sv) AS sv FROM ve_roll
    WHERE market_id = ${run.marketId} AND domain_id = ${f.domainId}
      ${f.hostId === null ? '' : `AND host_id = ${f.hostId}`}
      ${f.path === null ? '' : `AND segment = ${sqlString(f.path)}`}
      AND date IN (${points.map(dateLit).join(', ')}) AND known > 0${typeFilter(run, 'result_type')}
    GROUP BY ALL`;
  const score = scoreSql(q.ctr, 'sv', 'position');
  const rows = await run.all(
    `SELECT ${isoOf('point')} AS d, 0 AS t, ${typeSql(q, 'result_type')} AS rt, sum(${score}) AS vs
     FROM (${byPosition}) GROUP BY ALL ORDER BY d, rt`,
  );
  return { dates: points, rows: rows.map((r) => toScore(String(r.d), r.t, r.rt, r.vs)) };
}

/**
 * The explorer's host types (hostTypeScoresQuery) by the plan of `source` (null: the planner's choice):
 * the market rollup, the sorted copies or the raw rows; null when the planner does not allow that source.
 */
export function hostTypeScoresByPlan(
  db: DuckDb,
  market: string,
  target: CvTarget,
  points: readonly string[],
  ctr: readonly number[],
  source: Source | null,
): Promise<Planned<CvDated<CvTypeScore>> | null> {
  const q = hostTypeScoresQuery(market, target, points, ctr);
  const dates = [...q.points.dates!];
  const scope = { ...q.keywords, resultTypes: q.resultTypes, ctr };
  const input = { targets: q.targets, dates, rollupFirst: true, inlineViews: true };
  return runPlanned(
    db,
    scope,
    input,
    q,
    source,
    { dates, rows: [] },
    {
      rollup: {
        fact: async (run) => ((await marketRollupAnswers(run, q)) ? true : null),
        answer: (run) => fromMarketRollup(run, q),
      },
      sorted: async (run) => {
        if (!(await marketOwnDates(run, dates))) await stageSnapshots(run, dates.map(windowOf));
        return fromSorted(run, q, dates);
      },
      raw: (run) => fromRaw(run, q),
    },
  );
}
