// Rank ranges: for each target, how many keywords of the set have each best position at one point date
// (the smallest position among its counted matching results); the service bins positions into ranges.
import type { CvBestPositionCount, CvScope, CvTarget } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { withRun } from './run';
import { stageHits, stagePointDate } from './snapshots';

export function bestPositions(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  date: string,
): Promise<CvBestPositionCount[]> {
  return withRun(
    db,
    scope,
    { targets, dates: [date] },
    () => [],
    async (run) => {
      await stageHits(run, await stagePointDate(run, date));
      const rows = await run.all(
        `SELECT t, best, count(*) AS n FROM (SELECT t, keyword_id, min(position) AS best FROM cv_hits GROUP BY ALL)
         GROUP BY ALL ORDER BY t, best`,
      );
      return rows.map((r) => ({ target: Number(r.t), position: Number(r.best), keywords: Number(r.n) }));
    },
  );
}
