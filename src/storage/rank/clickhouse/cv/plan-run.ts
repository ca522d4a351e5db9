// The frame every planned read of the ClickHouse RankStore shares: stage the run and what every plan reads
// (points, the snapshots they use, targets), ask the rollup for each point's snapshot date (only when the
// planner may use it), let the planner choose among the allowed plans — the cheapest, or the source a test
// forces — and answer by that plan. Null when the forced source is not allowed for this query and data; a
// market without data answers `empty` on any allowed plan.
import type { CvScope } from '../../../campaign-visibility-reads';
import { choosePlan, rollupMayAnswer, type Plan, type Planned, type Source } from '../../plan/planner';
import type { RankQuery } from '../../plan/query';
import type { ChContext } from '../context';
import { CLICKHOUSE_CAPABILITIES } from './plan-emit';
import type { SnapOf } from './rollup';
import { withRun, type Run } from './run';

export interface PlanSteps<T, P> {
  /** Stages what every plan reads and returns it. */
  prepare: (run: Run) => Promise<P>;
  /**
   * Each point's snapshot date when the rollup answers this run, else null; absent for a read the rollup
   * never answers (keyword-level groups or measures, rollupMayAnswer).
   */
  rollupFact?: (run: Run, prep: P) => Promise<SnapOf | null>;
  /** The chosen plan's answer: the rollup's with its dates, the raw rows' with null. */
  answer: (run: Run, plan: Plan, prep: P, snapOf: SnapOf | null) => Promise<T>;
}

export function runPlanned<T, P>(
  ctx: ChContext,
  scope: CvScope,
  q: RankQuery,
  source: Source | null,
  empty: T,
  steps: PlanSteps<T, P>,
): Promise<Planned<T> | null> {
  return withRun(
    ctx,
    scope,
    () => {
      const chosen = choosePlan(q, CLICKHOUSE_CAPABILITIES, { rollupAnswers: null }, source);
      return chosen === null ? null : { plan: chosen.plan, candidates: [chosen.plan], answer: empty };
    },
    async (run) => {
      const prep = await steps.prepare(run);
      const snapOf =
        steps.rollupFact !== undefined && rollupMayAnswer(q, CLICKHOUSE_CAPABILITIES)
          ? await steps.rollupFact(run, prep)
          : null;
      const chosen = choosePlan(q, CLICKHOUSE_CAPABILITIES, { rollupAnswers: snapOf !== null }, source);
      if (chosen === null) return null;
      const answer = await steps.answer(
        run,
        chosen.plan,
        prep,
        chosen.plan.source === 'rollup' ? snapOf : null,
      );
      return { ...chosen, answer };
    },
  );
}
