// Result-type prominence through the planner: each target's VS per point date and result type, brand counted
// as organic (DESIGN §2). The planner (../../plan/planner.ts) picks the campaign rollup (rollup.ts) or the
// raw SERP rows (snapshots.ts, cv_hits); both give the same rows (test/storage/plan-series.test.ts). The
// explorer's host types are the same read over a market's keywords, from the raw rows only: no ClickHouse
// rollup holds a market's sums by result type (test/storage/plan-explorer.test.ts). Units: VS in estimated
// monthly clicks (Σ sv × ctr).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { CvDated, CvScope, CvSpan, CvTarget, CvTypeScore } from '../../../campaign-visibility-reads';
import {
  choosePlan,
  MARKET_READS,
  unplanned,
  type Plan,
  type Planned,
  type Source,
} from '../../plan/planner';
import { hostTypeScoresQuery } from '../../plan/market-query';
import { typeScoresQuery, type AnyRankQuery } from '../../plan/query';
import type { ChContext } from '../context';
import type { Row } from '../client';
import { runPlanned } from './plan-run';
import { rollupSnapshots, rollupTargetScores, type SnapOf } from './rollup';
import { marketDates } from '../ve/host-rows';
import { stageTargets, withRun, type Run, type TargetSet } from './run';
import { count, float } from './sql';
import {
  ownTargetRows,
  scoreSql,
  stageHits,
  stagePoints,
  stageSnapshots,
  stageUse,
  useWindow,
  windowOf,
  type UsedDates,
} from './snapshots';

const BRAND = resultTypeCode('brand');
const ORGANIC = resultTypeCode('organic');

const TYPE_SQL = `if(result_type = ${BRAND}, ${ORGANIC}, result_type)`;
/** The grouped result type: brand counted as organic (TYPE_SQL), unless the explorer keeps it apart. */
const typeSql = (q: AnyRankQuery) => (q.explorerTypes ? 'result_type' : TYPE_SQL);

/** Rows (d, t, rt, vs) from the rollup at each point's snapshot date. */
async function fromRollup(run: Run, set: TargetSet, snapOf: SnapOf): Promise<Row[]> {
  const bySnap = new Map<string, Row[]>();
  // Scores are ≥ 0, so a group with a positive sum is exactly one with a positive score.
  for (const r of await rollupTargetScores(run, set, snapOf, { select: `${TYPE_SQL} AS rt`, group: 'rt' })) {
    if (float(r.vs) > 0) bySnap.set(String(r.d), [...(bySnap.get(String(r.d)) ?? []), r]);
  }
  const out: Row[] = [...snapOf].flatMap(([point, snap]) =>
    (bySnap.get(snap) ?? []).map((r) => ({ ...r, d: point })),
  );
  const key = (r: Row) => [String(r.d), count(r.t), count(r.rt)] as const;
  return out.sort((a, b) => {
    const [da, ta, ra] = key(a);
    const [db, tb, rb] = key(b);
    return da < db ? -1 : da > db ? 1 : ta - tb || ra - rb;
  });
}

/**
 * Rows (d, t, rt, vs) from the SERP rows: groups with a positive sum (scores are ≥ 0), or for the explorer
 * those with a result of known volume. One target at own dates is summed in the SELECT of its scan
 * (ownTargetRows).
 */
async function fromRaw(run: Run, q: AnyRankQuery, set: TargetSet, used: UsedDates | null) {
  const counted = (score: string) => (q.explorerTypes ? `isNotNull(${score})` : `${score} > 0`);
  const own = ownTargetRows(run, set, used);
  if (own !== null) {
    const score = scoreSql(run);
    return run.s.rows(
      `SELECT toString(date) AS d, toUInt32(0) AS t, ${typeSql(q)} AS rt, sum(${score}) AS vs
       FROM ${own} WHERE ${counted(score)} GROUP BY date, t, rt ORDER BY date, t, rt`,
    );
  }
  await stageHits(run, set, used);
  return run.s.rows(
    `SELECT toString(point) AS d, t, ${typeSql(q)} AS rt, sum(score) AS vs
     FROM cv_hits WHERE ${counted('score')} GROUP BY point, t, rt ORDER BY point, t, rt`,
  );
}

/** The answer's rows of fromRollup or fromRaw. */
const toScores = (rows: Row[]): CvTypeScore[] =>
  rows.map((r) => ({
    date: String(r.d),
    target: count(r.t),
    resultType: resultTypeOf(count(r.rt)) as CvTypeScore['resultType'],
    visibilityScore: float(r.vs),
  }));

/**
 * The type scores by the plan of `source` (null: the planner's choice); null when the planner does not allow
 * that source for this query and data.
 */
export function typeScoresByPlan(
  ctx: ChContext,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  source: Source | null,
): Promise<Planned<CvDated<CvTypeScore>> | null> {
  const q = typeScoresQuery(scope, targets, span);
  const empty: CvDated<CvTypeScore> = { dates: [], rows: [] };
  return runPlanned(ctx, scope, q, source, empty, {
    prepare: async (run) => {
      const points = await stagePoints(run, span);
      const used = await stageUse(run, points);
      return { points, used, set: await stageTargets(run, targets) };
    },
    rollupFact: (run, p) => Promise.resolve(p.used === null ? null : rollupSnapshots(run, p.used, targets)),
    answer: async (run, _plan, p, snapOf) => ({
      dates: p.points,
      rows: toScores(
        snapOf !== null ? await fromRollup(run, p.set, snapOf) : await fromRaw(run, q, p.set, p.used),
      ),
    }),
  });
}

/**
 * The explorer's host types (hostTypeScoresQuery) by the plan `want` (null: the planner's choice); null when
 * the planner does not allow it. Given the market's snapshot dates, the planner says how the points find
 * their snapshots: each its own date when no point's window holds another snapshot date of the market
 * (weekly data; the target's results of those dates are the rows), else the date rule over the keywords on
 * which the target's domains rank in the points' windows. No ClickHouse rollup holds a market's sums by
 * result type, so the rows are the raw ones on either plan.
 */
export function hostTypeScoresByPlan(
  ctx: ChContext,
  market: string,
  target: CvTarget,
  points: readonly string[],
  ctr: readonly number[],
  want: Plan | null,
): Promise<Planned<CvDated<CvTypeScore>> | null> {
  const q = hostTypeScoresQuery(market, target, points, ctr);
  const dates = [...q.points.dates!];
  const empty: CvDated<CvTypeScore> = { dates, rows: [] };
  const scope = { ...q.keywords, resultTypes: q.resultTypes, ctr };
  return withRun(
    ctx,
    scope,
    () => unplanned(empty),
    async (run) => {
      const snaps = await marketDates(ctx, run.s, run.marketId, windowOf(dates[0]!).lo, dates.at(-1)!);
      const chosen = choosePlan(q, MARKET_READS, { rollupAnswers: false, snapshotDates: snaps }, want);
      if (chosen === null) return null;
      const set = await stageTargets(run, q.targets);
      if (set.domainIds.length === 0) return { ...chosen, answer: empty };
      const own = dates.filter((d) => snaps.includes(d));
      let used: UsedDates | null = own.length === 0 ? null : { lo: own[0]!, hi: own.at(-1)!, own };
      if (chosen.plan.dates === 'date-rule') {
        await stageSnapshots(run, dates.map(windowOf), set.domainIds);
        used = useWindow(run, dates);
      }
      return { ...chosen, answer: { dates, rows: toScores(await fromRaw(run, q, set, used)) } };
    },
  );
}
