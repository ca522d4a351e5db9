// The campaign-visibility reads answered from the campaign rollups (rollup.ts) when rollup-plan.ts says
// they can be: the same rows as the SERP-row queries of series.ts, type-scores.ts and domain-scores.ts,
// each returning null otherwise so the caller takes its SERP-row path. A VS is
// Σ ctr(position) × Σ sv over rollup rows (estimated monthly clicks).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import {
  type CvDated,
  type CvDomainScore,
  type CvSeries,
  type CvSpan,
  type CvTarget,
  type CvTypeScore,
} from '../../../campaign-visibility-reads';
import type { Run } from './run';
import { pointsOfSql, rollRowsSql, rollupPoints, rollupSnapshots, stageTargetHosts } from './rollup-plan';
import { Binds, dateLit, isoOf } from './sql';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

export async function seriesFromRollup(
  run: Run,
  targets: readonly CvTarget[],
  span: CvSpan,
  market: boolean,
): Promise<CvSeries | null> {
  const { s, scope } = run;
  const points = await rollupPoints(run, span);
  if (points === null || !(await stageTargetHosts(run, targets))) return null;
  const set = await s.one('SELECT count(*) AS n, count(*) - count(sv) AS unknown FROM cv_kw');
  const vs = new Map<string, number[]>(points.map((d) => [d, targets.map(() => 0)]));
  const marketVs = new Map<string, number>();
  const measured = new Map<string, { n: number; sv: number }>();
  if (points.length > 0) {
    for (const r of await s.all(
      `SELECT ${isoOf('date')} AS d, keywords, sv FROM cv_roll_dates
       WHERE campaign_id = ${scope.campaignId} AND date BETWEEN ${dateLit(span.start)} AND ${dateLit(span.end)}`,
    )) {
      measured.set(String(r.d), { n: Number(r.keywords), sv: Number(r.sv) });
    }
    const b = new Binds();
    const ctr = b.doubles(scope.ctr);
    for (const r of await s.all(
      `SELECT ${isoOf('r.date')} AS d, h.t, sum(${ctr}[r.position] * r.sv) AS vs
       ${rollRowsSql(run, points, 'JOIN cv_th h ON h.host_id = r.host_id')} GROUP BY r.date, h.t`,
      b.values,
      b.types,
    )) {
      vs.get(String(r.d))![Number(r.t)] = Number(r.vs);
    }
    if (market) {
      const bm = new Binds();
      const ctrM = bm.doubles(scope.ctr);
      for (const r of await s.all(
        `SELECT ${isoOf('r.date')} AS d, sum(${ctrM}[r.position] * r.sv) AS vs ${rollRowsSql(run, points)}
         GROUP BY r.date`,
        bm.values,
        bm.types,
      )) {
        marketVs.set(String(r.d), Number(r.vs));
      }
    }
  }
  return {
    unknownVolume: Number(set.unknown),
    keywords: Number(set.n),
    points: points.map((d) => ({
      date: d,
      keywords: measured.get(d)?.n ?? 0,
      maxVisibilityScore: (measured.get(d)?.sv ?? 0) * scope.ctr[0]!,
      marketVisibilityScore: market ? (marketVs.get(d) ?? 0) : null,
      visibilityScores: vs.get(d)!,
    })),
  };
}

export async function typeScoresFromRollup(
  run: Run,
  targets: readonly CvTarget[],
  span: CvSpan,
): Promise<CvDated<CvTypeScore> | null> {
  const points = await rollupPoints(run, span);
  if (points === null || !(await stageTargetHosts(run, targets))) return null;
  if (points.length === 0) return { dates: [], rows: [] };
  const b = new Binds();
  const ctr = b.doubles(run.scope.ctr);
  // Scores are ≥ 0, so a group with a positive sum is exactly one with a positive score.
  const rows = await run.s.all(
    `SELECT ${isoOf('r.date')} AS d, h.t,
       CASE WHEN r.result_type = ${BRAND} THEN ${ORGANIC} ELSE r.result_type END AS rt,
       sum(${ctr}[r.position] * r.sv) AS vs
     ${rollRowsSql(run, points, 'JOIN cv_th h ON h.host_id = r.host_id')}
     GROUP BY ALL HAVING sum(${ctr}[r.position] * r.sv) > 0 ORDER BY d, h.t, rt`,
    b.values,
    b.types,
  );
  return {
    dates: points,
    rows: rows.map((r) => ({
      date: String(r.d),
      target: Number(r.t),
      resultType: resultTypeOf(Number(r.rt)) as CvTypeScore['resultType'],
      visibilityScore: Number(r.vs),
    })),
  };
}

export async function domainScoresFromRollup(
  run: Run,
  dates: readonly string[],
): Promise<CvDomainScore[] | null> {
  const snapOf = await rollupSnapshots(run, dates);
  if (snapOf === null) return null;
  const b = new Binds();
  const ctr = b.doubles(run.scope.ctr);
  const rows = await run.s.all(
    `SELECT ${isoOf('pd.point')} AS d, dm.domain, x.vs FROM (
       SELECT r.date, r.domain_id, sum(${ctr}[r.position] * r.sv) AS vs ${rollRowsSql(run, snapOf.values())}
       GROUP BY r.date, r.domain_id HAVING sum(${ctr}[r.position] * r.sv) > 0
     ) x JOIN ${pointsOfSql(snapOf)} ON pd.snap = x.date
     JOIN domains dm ON dm.id = x.domain_id ORDER BY d, x.vs DESC, dm.domain`,
    b.values,
    b.types,
  );
  return rows.map((r) => ({ date: String(r.d), domain: String(r.domain), visibilityScore: Number(r.vs) }));
}
