// Visibility series (domains, whole-market and visibility-share widgets): per point date of the span, the
// keywords measured, Σ sv × ctr(1) over them (the visibility denominator), optionally the VS of every host
// in the market (the whole-market share denominator), and each target's VS.
import type { CvScope, CvSeries, CvSpan, CvTarget } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { seriesFromRollup } from './rollup-reads';
import { withRun } from './run';
import { doublesLit, isoOf } from './sql';
import { stageHits, stagePoints, stageUse, usedResultsSql } from './snapshots';

export function series(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  opts: { market: boolean },
): Promise<CvSeries> {
  return withRun(
    db,
    scope,
    { targets, dates: [span.start, span.end], rollupFirst: true },
    () => ({ unknownVolume: 0, keywords: 0, points: [] }),
    async (run) => {
      const fast = await seriesFromRollup(run, span, opts.market);
      if (fast !== null) return fast;
      const ctr = doublesLit(scope.ctr);
      const points = await stagePoints(run, span);
      const used = await stageUse(run, points);
      await stageHits(run, used);
      const measured = await run.all(
        `SELECT ${isoOf('u.point')} AS d, count(*) AS n, coalesce(sum(k.sv * ${ctr}[1]), 0) AS top
         FROM cv_use u JOIN cv_kw k ON k.keyword_id = u.keyword_id GROUP BY u.point`,
      );
      const scores = await run.all(
        `SELECT ${isoOf('point')} AS d, t, coalesce(sum(score), 0) AS vs FROM cv_hits GROUP BY point, t`,
      );
      const market = new Map<string, number>();
      if (opts.market && used !== null) {
        const rows = await run.all(
          `SELECT ${isoOf('u.point')} AS d, coalesce(sum(k.sv * ${ctr}[r.position]), 0) AS vs
           ${usedResultsSql(run, used)} GROUP BY u.point`,
        );
        for (const r of rows) market.set(String(r.d), Number(r.vs));
      }
      const byDate = new Map(measured.map((r) => [String(r.d), r]));
      const vs = new Map<string, number[]>(points.map((d) => [d, targets.map(() => 0)]));
      for (const r of scores) vs.get(String(r.d))![Number(r.t)] = Number(r.vs);
      return {
        unknownVolume: run.facts.keywords.unknown,
        keywords: run.facts.keywords.n,
        points: points.map((d) => ({
          date: d,
          keywords: Number(byDate.get(d)?.n ?? 0),
          maxVisibilityScore: Number(byDate.get(d)?.top ?? 0),
          marketVisibilityScore: opts.market ? (market.get(d) ?? 0) : null,
          visibilityScores: vs.get(d)!,
        })),
      };
    },
  );
}
