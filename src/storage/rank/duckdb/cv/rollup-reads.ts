// The campaign-visibility reads answered from the campaign rollups (rollup.ts) when rollup-plan.ts says
// they can be: the same rows as the SERP-row queries of type-scores.ts and domain-scores.ts, each returning
// null otherwise so the caller takes its SERP-row path (the series goes through the planner instead,
// plan-series.ts). A VS is Σ ctr(position) × Σ sv over rollup rows (estimated monthly clicks).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvDomainScore, CvSpan, CvTypeScore } from '../../../campaign-visibility-reads';
import type { Run } from './run';
import { pointsOfSql, rollRowsSql, rollupPoints, rollupSnapshots, targetRowsSql } from './rollup-plan';
import { daysOf, doublesLit, epochDay } from './sql';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

/** Σ ctr(position) × sv of rollup rows r. */
const vsSql = (run: Run) => `sum(${doublesLit(run.scope.ctr)}[r.position] * r.sv)`;

export async function typeScoresFromRollup(run: Run, span: CvSpan): Promise<CvDated<CvTypeScore> | null> {
  const points = rollupPoints(run, span);
  if (points === null) return null;
  if (points.length === 0) return { dates: [], rows: [] };
  // Scores are ≥ 0, so a group with a positive sum is exactly one with a positive score. Thousands of
  // rows: read column by column, dates as day numbers.
  const [days, t, rt, vs] = await run.columns(
    `SELECT ${daysOf('r.date')} AS d, t,
       CASE WHEN r.result_type = ${BRAND} THEN ${ORGANIC} ELSE r.result_type END AS rt, ${vsSql(run)} AS vs
     ${targetRowsSql(run, points)}
     GROUP BY ALL HAVING ${vsSql(run)} > 0 ORDER BY d, t, rt`,
  );
  const dateOf = new Map(points.map((p) => [epochDay(p), p]));
  return {
    dates: points,
    rows: days!.map((d, i) => ({
      date: dateOf.get(Number(d))!,
      target: Number(t![i]),
      resultType: resultTypeOf(Number(rt![i])) as CvTypeScore['resultType'],
      visibilityScore: Number(vs![i]),
    })),
  };
}

export async function domainScoresFromRollup(
  run: Run,
  dates: readonly string[],
): Promise<CvDomainScore[] | null> {
  const snapOf = rollupSnapshots(run, dates);
  if (snapOf === null) return null;
  // Every domain of the market: read column by column, dates as day numbers.
  const [days, domains, vs] = await run.columns(
    `SELECT ${daysOf('pd.point')} AS d, dm.domain, x.vs FROM (
       SELECT r.date, r.domain_id, ${vsSql(run)} AS vs ${rollRowsSql(run, snapOf.values())}
       GROUP BY r.date, r.domain_id HAVING ${vsSql(run)} > 0
     ) x JOIN ${pointsOfSql(snapOf)} ON pd.snap = x.date
     JOIN domains dm ON dm.id = x.domain_id ORDER BY d, x.vs DESC, dm.domain`,
  );
  const dateOf = new Map(dates.map((p) => [epochDay(p), p]));
  return days!.map((d, i) => ({
    date: dateOf.get(Number(d))!,
    domain: String(domains![i]),
    visibilityScore: Number(vs![i]),
  }));
}
