// Result-type prominence through the planner: each target's VS per point date and result type, brand counted
// as organic (DESIGN §2). The planner (../../plan/planner.ts) picks the campaign rollup (rollup.ts) or the
// raw SERP rows (snapshots.ts, cv_hits); both give the same rows (test/storage/plan-series.test.ts). Units:
// VS in estimated monthly clicks (Σ sv × ctr).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { typeScoresQuery } from '../../plan/query';
import type { ChContext } from '../context';
import type { Row } from '../client';
import { runPlanned } from './plan-run';
import { rollupSnapshots, rollupTargetScores, type SnapOf } from './rollup';
import { stageTargets, type Run, type TargetSet } from './run';
import { count, float } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

const TYPE_SQL = `if(result_type = ${BRAND}, ${ORGANIC}, result_type)`;

/** Rows (d, t, rt, vs) from the rollup at each point's snapshot date. */
async function fromRollup(run: Run, set: TargetSet, snapOf: SnapOf): Promise<Row[]> {
  const bySnap = new Map<string, Row[]>();
  // Scores are ≥ 0, so a group with a positive sum is exactly one with a positive score.
  for (const r of await rollupTargetScores(run, set, snapOf, { select: `${TYPE_SQL} AS rt`, group: 'rt' })) {
    if (float(r.vs) > 0) bySnap.set(String(r.d), [...(bySnap.get(String(r.d)) ?? []), r]);
  }
  const out: Row[] = [...snapOf].flatMap(([point, snap]) =>
    (bySnap.get(snap) ?? []).map((r) => ({ ...r, d: point })),
  );
  const key = (r: Row) => [String(r.d), count(r.t), count(r.rt)] as const;
  return out.sort((a, b) => {
    const [da, ta, ra] = key(a);
    const [db, tb, rb] = key(b);
    return da < db ? -1 : da > db ? 1 : ta - tb || ra - rb;
  });
}

/** Rows (d, t, rt, vs) from the SERP rows. */
async function fromRaw(run: Run, set: TargetSet, used: { lo: string; hi: string } | null): Promise<Row[]> {
  await stageHits(run, set, used);
  return run.s.rows(
    `SELECT toString(point) AS d, t, ${TYPE_SQL} AS rt, sum(score) AS vs
     FROM cv_hits WHERE score > 0 GROUP BY d, t, rt ORDER BY d, t, rt`,
  );
}

/**
 * The type scores by the plan of `source` (null: the planner's choice); null when the planner does not allow
 * that source for this query and data.
 */
export function typeScoresByPlan(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  source: Source | null,
): Promise<Planned<CvDated<CvTypeScore>> | null> {
  const q = typeScoresQuery(scope, targets, span);
  const empty: CvDated<CvTypeScore> = { dates: [], rows: [] };
  return runPlanned(ctx, scope, q, source, empty, {
    prepare: async (run) => {
      const points = await stagePoints(run, span);
      const used = await stageUse(run, points);
      return { points, used, set: await stageTargets(run, targets) };
    },
    rollupFact: (run, p) => Promise.resolve(p.used === null ? null : rollupSnapshots(run, p.used, targets)),
    answer: async (run, _plan, p, snapOf) => {
      const rows = snapOf !== null ? await fromRollup(run, p.set, snapOf) : await fromRaw(run, p.set, p.used);
      return {
        dates: p.points,
        rows: rows.map((r) => ({
          date: String(r.d),
          target: count(r.t),
          resultType: resultTypeOf(count(r.rt)) as CvTypeScore['resultType'],
          visibilityScore: float(r.vs),
        })),
      };
    },
  });
}
