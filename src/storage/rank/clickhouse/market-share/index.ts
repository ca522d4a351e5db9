// The market-share reads of the ClickHouse RankStore (market-share-reads.ts) through the planner: each read is
// a query description (marketQuery) whose plan (choosePlan, given the market's snapshot dates) says how points
// find their snapshots — each point's own date for weekly data, else the date rule of DESIGN §3 over
// serp_keyword_dates — and whether the overview's sums come from the market rollup (ms_roll, rollup.ts). On
// the shard that owns the market, one statement sums sv × ctr per (point or keyword set, domain) and folds
// those sums into the totals, leaders, ranks and the domains asked for, so the market's scan is made once and
// no temporary table is staged (issue 28 item 8); keyword sets go with their statement as an external table.
// 18.16 has no window functions, so a rank is the position in the point's domains sorted by (VS desc, name)
// as one array.
import { addDays } from '@core/date-range';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  MarketShareReads,
  MsKeywordSet,
  MsSeriesScores,
  MsSetScores,
} from '../../../market-share-reads';
import { checkMarketRead, emptySeries, emptySets, seriesAnswer } from '../../ms-input';
import { answerOf, choosePlan, MARKET_READS, unplanned, type Plan, type Planned } from '../../plan/planner';
import { marketQuery, type MarketQuery } from '../../plan/market-query';
import type { ChServer, ExternalTable } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { scoreSql } from '../cv/plan-emit';
import { onOwningShard } from '../cv/run';
import { count, dateArray, dateLit, float, storable } from '../cv/sql';

/**
 * Runs a market read on the owning shard by the plan `want` (null: the planner's choice) with the SQL of
 * the results each keyword uses at each point (point, keyword_id, position, domain_id), narrowed by `only`
 * (a condition on keyword_id; '' for every keyword), and of Σ sv × ctr per `group` and domain over them
 * (`members`: a relation of (group, keyword_id) the keywords join first); null when that plan is not allowed.
 */
function planned<T>(
  ctx: ChContext,
  q: MarketQuery,
  want: Plan | null,
  empty: () => T,
  answer: (s: ChServer, sumSql: (group: string, only?: string, members?: string) => string) => Promise<T>,
): Promise<Planned<T> | null> {
  const points = q.points.dates!;
  const range = storable(addDays(points[0]!, -q.points.maxAgeDays), points.at(-1)!);
  if (range === null) return Promise.resolve(unplanned(empty()));
  return onOwningShard(
    ctx,
    q.keywords.market,
    () => unplanned(empty()),
    async ({ server: s }, mid) => {
      const where = `market_id = ${lit(mid)} AND date BETWEEN ${dateLit(range.lo)} AND ${dateLit(range.hi)}`;
      const snaps = await s.rows(
        `SELECT DISTINCT toString(date) AS d FROM ${ctx.local('serp_snapshots')} WHERE ${where} AND keywords > 0`,
      );
      const snapshotDates = snaps.map((r) => String(r.d)).sort();
      // ms_roll is kept in step with every write, so it always holds the market as it is now.
      const chosen = choosePlan(q, MARKET_READS, { rollupAnswers: true, snapshotDates }, want);
      if (chosen === null) return null;
      const used = (only: string) =>
        chosen.plan.dates === 'own-date'
          ? `SELECT date AS point, keyword_id, position, domain_id FROM ${ctx.local('serp_results')}
             WHERE market_id = ${lit(mid)} AND date IN (${points.map(dateLit).join(', ')})${only}`
          : `SELECT point, keyword_id, position, domain_id FROM (
               SELECT keyword_id, date, position, domain_id FROM ${ctx.local('serp_results')} WHERE ${where}${only}
             ) ALL INNER JOIN (
               SELECT point, keyword_id, used AS date FROM (
                 SELECT point, keyword_id, max(day) AS used FROM (
                   SELECT date AS day, keyword_id FROM ${ctx.local('serp_keyword_dates')} WHERE ${where}${only}
                 ) ARRAY JOIN ${dateArray(points)} AS point
                 WHERE day <= point AND day >= point - ${q.points.maxAgeDays}
                 GROUP BY point, keyword_id
               )
             ) USING (keyword_id, date)`;
      const keywords = `SELECT id AS keyword_id, assumeNotNull(sv) AS sv FROM ${ctx.local('keywords')}
        WHERE market_id = ${lit(mid)} AND isNotNull(sv)`;
      // The rollup holds the own-date sums of every keyword (Σ sv per date, domain and position), so it
      // answers only an overview's per-point sums; the planner offers it for nothing else.
      const scored = (group: string, only = '', members?: string) =>
        chosen.plan.source === 'rollup'
          ? `SELECT date AS point, domain_id, sum(${scoreSql(q.ctr, 'sv', 'position')}) AS vs
             FROM ${ctx.local('ms_roll')} WHERE market_id = ${lit(mid)} AND date IN (${points.map(dateLit).join(', ')})
             GROUP BY point, domain_id`
          : `SELECT ${group}, domain_id, sum(${scoreSql(q.ctr, 'sv', 'position')}) AS vs FROM (${used(only)})
         ${members === undefined ? `ANY INNER JOIN (${keywords})` : `ALL INNER JOIN (SELECT ${group}, keyword_id, sv FROM ${members} ANY INNER JOIN (${keywords}) USING keyword_id)`}
         USING keyword_id GROUP BY ${group}, domain_id`;
      return { ...chosen, answer: await answer(s, scored) };
    },
  );
}

/** domainSeries on the plan `want` (null: the planner's choice); null when that plan is not allowed. */
export async function domainSeriesByPlan(
  ctx: ChContext,
  market: string,
  points: readonly string[],
  ctr: readonly number[],
  domains: readonly string[],
  limit: number,
  want: Plan | null,
): Promise<Planned<MsSeriesScores> | null> {
  const names = checkMarketRead(market, points, ctr, domains, { limit });
  const inRange = points.filter((p) => storable(p, p) !== null);
  if (inRange.length === 0) return unplanned(emptySeries(points.length));
  const q = marketQuery(market, inRange, ctr, { limit });
  return planned(
    ctx,
    q,
    want,
    () => emptySeries(points.length),
    async (s, sumSql) => {
      const series = `SELECT point, domain, vs FROM (${sumSql('point')})
        ANY INNER JOIN (SELECT id AS domain_id, domain FROM ${ctx.table('domains')}) USING domain_id
        WHERE vs > 0`;
      // Per point its total and its domains sorted by (rounded VS desc, name); then, over the points, the
      // leaders at the last one, and for them and the domains asked for their VS and rank (the place in the
      // point's whole list) at each point, so only the few names asked for are returned.
      const [r] = await s.rows(
        `SELECT arrayMap(p -> toString(p), ps) AS dates, ts AS totals,
           arrayConcat(arraySlice(arrayMap(x -> x.2, ss[indexOf(ps, ${dateLit(inRange.at(-1)!)})]), 1, ${limit}),
             ${lit([...names])}) AS wanted,
           arrayMap(x -> arrayFilter(y -> has(wanted, y.1), arrayMap((y, i) -> (y.2, y.3, i), x, arrayEnumerate(x))), ss)
             AS scored
         FROM (
           SELECT groupArray(point) AS ps, groupArray(total) AS ts, groupArray(s) AS ss FROM (
             SELECT point, sum(vs) AS total,
               arraySort(x -> (-x.1, x.2), groupArray((round(vs, ${CV_TIE_DIGITS}), domain, vs))) AS s
             FROM (${series}) GROUP BY point
           )
         )`,
      );
      const dateList = ((r?.dates ?? []) as unknown[]).map(String);
      const totals = (r?.totals ?? []) as unknown[];
      const scored = (r?.scored ?? []) as [unknown, unknown, unknown][][];
      const rows = dateList.flatMap((date, i) =>
        scored[i]!.map(([domain, vs, rank]) => ({
          date,
          domain: String(domain),
          visibilityScore: float(vs),
          rank: count(rank),
        })),
      );
      return seriesAnswer(points, new Map(dateList.map((d, i) => [d, float(totals[i])])), rows, names, limit);
    },
  );
}

/** setScores on the plan `want` (null: the planner's choice); null when that plan is not allowed. */
export async function setScoresByPlan(
  ctx: ChContext,
  market: string,
  date: string,
  ctr: readonly number[],
  sets: readonly MsKeywordSet[],
  domains: readonly string[],
  want: Plan | null,
): Promise<Planned<MsSetScores[]> | null> {
  const names = checkMarketRead(market, [date], ctr, domains, { sets });
  const empty = () => emptySets(sets);
  if (sets.every((x) => x.keywordIds.length === 0)) return unplanned(empty());
  const q = marketQuery(market, [date], ctr, { sets: sets.map((x) => x.keywordIds) });
  // The (set_no, keyword_id) pairs go with the statement as the external table ms_members (ChServer.rowsWith),
  // TabSeparated rows that both the index condition and the join read by name. As array literals the
  // statement carried three copies of 10,000 ids and took about twice as long on the cluster, most of it in
  // parsing and materialising the literals.
  const members: ExternalTable = {
    name: 'ms_members',
    structure: 'set_no UInt32, keyword_id UInt32',
    rows: q.sets!.flatMap((ids, i) => ids.map((id) => [i, id])),
  };
  return planned(ctx, q, want, empty, async (s, sumSql) => {
    // Every result scored once per set its keyword is in (the sets' members carry the volumes), summed per
    // (set, domain) in one pass; then per set the total over every domain and the named domains' VS (a
    // domain not asked for has the name '', the default of the left join).
    const perSet = sumSql(
      'set_no',
      ` AND keyword_id IN (SELECT keyword_id FROM ${members.name})`,
      members.name,
    );
    const named =
      names.length === 0
        ? `SELECT set_no, '' AS domain, vs FROM (${perSet})`
        : `SELECT set_no, domain, vs FROM (${perSet})
           ANY LEFT JOIN (
             SELECT id AS domain_id, domain FROM ${ctx.table('domains')}
             WHERE domain IN (SELECT arrayJoin(${lit(names)}))
           ) USING domain_id`;
    const rows = await s.rowsWith(
      `SELECT set_no, sum(vs) AS total, arraySort(x -> x.1, groupArrayIf((domain, vs), domain != '' AND vs > 0)) AS scores
       FROM (${named}) GROUP BY set_no`,
      [members],
    );
    const out = empty();
    for (const r of rows) {
      const set = out[count(r.set_no)]!;
      set.total = float(r.total);
      for (const [domain, vs] of r.scores as [unknown, unknown][]) {
        set.scores.push({ domain: String(domain), visibilityScore: float(vs) });
      }
    }
    return out;
  });
}

export function marketShareReads(ctx: ChContext): MarketShareReads {
  return {
    domainSeries: (market, points, ctr, domains, limit) =>
      answerOf(domainSeriesByPlan(ctx, market, points, ctr, domains, limit, null)),
    setScores: (market, date, ctr, sets, domains) =>
      answerOf(setScoresByPlan(ctx, market, date, ctr, sets, domains, null)),
  };
}
