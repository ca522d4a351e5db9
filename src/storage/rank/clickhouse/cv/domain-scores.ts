// Competitors league: the VS of every registrable domain over the keyword set at given point dates; from the
// campaign rollup when it can answer (rollup.ts), else from the SERP rows.
import type { CvDomainScore, CvScope } from '../../../campaign-visibility-reads';
import type { ChContext } from '../context';
import { rollupDomainScoresSql, rollupSnapshots } from './rollup';
import { withRun } from './run';
import { float } from './sql';
import { scoreSql, stageSnapshots, stageUse, usedResultsSql, windowOf } from './snapshots';

export function domainScores(
  ctx: ChContext,
  scope: CvScope,
  dates: readonly string[],
): Promise<CvDomainScore[]> {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) return Promise.resolve([]);
  return withRun(
    ctx,
    scope,
    () => [],
    async (run) => {
      await stageSnapshots(run, sorted.map(windowOf));
      const used = await stageUse(run, sorted);
      if (used === null) return [];
      const snapOf = await rollupSnapshots(run);
      await run.temp(
        'cv_page',
        snapOf === null
          ? `SELECT point, domain_id, sum(${scoreSql(run)}) AS vs FROM ${usedResultsSql(run, used)}
             GROUP BY point, domain_id HAVING vs > 0`
          : snapOf.size === 0
            ? null
            : rollupDomainScoresSql(run, snapOf),
        'point Date, domain_id UInt32, vs Float64',
      );
      // Names of the scored domains only: the id set prunes the domain table by its primary key.
      const rows = await run.s.rows(
        `SELECT toString(point) AS d, domain, vs FROM cv_page ANY INNER JOIN (
           SELECT id AS domain_id, domain FROM ${run.dim('domains')} WHERE id IN (SELECT domain_id FROM cv_page)
         ) USING domain_id
         ORDER BY d, vs DESC, domain`,
      );
      return rows.map((r) => ({
        date: String(r.d),
        domain: String(r.domain),
        visibilityScore: float(r.vs),
      }));
    },
  );
}
