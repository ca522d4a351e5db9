// The seeds, constants and dialect-free pieces of the demo SERP generator that both engines' SQL
// (duckdb/demo-sql.ts, clickhouse/demo-sql.ts) take, so that one plan gives the same rows on either: 32-bit
// unsigned integers, the layout steps of a SERP and the per-intent rate expression.
import type { DemoSerpPlan } from '@core/demo/plan';
import { INTENTS } from '@core/demo/lexicon';
import { mix32 } from '@core/demo/prng';

const U32 = 4294967296;

/** Seed of market index m: keyword hashes differ between markets. */
export function marketSeed(seed: number, m: number): number {
  return (seed + m * 1000003) % U32;
}

/** Salt of layout step i (features and sitelinks) and of story i. */
export function salt(kind: number, i: number): number {
  return mix32((kind * 7919 + i * 104729 + 1) % U32);
}

/**
 * Cannibalisation the demo plants (issue 29 item 3), by a hash of (keyword, story) that stays the same every
 * week: per mille of a story's keywords where a second URL of its host ranks 1–3 places below the first, and
 * per mille (the next ones) where its URL moves to the host's next page every 4 weeks (a flip).
 */
export const DEMO_CONFLICTS = { secondUrlPerMille: 15, flipPerMille: 10 } as const;

/** One step of a demo SERP's layout: a feature block or the sitelinks, placed at a position in [first, last]. */
export interface LayoutStep {
  column: string;
  type: 'feature' | 'sitelinks';
  first: number;
  last: number;
  perMille: readonly number[];
}

/** The plan's layout steps in the order their hashes are drawn: its features, sitelinks spliced in. */
export function layoutSteps(plan: DemoSerpPlan): LayoutStep[] {
  const steps: LayoutStep[] = plan.features.map((f) => ({
    column: `pos_${f.type}`,
    type: 'feature',
    first: f.first,
    last: f.last,
    perMille: f.perMille,
  }));
  steps.splice(plan.sitelinksAfter, 0, {
    column: 'sl',
    type: 'sitelinks',
    first: 1,
    last: 3,
    perMille: plan.sitelinksPerMille,
  });
  return steps;
}

/** A per-intent rate (per mille, a whole number ≥ 0) as one CASE both engines read alike. */
export function perIntent(rates: readonly number[], intentCol: string): string {
  const arms = INTENTS.map((_, i) => {
    const rate = rates[i] ?? 0;
    if (!Number.isInteger(rate) || rate < 0) throw new RangeError(`not a per-mille rate: ${rate}`);
    return `WHEN ${intentCol} = ${i} THEN ${rate}`;
  });
  return `(CASE ${arms.join(' ')} ELSE 0 END)`;
}
