// Rank ranges: for each target, how many keywords of the set have each best position at one point date
// (the smallest position among its counted matching results); the service bins positions into ranges.
import type { CvBestPositionCount, CvScope, CvTarget } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { stageTargets, withRun } from './run';
import { count } from './sql';
import { stageHits, stagePointDate } from './snapshots';

export function bestPositions(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
): Promise<CvBestPositionCount[]> {
  return withRun(
    ctx,
    scope,
    () => [],
    async (run) => {
      await stageHits(run, await stageTargets(run, targets), await stagePointDate(run, date));
      const rows = await run.s.rows(
        `SELECT t, best, count() AS n FROM (
           SELECT t, keyword_id, min(position) AS best FROM cv_hits GROUP BY t, keyword_id
         ) GROUP BY t, best ORDER BY t, best`,
      );
      return rows.map((r) => ({ target: count(r.t), position: count(r.best), keywords: count(r.n) }));
    },
  );
}
