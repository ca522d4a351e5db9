// Visibility series (domains, whole-market and visibility-share widgets) through the planner: per point date
// of the span, the keywords measured, Σ sv × ctr(1) over them (the visibility denominator), optionally the VS
// of every host in the market (the whole-market share denominator), and each target's VS. The planner
// (../../plan/planner.ts) picks the campaign rollup (rollup.ts) or the raw SERP rows; both give the same
// numbers (test/storage/plan-series.test.ts).
import type { CvScope, CvSeries, CvSpan, CvTarget } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { seriesQuery, type RankQuery } from '../../plan/query';
import type { ChContext } from '../context';
import type { Row } from '../client';
import { scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import { rollupMarketScores, rollupSnapshots, rollupTargetScores, type SnapOf } from './rollup';
import { stageTargets, type Run, type TargetSet } from './run';
import { count, float } from './sql';
import { stageHits, stagePoints, stageUse, usedResultsSql, type Used } from './snapshots';

interface Scores {
  /** Per point date, each target's VS (missing: 0). */
  targets: Map<string, Map<number, number>>;
  /** Per point date, the VS of every host (when asked). */
  market: Map<string, number>;
}

const wantsMarket = (q: RankQuery) => q.measures.includes('marketVisibilityScore');

/** The scores of the points staged in cv_use, from the rollup at each point's snapshot date. */
async function fromRollup(run: Run, q: RankQuery, set: TargetSet, snapOf: SnapOf): Promise<Scores> {
  const bySnap = new Map<string, Map<number, number>>();
  for (const r of await rollupTargetScores(run, set, snapOf)) {
    const slot = bySnap.get(String(r.d)) ?? new Map<number, number>();
    slot.set(count(r.t), float(r.vs));
    bySnap.set(String(r.d), slot);
  }
  const marketBySnap = wantsMarket(q) ? await rollupMarketScores(run, snapOf) : new Map<string, number>();
  const out: Scores = { targets: new Map(), market: new Map() };
  for (const [point, snap] of snapOf) {
    out.targets.set(point, bySnap.get(snap) ?? new Map());
    out.market.set(point, marketBySnap.get(snap) ?? 0);
  }
  return out;
}

/** The scores of the points staged in cv_use, from the SERP rows. */
async function fromRaw(
  run: Run,
  q: RankQuery,
  set: TargetSet,
  used: { lo: string; hi: string } | null,
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
  if (wantsMarket(q) && used !== null) {
    const rows = await run.s.rows(
      `SELECT toString(point) AS d, ifNull(sum(${scoreSql(q.ctr, 'sv', 'position')}), 0) AS vs
       FROM ${usedResultsSql(run, used)} GROUP BY point`,
    );
    for (const r of rows) out.market.set(String(r.d), float(r.vs));
  }
  return out;
}

/** What every plan of a series reads, staged first. */
interface Prepared {
  set: Row;
  points: string[];
  used: Used | null;
  targetSet: TargetSet;
}

/** The series of the prepared points from the chosen plan's scores and the measured keywords (stageUse). */
function seriesOf(q: RankQuery, p: Prepared, scores: Scores): CvSeries {
  return {
    unknownVolume: count(p.set.unknown),
    keywords: count(p.set.n),
    points: p.points.map((d) => {
      const m = p.used?.points.get(d);
      const vs = scores.targets.get(d);
      return {
        date: d,
        keywords: m?.keywords ?? 0,
        maxVisibilityScore: m?.top ?? 0,
        marketVisibilityScore: wantsMarket(q) ? (scores.market.get(d) ?? 0) : null,
        visibilityScores: q.targets.map((_, i) => vs?.get(i) ?? 0),
      };
    }),
  };
}

/**
 * The series by the plan of `source` (null: the planner's choice); null when the planner does not allow
 * that source for this query and data.
 */
export function seriesByPlan(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  opts: { market: boolean },
  source: Source | null,
): Promise<Planned<CvSeries> | null> {
  const q = seriesQuery(scope, targets, span, opts);
  const empty: CvSeries = { unknownVolume: 0, keywords: 0, points: [] };
  return runPlanned(ctx, scope, q, source, empty, {
    prepare: async (run): Promise<Prepared> => {
      const set = await run.s.one('SELECT count() AS n, count() - count(sv) AS unknown FROM cv_kw');
      const points = await stagePoints(run, span);
      const used = await stageUse(run, points);
      return { set, points, used, targetSet: await stageTargets(run, targets) };
    },
    rollupFact: (run, p) => Promise.resolve(p.used === null ? null : rollupSnapshots(run, p.used, targets)),
    answer: async (run, _plan, p, snapOf) =>
      seriesOf(
        q,
        p,
        snapOf !== null
          ? await fromRollup(run, q, p.targetSet, snapOf)
          : await fromRaw(run, q, p.targetSet, p.used),
      ),
  });
}
