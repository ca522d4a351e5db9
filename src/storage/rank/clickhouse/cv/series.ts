// Visibility series (domains, whole-market and visibility-share widgets): per point date of the span, the
// keywords measured, Σ sv × ctr(1) over them (the visibility denominator), optionally the VS of every host
// in the market (the whole-market share denominator), and each target's VS.
import type { CvScope, CvSeries, CvSpan, CvTarget } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { stageTargets, withRun } from './run';
import { count, ctrArray, float } from './sql';
import { scoreSql, stageHits, stagePoints, stageUse, usedResultsSql } from './snapshots';

export function series(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  opts: { market: boolean },
): Promise<CvSeries> {
  return withRun(
    ctx,
    scope,
    () => ({ unknownVolume: 0, keywords: 0, points: [] }),
    async (run) => {
      const { s } = run;
      const set = await s.one('SELECT count() AS n, count() - count(sv) AS unknown FROM cv_kw');
      const points = await stagePoints(run, span);
      const used = await stageUse(run, points);
      await stageHits(run, await stageTargets(run, targets), used);
      const measured = await s.rows(
        `SELECT toString(point) AS d, count() AS n, ifNull(sum(sv * ${ctrArray(scope.ctr)}[1]), 0) AS top
         FROM cv_use GROUP BY point`,
      );
      const scores = await s.rows(
        'SELECT toString(point) AS d, t, ifNull(sum(score), 0) AS vs FROM cv_hits GROUP BY point, t',
      );
      const market = new Map<string, number>();
      if (opts.market && used !== null) {
        const rows = await s.rows(
          `SELECT toString(point) AS d, ifNull(sum(${scoreSql(run)}), 0) AS vs
           FROM ${usedResultsSql(run, used)} GROUP BY point`,
        );
        for (const r of rows) market.set(String(r.d), float(r.vs));
      }
      const byDate = new Map(measured.map((r) => [String(r.d), r]));
      const vs = new Map<string, number[]>(points.map((d) => [d, targets.map(() => 0)]));
      for (const r of scores) vs.get(String(r.d))![Number(r.t)] = float(r.vs);
      return {
        unknownVolume: count(set.unknown),
        keywords: count(set.n),
        points: points.map((d) => {
          const m = byDate.get(d);
          return {
            date: d,
            keywords: m === undefined ? 0 : count(m.n),
            maxVisibilityScore: m === undefined ? 0 : float(m.top),
            marketVisibilityScore: opts.market ? (market.get(d) ?? 0) : null,
            visibilityScores: vs.get(d)!,
          };
        }),
      };
    },
  );
}
