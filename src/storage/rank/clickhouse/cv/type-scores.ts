// Result-type prominence: each target's VS per point date and result type, brand merged into organic; from
// the campaign rollup when it can answer (rollup.ts), else from the SERP rows.
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import type { Row } from '../client';
import { rollupSnapshots, rollupTargetScores } from './rollup';
import { stageTargets, withRun, type Run, type TargetSet } from './run';
import { count, float } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

const TYPE_SQL = `if(result_type = ${BRAND}, ${ORGANIC}, result_type)`;

/** Rows (d, t, rt, vs) from the rollup, or null when it cannot answer (rollup.ts). */
async function fromRollup(run: Run, targets: readonly CvTarget[], set: TargetSet): Promise<Row[] | null> {
  const snapOf = await rollupSnapshots(run, targets);
  if (snapOf === null) return null;
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
async function fromRows(run: Run, set: TargetSet, used: { lo: string; hi: string } | null): Promise<Row[]> {
  await stageHits(run, set, used);
  return run.s.rows(
    `SELECT toString(point) AS d, t, ${TYPE_SQL} AS rt, sum(score) AS vs
     FROM cv_hits WHERE score > 0 GROUP BY d, t, rt ORDER BY d, t, rt`,
  );
}

export function typeScores(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
): Promise<CvDated<CvTypeScore>> {
  return withRun(
    ctx,
    scope,
    () => ({ dates: [], rows: [] }),
    async (run) => {
      const points = await stagePoints(run, span);
      const used = await stageUse(run, points);
      const set = await stageTargets(run, targets);
      const rows =
        (used === null ? null : await fromRollup(run, targets, set)) ?? (await fromRows(run, set, used));
      return {
        dates: points,
        rows: rows.map((r) => ({
          date: String(r.d),
          target: count(r.t),
          resultType: resultTypeOf(count(r.rt)) as CvTypeScore['resultType'],
          visibilityScore: float(r.vs),
        })),
      };
    },
  );
}
