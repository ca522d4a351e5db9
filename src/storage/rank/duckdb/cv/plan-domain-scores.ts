// Competitors league through the planner: the VS of every registrable domain over the keyword set at given
// point dates. The planner (../../plan/planner.ts) picks the campaign rollup at each point's snapshot date
// (rollup-plan.ts), the sorted copies (snapshots from serp_keyword_dates, snapshots.ts) or the raw SERP rows
// (plan-emit.ts); each gives the same rows (test/storage/plan-series.test.ts). Units: VS in estimated
// monthly clicks (Σ sv × ctr).
import type { CvDomainScore, CvScope } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { domainScoresQuery, type RankQuery } from '../../plan/query';
import type { DuckDb } from '../db';
import { rawDateRuleSql, rawResultsSql, scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import { pointsOfSql, rollRowsSql, rollupSnapshots } from './rollup-plan';
import type { Run, SnapOf } from './run';
import { daysOf, epochDay, isoOf } from './sql';
import { stageSnapshots, stageUse, usedResultsSql, windowOf } from './snapshots';

/** `(point, domain_id, vs)` rows with a positive VS, named and ordered: by date, VS descending, domain. */
const namedSql = (inner: string) =>
  `SELECT ${isoOf('x.point')} AS d, dm.domain, x.vs FROM (${inner}) x JOIN domains dm ON dm.id = x.domain_id
   ORDER BY d, x.vs DESC, dm.domain`;

const toScores = (rows: readonly Record<string, unknown>[]): CvDomainScore[] =>
  rows.map((r) => ({ date: String(r.d), domain: String(r.domain), visibilityScore: Number(r.vs) }));

/** The rollup at each point's snapshot date. Every domain of the market: read column by column. */
async function fromRollup(run: Run, q: RankQuery, snapOf: SnapOf): Promise<CvDomainScore[]> {
  const vs = `sum(${scoreSql(q.ctr, 'r.sv', 'r.position')})`;
  const [days, domains, sums] = await run.columns(
    `SELECT ${daysOf('pd.point')} AS d, dm.domain, x.vs FROM (
       SELECT r.date, r.domain_id, ${vs} AS vs ${rollRowsSql(run, snapOf.values())}
       GROUP BY r.date, r.domain_id HAVING ${vs} > 0
     ) x JOIN ${pointsOfSql(snapOf)} ON pd.snap = x.date
     JOIN domains dm ON dm.id = x.domain_id ORDER BY d, x.vs DESC, dm.domain`,
  );
  const dateOf = new Map([...snapOf.keys()].map((p) => [epochDay(p), p]));
  return days!.map((d, i) => ({
    date: dateOf.get(Number(d))!,
    domain: String(domains![i]),
    visibilityScore: Number(sums![i]),
  }));
}

/** The sorted copies: each point's snapshots from serp_keyword_dates, their results summed per domain. */
async function fromSorted(run: Run, q: RankQuery, dates: readonly string[]): Promise<CvDomainScore[]> {
  await stageSnapshots(run, dates.map(windowOf));
  const used = await stageUse(run, dates);
  if (used === null) return [];
  const vs = `sum(${scoreSql(q.ctr, 'k.sv', 'r.position')})`;
  return toScores(
    await run.all(
      namedSql(`SELECT u.point, r.domain_id, ${vs} AS vs ${usedResultsSql(run, used)}
        GROUP BY u.point, r.domain_id HAVING ${vs} > 0`),
    ),
  );
}

/** The raw SERP rows, the date rule keyword by keyword, in one statement. */
async function fromRaw(run: Run, q: RankQuery): Promise<CvDomainScore[]> {
  const vs = `sum(${scoreSql(q.ctr, 'sv', 'position')})`;
  return toScores(
    await run.all(
      `WITH ${rawDateRuleSql(run, q)}, ${rawResultsSql(run)}
       ${namedSql(`SELECT point, domain_id, ${vs} AS vs FROM raw_res GROUP BY point, domain_id HAVING ${vs} > 0`)}`,
    ),
  );
}

/**
 * The domain scores by the plan of `source` (null: the planner's choice); null when the planner does not
 * allow that source for this query and data.
 */
export function domainScoresByPlan(
  db: DuckDb,
  scope: CvScope,
  dates: readonly string[],
  source: Source | null,
): Promise<Planned<CvDomainScore[]> | null> {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) {
    return Promise.resolve({ plan: { source: 'raw', dates: 'date-rule' }, candidates: [], answer: [] });
  }
  const q = domainScoresQuery(scope, sorted);
  return runPlanned(db, scope, { dates: sorted, rollupFirst: true }, q, source, [], {
    rollup: {
      fact: (run) => rollupSnapshots(run, sorted),
      answer: (run, snapOf) => fromRollup(run, q, snapOf),
    },
    sorted: (run) => fromSorted(run, q, sorted),
    raw: (run) => fromRaw(run, q),
  });
}
