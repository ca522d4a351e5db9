// The market-share reads of the DuckDB RankStore (market-share-reads.ts) through the planner: each read is a
// query description (marketQuery) whose plan (choosePlan, given the market's snapshot dates) says how points find their snapshots — each
// point's own date for weekly data, else the date rule of DESIGN §3 over serp_keyword_dates — and whether the
// overview's sums come from the explorer's market rollup (ve_roll). One pass sums sv × ctr per (point or
// keyword set, domain), and the totals, leaders, ranks and the domains asked for are answered from that small
// result. Market and dates are literals so that DuckDB prunes row groups by them.
import { addDays } from '@core/date-range';
import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  MarketShareReads,
  MsKeywordSet,
  MsSeriesScores,
  MsSetScores,
} from '../../../market-share-reads';
import { checkMarketRead, emptySeries, emptySets, seriesAnswer } from '../../ms-input';
import {
  answerOf,
  choosePlan,
  MARKET_READS,
  rollupMayAnswer,
  unplanned,
  type Plan,
  type Planned,
} from '../../plan/planner';
import { marketQuery, type MarketQuery } from '../../plan/market-query';
import { scoreSql } from '../cv/plan-emit';
import { Binds, dateLit, isoOf } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { marketId } from '../dims';
import { veRollFresh } from '../ve/roll';

/**
 * Runs a market read by the plan `want` (null: the planner's choice) with the SQL of (g, domain_id, vs),
 * Σ sv × ctr per `group` and domain over the results each keyword uses at each point, narrowed by `only` (a
 * condition on keyword_id; '' for every keyword) after `join`; null when that plan is not allowed. The
 * explorer's market rollup (ve_roll, ve/roll.ts: Σ sv per date, domain, host, path segment, type and
 * position), while built from the current volumes, holds the own-date sums of every keyword, so the planner
 * offers it for the overview.
 */
function planned<T>(
  db: DuckDb,
  q: MarketQuery,
  want: Plan | null,
  empty: T,
  answer: (s: Session, sums: (group: string, only?: string, join?: string) => string) => Promise<T>,
): Promise<Planned<T> | null> {
  const points = q.points.dates!;
  const lits = points.map(dateLit).join(', ');
  const lo = dateLit(addDays(points[0]!, -q.points.maxAgeDays));
  const hi = dateLit(points.at(-1)!);
  return db.read(async (s) => {
    const mid = await marketId(s, q.keywords.market);
    if (mid === null) return unplanned(empty);
    const snaps = await s.all(
      `SELECT DISTINCT ${isoOf('date')} AS d FROM serp_snapshots
       WHERE market_id = ${mid} AND date BETWEEN ${lo} AND ${hi} AND keywords > 0 ORDER BY d`,
    );
    const snapshotDates = snaps.map((r) => String(r.d));
    const rollupAnswers = rollupMayAnswer(q, MARKET_READS) ? await veRollFresh(db, s, mid) : null;
    const chosen = choosePlan(q, MARKET_READS, { rollupAnswers, snapshotDates }, want);
    if (chosen === null) return null;
    const used = (only: string) =>
      chosen.plan.dates === 'own-date'
        ? `SELECT date AS point, keyword_id, position, domain_id FROM serp_results
           WHERE market_id = ${mid} AND date IN (${lits})${only}`
        : `SELECT u.point, r.keyword_id, r.position, r.domain_id FROM (
             SELECT p.point, keyword_id, max(s.date) AS date
             FROM (SELECT unnest([${lits}]) AS point) p
             JOIN serp_keyword_dates s ON s.market_id = ${mid}
               AND s.date BETWEEN p.point - ${q.points.maxAgeDays} AND p.point${only}
             GROUP BY p.point, keyword_id
           ) u JOIN serp_results r ON r.market_id = ${mid} AND r.date BETWEEN ${lo} AND ${hi}
             AND r.keyword_id = u.keyword_id AND r.date = u.date`;
    const sums = (group: string, only = '', join = '') =>
      chosen.plan.source === 'rollup'
        ? `SELECT date AS g, domain_id, sum(${scoreSql(q.ctr, 'sv', 'position')}) AS vs FROM ve_roll
           WHERE market_id = ${mid} AND date IN (${lits}) GROUP BY ALL`
        : scoredSql(q, used(only), group, join);
    return { ...chosen, answer: await answer(s, sums) };
  });
}

/** SQL of (g, domain_id, vs): Σ sv × ctr over the used results r per `group` (after `join`) and domain. */
const scoredSql = (q: MarketQuery, used: string, group: string, join = '') =>
  `SELECT ${group} AS g, r.domain_id, sum(${scoreSql(q.ctr, 'k.sv', 'r.position')}) AS vs
   FROM (${used}) r ${join} JOIN keywords k ON k.id = r.keyword_id WHERE k.sv IS NOT NULL GROUP BY ALL`;

/** domainSeries on the plan `want` (null: the planner's choice); null when that plan is not allowed. */
export async function domainSeriesByPlan(
  db: DuckDb,
  market: string,
  points: readonly string[],
  ctr: readonly number[],
  domains: readonly string[],
  limit: number,
  want: Plan | null,
): Promise<Planned<MsSeriesScores> | null> {
  const names = checkMarketRead(market, points, ctr, domains, { limit });
  if (points.length === 0) return unplanned(emptySeries(0));
  const q = marketQuery(market, points, ctr, { limit });
  return planned(db, q, want, emptySeries(points.length), async (s, sums) => {
    // One pass over the chosen results: VS per (point, domain), ranked per point over every domain; then
    // each point's total and the rows of the leaders at the last point and of the domains asked for.
    const b = new Binds();
    const rows = await s.all(
      `WITH ms AS MATERIALIZED (
         SELECT x.g AS point, d.domain, x.vs,
           row_number() OVER (PARTITION BY x.g ORDER BY round(x.vs, ${CV_TIE_DIGITS}) DESC, d.domain) AS rk
         FROM (${sums('r.point')}) x JOIN domains d ON d.id = x.domain_id WHERE x.vs > 0)
       SELECT ${isoOf('point')} AS d, NULL AS domain, sum(vs) AS vs, NULL AS rk FROM ms GROUP BY point
       UNION ALL
       SELECT ${isoOf('point')}, domain, vs, rk FROM ms WHERE domain IN (
         SELECT domain FROM ms WHERE point = ${dateLit(points.at(-1)!)} AND rk <= ${limit}
         UNION ALL SELECT unnest(${b.strings(names)}))`,
      b.values,
      b.types,
    );
    const totals = new Map(rows.filter((r) => r.domain === null).map((r) => [String(r.d), Number(r.vs)]));
    const scores = rows
      .filter((r) => r.domain !== null)
      .map((r) => ({
        date: String(r.d),
        domain: String(r.domain),
        visibilityScore: Number(r.vs),
        rank: Number(r.rk),
      }));
    return seriesAnswer(points, totals, scores, names, limit);
  });
}

/** setScores on the plan `want` (null: the planner's choice); null when that plan is not allowed. */
export async function setScoresByPlan(
  db: DuckDb,
  market: string,
  date: string,
  ctr: readonly number[],
  sets: readonly MsKeywordSet[],
  domains: readonly string[],
  want: Plan | null,
): Promise<Planned<MsSetScores[]> | null> {
  const names = checkMarketRead(market, [date], ctr, domains, { sets });
  const out = emptySets(sets);
  if (sets.every((x) => x.keywordIds.length === 0)) return unplanned(out);
  const q = marketQuery(market, [date], ctr, { sets: sets.map((x) => x.keywordIds) });
  return planned(db, q, want, out, async (s, sums) => {
    const b = new Binds();
    const members = q
      .sets!.map(
        (ids, i) =>
          `SELECT ${i} AS set_no, unnest(${b.add(listValue([...ids]), LIST(INTEGER))}) AS keyword_id`,
      )
      .join(' UNION ALL ');
    const perSet = sums(
      'm.set_no',
      ' AND keyword_id IN (SELECT keyword_id FROM members)',
      'JOIN members m ON m.keyword_id = r.keyword_id',
    );
    // Every result scored once per set its keyword is in, summed per (set, domain) in one pass.
    const rows = await s.all(
      `WITH members AS (SELECT DISTINCT set_no, keyword_id FROM (${members})), per_set AS (${perSet})
       SELECT g AS set_no, NULL AS domain, sum(vs) AS vs FROM per_set GROUP BY g
       UNION ALL
       SELECT p.g, d.domain, p.vs FROM per_set p JOIN domains d ON d.id = p.domain_id
       WHERE d.domain IN (SELECT unnest(${b.strings(names)})) AND p.vs > 0 ORDER BY set_no, domain`,
      b.values,
      b.types,
    );
    for (const r of rows) {
      const o = out[Number(r.set_no)]!;
      if (r.domain === null) o.total = Number(r.vs ?? 0);
      else o.scores.push({ domain: String(r.domain), visibilityScore: Number(r.vs) });
    }
    return out;
  });
}

export function marketShareReads(db: DuckDb): MarketShareReads {
  return {
    domainSeries: (market, points, ctr, domains, limit) =>
      answerOf(domainSeriesByPlan(db, market, points, ctr, domains, limit, null)),
    setScores: (market, date, ctr, sets, domains) =>
      answerOf(setScoresByPlan(db, market, date, ctr, sets, domains, null)),
  };
}
