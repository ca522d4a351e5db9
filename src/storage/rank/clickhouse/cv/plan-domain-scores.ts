// Competitors league through the planner: the VS of every registrable domain over the keyword set at given
// point dates. The planner (../../plan/planner.ts) picks the campaign rollup at each point's snapshot date
// (rollup.ts) or the raw SERP rows (snapshots.ts); both give the same rows
// (test/storage/plan-series.test.ts). Units: VS in estimated monthly clicks (Σ sv × ctr).
import type { CvDomainScore, CvScope } from '../../../campaign-visibility-reads';
import { choosePlan, rollupMayAnswer, type Plan, type Source } from '../../plan/planner';
import { domainScoresQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { CLICKHOUSE_CAPABILITIES } from './plan-emit';
import { rollupDomainScoresSql, rollupSnapshots } from './rollup';
import { withRun } from './run';
import { float } from './sql';
import { scoreSql, stageSnapshots, stageUse, usedResultsSql, windowOf } from './snapshots';

/** The domain scores with the plan that answered them and every plan the planner allowed. */
export interface PlannedDomainScores {
  plan: Plan;
  candidates: Plan[];
  scores: CvDomainScore[];
}

/**
 * The domain scores by the plan of `source` (null: the planner's choice); null when the planner does not
 * allow that source for this query and data.
 */
export function domainScoresByPlan(
  ctx: ChContext,
  scope: CvScope,
  dates: readonly string[],
  source: Source | null,
): Promise<PlannedDomainScores | null> {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) {
    return Promise.resolve({ plan: { source: 'raw', dates: 'date-rule' }, candidates: [], scores: [] });
  }
  const q = domainScoresQuery(scope, sorted);
  return withRun(
    ctx,
    scope,
    () => {
      // A market without data: every plan answers nothing.
      const chosen = choosePlan(q, CLICKHOUSE_CAPABILITIES, { rollupAnswers: null }, source);
      return chosen === null ? null : { plan: chosen.plan, candidates: [chosen.plan], scores: [] };
    },
    async (run) => {
      await stageSnapshots(run, sorted.map(windowOf));
      const used = await stageUse(run, sorted);
      const snapOf =
        used !== null && rollupMayAnswer(q, CLICKHOUSE_CAPABILITIES) ? await rollupSnapshots(run) : null;
      const chosen = choosePlan(q, CLICKHOUSE_CAPABILITIES, { rollupAnswers: snapOf !== null }, source);
      if (chosen === null) return null;
      const { plan, candidates } = chosen;
      if (used === null) return { plan, candidates, scores: [] };
      await run.temp(
        'cv_page',
        plan.source === 'rollup'
          ? snapOf!.size === 0
            ? null
            : rollupDomainScoresSql(run, snapOf!)
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
      const scores = rows.map((r) => ({
        date: String(r.d),
        domain: String(r.domain),
        visibilityScore: float(r.vs),
      }));
      return { plan, candidates, scores };
    },
  );
}

export async function domainScores(
  ctx: ChContext,
  scope: CvScope,
  dates: readonly string[],
): Promise<CvDomainScore[]> {
  return (await domainScoresByPlan(ctx, scope, dates, null))!.scores;
}
