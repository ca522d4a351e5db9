// The one planner of the RankStore reads (issue 28): given a query description (query.ts) and what the engine
// knows about its derived tables, it picks the source and how dates map to points — by the same rules on
// both engines, so that an engine only reports facts and never decides. Sources, cheapest first:
//   rollup  — the campaign rollup (Σ sv per campaign, date, host, type, position), or for market reads the
//             market rollup (Σ sv per market, date, domain, position): each point is its own snapshot
//             date, no keyword-level rows are read;
//   sorted  — the copies sorted for reads: snapshots per keyword and date, results by domain (the targets'
//             matching results are read for their domains only);
//   raw     — the SERP rows, the date rule of DESIGN §3 applied keyword by keyword, or for weekly data
//             (no point's window holds an older snapshot date) each point's own date.
// Every source gives the raw source's numbers (the property tests in test/storage/plan-series and
// plan-market-share check it).
import { fastPoints } from '../ve-input';
import { hasPathTargets, wholeCampaign, type AnyRankQuery, type GroupBy, type Measure } from './query';

export type Source = 'rollup' | 'sorted' | 'raw';

export interface Plan {
  source: Source;
  /**
   * How a point finds its snapshots: 'own-date' when every keyword measured at a point uses a snapshot of
   * that very date (the rollup's precondition), 'date-rule' for the latest snapshot at most 6 days old.
   */
  dates: 'own-date' | 'date-rule';
}

/** What an engine's emitter offers for a family of reads, fixed per engine. */
export interface EngineCapabilities {
  /** The rollup can add the results of host+path targets (from the SERP rows beside it). */
  rollupPaths: boolean;
  /** A results copy sorted by domain exists. */
  sortedCopy: boolean;
  /** The raw rows can be read at each point's own date (no per-keyword date rule), for weekly data. */
  rawOwnDate: boolean;
}

/**
 * What both engines' market-share emitters offer: the market rollup (ClickHouse's ms_roll, DuckDB's ve_roll:
 * Σ sv per date, domain and position of every keyword), the raw rows at the points' own dates or by the date
 * rule; no sorted copy.
 */
export const MARKET_READS: EngineCapabilities = { rollupPaths: false, sortedCopy: false, rawOwnDate: true };

/** What the engine learnt about this query's data before planning. */
export interface SourceFacts {
  /**
   * The rollup holds the keyword set as it is now (built from the current membership and volumes) — for a
   * campaign's rollup also: at every point date of the span each measured keyword uses a snapshot of that
   * date. Null: not asked (rollupMayAnswer said no).
   */
  rollupAnswers: boolean | null;
  /**
   * The market's snapshot dates within the points' windows, ascending, when the engine read them (market
   * reads, whose points are explicit dates): a point reads its own date only when its window holds no other
   * of them (ve-input fastPoints). Absent: no own-date plan beside the rollup's own check.
   */
  snapshotDates?: readonly string[];
}

/** Group-by columns and measures the rollup holds (no keyword, URL or label; no per-keyword best position). */
const ROLLUP_GROUPS: ReadonlySet<GroupBy> = new Set(['point', 'target', 'type', 'domain']);
const ROLLUP_MEASURES: ReadonlySet<Measure> = new Set([
  'visibilityScore',
  'maxVisibilityScore',
  'marketVisibilityScore',
  'keywords',
]);

/**
 * Whether the rollup may answer by the query alone (before any fact is read): the keyword set is the whole
 * campaign, the grouping and measures are ones it holds, and path targets only where the engine adds them.
 */
export function rollupMayAnswer(q: AnyRankQuery, caps: EngineCapabilities): boolean {
  return (
    wholeCampaign(q.keywords) &&
    q.groupBy.every((g) => ROLLUP_GROUPS.has(g)) &&
    q.measures.every((m) => ROLLUP_MEASURES.has(m)) &&
    (caps.rollupPaths || !hasPathTargets(q))
  );
}

/** Every plan that gives the query's numbers, cheapest first; the raw plan is always last. */
export function candidatePlans(q: AnyRankQuery, caps: EngineCapabilities, facts: SourceFacts): Plan[] {
  const plans: Plan[] = [];
  const known = facts.snapshotDates;
  const ownDates = known !== undefined && q.points.dates !== null && fastPoints(q.points.dates, known);
  if (facts.rollupAnswers === true && rollupMayAnswer(q, caps) && (known === undefined || ownDates))
    plans.push({ source: 'rollup', dates: 'own-date' });
  if (caps.rawOwnDate && ownDates) plans.push({ source: 'raw', dates: 'own-date' });
  if (caps.sortedCopy) plans.push({ source: 'sorted', dates: 'date-rule' });
  plans.push({ source: 'raw', dates: 'date-rule' });
  return plans;
}

/** A read's answer with the plan that gave it and every plan the planner allowed. */
export interface Planned<T> {
  plan: Plan;
  candidates: Plan[];
  answer: T;
}

/** The answer of a read with nothing to read, on the always-allowed raw plan. */
export const unplanned = <T>(answer: T): Planned<T> => ({
  plan: { source: 'raw', dates: 'date-rule' },
  candidates: [],
  answer,
});

/** The answer of a read run on the planner's choice (source null), which is always allowed. */
export async function answerOf<T>(planned: Promise<Planned<T> | null>): Promise<T> {
  return (await planned)!.answer;
}

/**
 * The plan `want` among the candidates — a source (its cheapest plan) or a plan; null: the planner's choice,
 * the cheapest — with every candidate; null when the planner does not allow it for this query and data.
 */
export function choosePlan(
  q: AnyRankQuery,
  caps: EngineCapabilities,
  facts: SourceFacts,
  want: Source | Plan | null,
): { plan: Plan; candidates: Plan[] } | null {
  const candidates = candidatePlans(q, caps, facts);
  const plan = candidates.find(
    (p) =>
      want === null ||
      (typeof want === 'string' ? p.source === want : p.source === want.source && p.dates === want.dates),
  );
  return plan === undefined ? null : { plan, candidates };
}
