// Result-type prominence: each target's VS per point date and result type, brand merged into organic.
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { stageTargets, withRun } from './run';
import { count, float } from './sql';
import { stageHits, stagePoints, stageUse } from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

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
      await stageHits(run, await stageTargets(run, targets), await stageUse(run, points));
      const rows = await run.s.rows(
        `SELECT toString(point) AS d, t, if(result_type = ${BRAND}, ${ORGANIC}, result_type) AS rt,
           sum(score) AS vs
         FROM cv_hits WHERE score > 0 GROUP BY d, t, rt ORDER BY d, t, rt`,
      );
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
