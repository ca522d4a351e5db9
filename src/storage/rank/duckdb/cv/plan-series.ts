// Visibility series (domains, whole-market and visibility-share widgets) through the planner: per point date
// of the span, the keywords measured, Σ sv × ctr(1) over them (the visibility denominator), optionally the VS
// of every host in the market (the whole-market share denominator), and each target's VS. The planner
// (../../plan/planner.ts) picks the campaign rollup, the sorted copies (serp_keyword_dates with
// serp_by_domain or the campaign's copies, snapshots.ts) or the raw SERP rows; each source below gives the
// same numbers (test/storage/plan-series.test.ts).
import type { CvScope, CvSeries, CvSeriesPoint, CvSpan, CvTarget } from '../../../campaign-visibility-reads';
import type { Planned, Source } from '../../plan/planner';
import { seriesQuery, type RankQuery } from '../../plan/query';
import type { DuckDb } from '../db';
import { rawDateRuleSql, rawResultsSql, rawTargetMatchSql, scoreSql } from './plan-emit';
import { runPlanned } from './plan-run';
import type { RollDate } from './prologue';
import { rollRowsSql, rollupDays, targetRowsSql } from './rollup-plan';
import type { Run } from './run';
import { isoOf } from './sql';
import { stageHits, stagePoints, stageUse, usedResultsSql } from './snapshots';

const wantsMarket = (q: RankQuery) => q.measures.includes('marketVisibilityScore');

/** Rows (d, t, vs) per point date and target, into the series' per-target lists. */
function pointsOf(
  run: Run,
  q: RankQuery,
  measured: readonly { date: string; keywords: number; max: number }[],
  scores: readonly Record<string, unknown>[],
  market: ReadonlyMap<string, number>,
): CvSeries {
  const vs = new Map<string, number[]>(measured.map((m) => [m.date, q.targets.map(() => 0)]));
  for (const r of scores) vs.get(String(r.d))![Number(r.t)] = Number(r.vs);
  const points: CvSeriesPoint[] = measured.map((m) => ({
    date: m.date,
    keywords: m.keywords,
    maxVisibilityScore: m.max,
    marketVisibilityScore: wantsMarket(q) ? (market.get(m.date) ?? 0) : null,
    visibilityScores: vs.get(m.date)!,
  }));
  return { unknownVolume: run.facts.keywords.unknown, keywords: run.facts.keywords.n, points };
}

/** The rollup: each point is its own snapshot date, the targets' and the market's sums in one call. */
async function fromRollup(run: Run, q: RankQuery, days: readonly RollDate[]): Promise<CvSeries> {
  const points = days.map((d) => d.date);
  const vs = `sum(${scoreSql(q.ctr, 'r.sv', 'r.position')})`;
  const scores: Record<string, unknown>[] = [];
  const market = new Map<string, number>();
  if (points.length > 0) {
    const rows = await run.all(
      `SELECT ${isoOf('r.date')} AS d, t, ${vs} AS vs ${targetRowsSql(run, points)} GROUP BY r.date, t
       ${wantsMarket(q) ? `UNION ALL SELECT ${isoOf('r.date')} AS d, NULL AS t, ${vs} AS vs ${rollRowsSql(run, points)} GROUP BY r.date` : ''}`,
    );
    for (const r of rows) {
      if (r.t === null) market.set(String(r.d), Number(r.vs));
      else scores.push(r);
    }
  }
  const measured = days.map((d) => ({ date: d.date, keywords: d.keywords, max: d.sv * q.ctr.values[0]! }));
  return pointsOf(run, q, measured, scores, market);
}

/** The sorted copies: snapshots from serp_keyword_dates, matching results by domain (snapshots.ts). */
async function fromSorted(run: Run, q: RankQuery): Promise<CvSeries> {
  const points = await stagePoints(run, q.points.span);
  const used = await stageUse(run, points);
  await stageHits(run, used);
  const rows = await run.all(
    `SELECT ${isoOf('u.point')} AS d, count(*) AS n, coalesce(sum(${scoreSql(q.ctr, 'k.sv', '1')}), 0) AS top
     FROM cv_use u JOIN cv_kw k ON k.keyword_id = u.keyword_id GROUP BY u.point`,
  );
  const scores = await run.all(
    `SELECT ${isoOf('point')} AS d, t, coalesce(sum(score), 0) AS vs FROM cv_hits GROUP BY point, t`,
  );
  const market = new Map<string, number>();
  if (wantsMarket(q) && used !== null) {
    const rows = await run.all(
      `SELECT ${isoOf('u.point')} AS d, coalesce(sum(${scoreSql(q.ctr, 'k.sv', 'r.position')}), 0) AS vs
       ${usedResultsSql(run, used)} GROUP BY u.point`,
    );
    for (const r of rows) market.set(String(r.d), Number(r.vs));
  }
  const byDate = new Map(rows.map((r) => [String(r.d), r]));
  const measured = points.map((d) => ({
    date: d,
    keywords: Number(byDate.get(d)?.n ?? 0),
    max: Number(byDate.get(d)?.top ?? 0),
  }));
  return pointsOf(run, q, measured, scores, market);
}

/** The raw SERP rows, the date rule keyword by keyword (plan-emit.ts), in one statement. */
async function fromRaw(run: Run, q: RankQuery): Promise<CvSeries> {
  const score = scoreSql(q.ctr, 'sv', 'position');
  const rows = await run.all(
    `WITH ${rawDateRuleSql(run, q)}, ${rawResultsSql(run)}, ${rawTargetMatchSql(run)}
     SELECT 0 AS part, ${isoOf('u.point')} AS d, NULL AS t, count(*) AS n,
       coalesce(sum(${scoreSql(q.ctr, 'k.sv', '1')}), 0) AS vs
     FROM raw_use u JOIN cv_kw k ON k.keyword_id = u.keyword_id GROUP BY u.point
     UNION ALL SELECT 1, ${isoOf('point')}, t, 0, coalesce(sum(${score}), 0) FROM raw_hits GROUP BY point, t
     ${wantsMarket(q) ? `UNION ALL SELECT 2, ${isoOf('point')}, NULL, 0, coalesce(sum(${score}), 0) FROM raw_res GROUP BY point` : ''}`,
  );
  const measured = rows
    .filter((r) => Number(r.part) === 0)
    .map((r) => ({ date: String(r.d), keywords: Number(r.n), max: Number(r.vs) }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const market = new Map(rows.filter((r) => Number(r.part) === 2).map((r) => [String(r.d), Number(r.vs)]));
  return pointsOf(
    run,
    q,
    measured,
    rows.filter((r) => Number(r.part) === 1),
    market,
  );
}

/**
 * The series by the plan of `source` (null: the planner's choice); null when the planner does not allow
 * that source for this query and data.
 */
export function seriesByPlan(
  db: DuckDb,
  scope: CvScope,
  targets: readonly CvTarget[],
  span: CvSpan,
  opts: { market: boolean },
  source: Source | null,
): Promise<Planned<CvSeries> | null> {
  const q = seriesQuery(scope, targets, span, opts);
  const input = { targets, dates: [span.start, span.end], rollupFirst: true };
  return runPlanned(
    db,
    scope,
    input,
    q,
    source,
    { unknownVolume: 0, keywords: 0, points: [] },
    {
      rollup: {
        fact: (run) => rollupDays(run, span),
        answer: (run, days) => fromRollup(run, q, days),
      },
      sorted: (run) => fromSorted(run, q),
      raw: (run) => fromRaw(run, q),
    },
  );
}
