// Result-type prominence: each target's VS per point date and result type, brand merged into organic.
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { typeScoresFromRollup } from './rollup-reads';
import { withRun } from './run';
import { isoOf } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

export function typeScores(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
): Promise<CvDated<CvTypeScore>> {
  return withRun(
    db,
    scope,
    { targets, dates: [span.start, span.end], rollupFirst: true },
    () => ({ dates: [], rows: [] }),
    async (run) => {
      const fast = await typeScoresFromRollup(run, span);
      if (fast !== null) return fast;
      const points = await stagePoints(run, span);
      await stageHits(run, await stageUse(run, points));
      const rows = await run.all(
        `SELECT ${isoOf('point')} AS d, t, CASE WHEN result_type = ${BRAND} THEN ${ORGANIC} ELSE result_type END AS rt,
           sum(score) AS vs
         FROM cv_hits WHERE score > 0 GROUP BY ALL ORDER BY d, t, rt`,
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
    },
  );
}
