// Competitors league: the VS of every registrable domain over the keyword set at given point dates.
import type { CvDomainScore, CvScope } from '../../../campaign-visibility-reads';
import type { DuckDb } from '../db';
import { domainScoresFromRollup } from './rollup-reads';
import { withRun } from './run';
import { doublesLit, isoOf } from './sql';
import { stageSnapshots, stageUse, usedResultsSql, windowOf } from './snapshots';

export function domainScores(db: DuckDb, scope: CvScope, dates: readonly string[]): Promise<CvDomainScore[]> {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) return Promise.resolve([]);
  return withRun(
    db,
    scope,
    { dates: sorted, rollupFirst: true },
    () => [],
    async (run) => {
      const fast = await domainScoresFromRollup(run, sorted);
      if (fast !== null) return fast;
      await stageSnapshots(run, sorted.map(windowOf));
      const used = await stageUse(run, sorted);
      if (used === null) return [];
      const ctr = doublesLit(scope.ctr);
      const rows = await run.all(
        `SELECT ${isoOf('x.point')} AS d, dm.domain, x.vs FROM (
           SELECT u.point, r.domain_id, sum(k.sv * ${ctr}[r.position]) AS vs ${usedResultsSql(run, used)}
           GROUP BY u.point, r.domain_id HAVING sum(k.sv * ${ctr}[r.position]) > 0
         ) x JOIN domains dm ON dm.id = x.domain_id ORDER BY d, x.vs DESC, dm.domain`,
      );
      return rows.map((r) => ({
        date: String(r.d),
        domain: String(r.domain),
        visibilityScore: Number(r.vs),
      }));
    },
  );
}
