// Visibility series (domains, whole-market and visibility-share widgets): per point date of the span, the
// keywords measured, Σ sv × ctr(1) over them (the visibility denominator), optionally the VS of every host
// in the market (the whole-market share denominator), and each target's VS — from the campaign rollup when
// it can answer (rollup.ts), else from the SERP rows.
import type { CvScope, CvSeries, CvSpan, CvTarget } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { rollupMarketScores, rollupSnapshots, rollupTargetScores } from './rollup';
import { stageTargets, withRun, type Run, type TargetSet } from './run';
import { count, ctrArray, float } from './sql';
import { scoreSql, stageHits, stagePoints, stageUse, usedResultsSql } from './snapshots';

interface Scores {
  /** Per point date, each target's VS (missing: 0). */
  targets: Map<string, Map<number, number>>;
  /** Per point date, the VS of every host (when asked). */
  market: Map<string, number>;
}

/** The scores of the points staged in cv_use, from the rollup, or null when it cannot answer. */
async function fromRollup(
  run: Run,
  targets: readonly CvTarget[],
  set: TargetSet,
  market: boolean,
): Promise<Scores | null> {
  const snapOf = await rollupSnapshots(run, targets);
  if (snapOf === null) return null;
  const bySnap = new Map<string, Map<number, number>>();
  for (const r of await rollupTargetScores(run, set, snapOf)) {
    const slot = bySnap.get(String(r.d)) ?? new Map<number, number>();
    slot.set(count(r.t), float(r.vs));
    bySnap.set(String(r.d), slot);
  }
  const marketBySnap = market ? await rollupMarketScores(run, snapOf) : new Map<string, number>();
  const out: Scores = { targets: new Map(), market: new Map() };
  for (const [point, snap] of snapOf) {
    out.targets.set(point, bySnap.get(snap) ?? new Map());
    out.market.set(point, marketBySnap.get(snap) ?? 0);
  }
  return out;
}

/** The scores of the points staged in cv_use, from the SERP rows. */
async function fromRows(
  run: Run,
  set: TargetSet,
  used: { lo: string; hi: string } | null,
  market: boolean,
): Promise<Scores> {
  await stageHits(run, set, used);
  const out: Scores = { targets: new Map(), market: new Map() };
  for (const r of await run.s.rows(
    'SELECT toString(point) AS d, t, ifNull(sum(score), 0) AS vs FROM cv_hits GROUP BY point, t',
  )) {
    const slot = out.targets.get(String(r.d)) ?? new Map<number, number>();
    slot.set(count(r.t), float(r.vs));
    out.targets.set(String(r.d), slot);
  }
  if (market && used !== null) {
    const rows = await run.s.rows(
      `SELECT toString(point) AS d, ifNull(sum(${scoreSql(run)}), 0) AS vs
       FROM ${usedResultsSql(run, used)} GROUP BY point`,
    );
    for (const r of rows) out.market.set(String(r.d), float(r.vs));
  }
  return out;
}

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
      const targetSet = await stageTargets(run, targets);
      const scores =
        (used === null ? null : await fromRollup(run, targets, targetSet, opts.market)) ??
        (await fromRows(run, targetSet, used, opts.market));
      const measured = await s.rows(
        `SELECT toString(point) AS d, count() AS n, ifNull(sum(sv * ${ctrArray(scope.ctr)}[1]), 0) AS top
         FROM cv_use GROUP BY point`,
      );
      const byDate = new Map(measured.map((r) => [String(r.d), r]));
      return {
        unknownVolume: count(set.unknown),
        keywords: count(set.n),
        points: points.map((d) => {
          const m = byDate.get(d);
          const vs = scores.targets.get(d);
          return {
            date: d,
            keywords: m === undefined ? 0 : count(m.n),
            maxVisibilityScore: m === undefined ? 0 : float(m.top),
            marketVisibilityScore: opts.market ? (scores.market.get(d) ?? 0) : null,
            visibilityScores: targets.map((_, i) => vs?.get(i) ?? 0),
          };
        }),
      };
    },
  );
}
