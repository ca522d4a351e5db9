// The frame every planned read of the DuckDB RankStore shares: stage the run (prologue), ask the rollup
// whether it answers (only when the planner may use it), let the planner choose among the allowed plans —
// the cheapest, or the source a test forces — and run that source's answer. Null when the forced source is
// not allowed for this query and data; a market without data answers `empty` on any allowed plan.
import { choosePlan, rollupMayAnswer, type Planned, type Source } from '../../plan/planner';
import type { AnyRankQuery } from '../../plan/query';
import type { ReadScope } from '../../plan/scope';
import type { DuckDb } from '../db';
import { DUCKDB_CAPABILITIES } from './plan-emit';
import { withRun, type Run, type RunInput } from './run';

/**
 * Each source's answer; the rollup's gets what rollupFact found (the dates it answers at). A read the rollup
 * never answers (keyword-level groups or measures, rollupMayAnswer) has no rollup source.
 */
export interface PlanSources<T, F> {
  rollup?: {
    /** What the rollup answers with, or null when it cannot answer this run (stale, dates mixed). */
    fact: (run: Run) => F | null | Promise<F | null>;
    answer: (run: Run, fact: F) => Promise<T>;
  };
  sorted: (run: Run) => Promise<T>;
  raw: (run: Run) => Promise<T>;
}

export function runPlanned<T, F>(
  db: DuckDb,
  scope: ReadScope,
  input: RunInput,
  q: AnyRankQuery,
  source: Source | null,
  empty: T,
  sources: PlanSources<T, F>,
): Promise<Planned<T> | null> {
  return withRun(
    db,
    scope,
    input,
    () => {
      const chosen = choosePlan(q, DUCKDB_CAPABILITIES, { rollupAnswers: null }, source);
      return chosen === null ? null : { plan: chosen.plan, candidates: [chosen.plan], answer: empty };
    },
    async (run) => {
      const { rollup } = sources;
      const fact =
        rollup !== undefined && rollupMayAnswer(q, DUCKDB_CAPABILITIES) ? await rollup.fact(run) : null;
      const chosen = choosePlan(q, DUCKDB_CAPABILITIES, { rollupAnswers: fact !== null }, source);
      if (chosen === null) return null;
      const { plan } = chosen;
      const answer =
        plan.source === 'rollup'
          ? await rollup!.answer(run, fact!)
          : plan.source === 'sorted'
            ? await sources.sorted(run)
            : await sources.raw(run);
      return { ...chosen, answer };
    },
  );
}
