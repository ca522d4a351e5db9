// Competitors league through the planner: the VS of every registrable domain over the keyword set at given
// point dates. The planner (../../plan/planner.ts) picks the campaign rollup at each point's snapshot date
// (rollup.ts) or the raw SERP rows (snapshots.ts); both give the same rows
// (test/storage/plan-series.test.ts). Units: VS in estimated monthly clicks (Σ sv × ctr).
import type { CvDomainScore, CvScope } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { domainScoresQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { runPlanned } from './plan-run';
import { rollupDomainScoresSql, rollupSnapshots } from './rollup';
import { float } from './sql';
import { scoreSql, stageSnapshots, stageUse, usedResultsSql, windowOf } from './snapshots';

/**
 * The domain scores by the plan of `source` (null: the planner's choice); null when the planner does not
 * allow that source for this query and data.
 */
export function domainScoresByPlan(
  ctx: ChContext,
  scope: CvScope,
  dates: readonly string[],
  source: Source | null,
): Promise<Planned<CvDomainScore[]> | null> {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) {
    return Promise.resolve({ plan: { source: 'raw', dates: 'date-rule' }, candidates: [], answer: [] });
  }
  const q = domainScoresQuery(scope, sorted);
  const empty: CvDomainScore[] = [];
  return runPlanned(ctx, scope, q, source, empty, {
    prepare: async (run) => {
      await stageSnapshots(run, sorted.map(windowOf));
      return stageUse(run, sorted);
    },
    rollupFact: (run, used) => Promise.resolve(used === null ? null : rollupSnapshots(run, used)),
    answer: async (run, _plan, used, snapOf) => {
      if (used === null) return [];
      run.view(
        'cv_page',
        snapOf !== null
          ? snapOf.size === 0
            ? null
            : rollupDomainScoresSql(run, snapOf)
          : `SELECT point, domain_id, sum(${scoreSql(run)}) AS vs FROM ${usedResultsSql(run, used)}
             GROUP BY point, domain_id HAVING vs > 0`,
        'point Date, domain_id UInt32, vs Float64',
      );
      // Names of the scored domains only: the id set prunes the domain table by its primary key.
      const rows = await run.s.rows(
        `SELECT toString(point) AS d, domain, vs FROM cv_page ANY INNER JOIN (
           SELECT id AS domain_id, domain FROM ${run.dim('domains')} WHERE id IN (SELECT domain_id FROM cv_page)
         ) USING domain_id
         ORDER BY d, vs DESC, domain`,
      );
      return rows.map((r) => ({ date: String(r.d), domain: String(r.domain), visibilityScore: float(r.vs) }));
    },
  });
}
