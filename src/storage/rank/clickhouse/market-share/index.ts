// The market-share reads of the ClickHouse RankStore (market-share-reads.ts). On the shard that owns the
// market, one statement picks the snapshot each keyword uses at each point (serp_keyword_dates, DESIGN §3
// date rule; weekly data needs no pick) and sums sv × ctr per (point or keyword set, domain); the same
// statement folds those sums into the totals, leaders, ranks and the domains asked for, so the market's scan
// is made once and no temporary table is staged (issue 28 item 8); keyword sets go with their statement as
// an external table. 18.16 has no window functions, so a rank is the position in the point's domains sorted
// by (VS desc, name) as one array.
import { addDays } from '@core/date-range';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  MarketShareReads,
  MsKeywordSet,
  MsSeriesScores,
  MsSetScores,
} from '../../../market-share-reads';
import { checkSeriesInput, checkSetInput, emptySeries, emptySets } from '../../ms-input';
import { fastPoints } from '../../ve-input';
import type { ChServer, ExternalTable } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { onOwningShard } from '../cv/run';
import { count, ctrArray, dateArray, dateLit, float, storable } from '../cv/sql';

/** Snapshot dates of the market in [lo, hi] (serp_snapshots rollup). */
async function datesIn(ctx: ChContext, s: ChServer, mid: number, lo: string, hi: string): Promise<string[]> {
  const rows = await s.rows(
    `SELECT DISTINCT toString(date) AS d FROM ${ctx.local('serp_snapshots')}
     WHERE market_id = ${lit(mid)} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)} AND keywords > 0`,
  );
  return rows.map((r) => String(r.d)).sort();
}

/** Results of the market dated in [lo, hi] (with `extra` conditions), as the snapshot pick joins them. */
function resultsIn(ctx: ChContext, mid: number, lo: string, hi: string, extra = ''): string {
  return `SELECT keyword_id, date, position, domain_id FROM ${ctx.local('serp_results')}
    WHERE market_id = ${lit(mid)} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}${extra}`;
}

async function domainSeries(
  ctx: ChContext,
  market: string,
  points: readonly string[],
  ctr: readonly number[],
  domains: readonly string[],
  limit: number,
): Promise<MsSeriesScores> {
  const names = checkSeriesInput(market, points, ctr, domains, limit);
  const inRange = points.filter((p) => storable(p, p) !== null);
  if (inRange.length === 0) return emptySeries(points.length);
  const lo = addDays(inRange[0]!, -MAX_SNAPSHOT_AGE_DAYS);
  const hi = inRange.at(-1)!;
  return onOwningShard(
    ctx,
    market,
    () => emptySeries(points.length),
    async ({ server: s }, mid) => {
      const dates = await datesIn(ctx, s, mid, lo, hi);
      // Weekly data (no point's window holds another snapshot date): the results dated on the points are the
      // ones used, summed without a snapshot join. Otherwise each keyword's latest snapshot per point.
      const results = fastPoints(inRange, dates)
        ? `SELECT date AS point, keyword_id, position, domain_id FROM ${ctx.local('serp_results')}
           WHERE market_id = ${lit(mid)} AND date IN (${inRange.map(dateLit).join(', ')})`
        : `SELECT point, keyword_id, position, domain_id FROM (${resultsIn(ctx, mid, lo, hi)})
           ALL INNER JOIN (
             SELECT point, keyword_id, used AS date FROM (
               SELECT point, keyword_id, max(day) AS used FROM (
                 SELECT date AS day, keyword_id FROM ${ctx.local('serp_keyword_dates')}
                 WHERE market_id = ${lit(mid)} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}
               ) ARRAY JOIN ${dateArray(inRange)} AS point
               WHERE day <= point AND day >= point - ${MAX_SNAPSHOT_AGE_DAYS}
               GROUP BY point, keyword_id
             )
           ) USING (keyword_id, date)`;
      const series = `SELECT point, domain, vs FROM (
          SELECT point, domain_id, sum(sv * ${ctrArray(ctr)}[position]) AS vs FROM (${results})
          ANY INNER JOIN (
            SELECT id AS keyword_id, assumeNotNull(sv) AS sv FROM ${ctx.local('keywords')}
            WHERE market_id = ${lit(mid)} AND isNotNull(sv)
          ) USING keyword_id
          GROUP BY point, domain_id
        ) ANY INNER JOIN (SELECT id AS domain_id, domain FROM ${ctx.table('domains')}) USING domain_id
        WHERE vs > 0`;
      // Per point its total and its domains sorted by (rounded VS desc, name); then, over the points, the
      // leaders at the last one, and for them and the domains asked for their VS per point (by name) and
      // their ranks at the first and the last point (a rank looks its name up in the point's whole list, so
      // only the few names asked for are returned).
      const first = inRange[0]!;
      const domainsAt = (d: string) => `arrayMap(x -> x.2, ss[indexOf(ps, ${dateLit(d)})])`;
      const [r] = await s.rows(
        `SELECT arrayMap(p -> toString(p), ps) AS dates, ts AS totals,
           arraySlice(${domainsAt(hi)}, 1, ${limit}) AS leaders, arrayConcat(leaders, ${lit([...names])}) AS wanted,
           arrayMap(x -> arraySort(y -> y.1, arrayFilter(y -> has(wanted, y.1), arrayMap(y -> (y.2, y.3), x))), ss)
             AS scored,
           arrayMap(n -> indexOf(${domainsAt(first)}, n), wanted) AS rank_first,
           arrayMap(n -> indexOf(${domainsAt(hi)}, n), wanted) AS rank_last
         FROM (
           SELECT groupArray(point) AS ps, groupArray(total) AS ts, groupArray(s) AS ss FROM (
             SELECT point, sum(vs) AS total,
               arraySort(x -> (-x.1, x.2), groupArray((round(vs, ${CV_TIE_DIGITS}), domain, vs))) AS s
             FROM (${series}) GROUP BY point
           )
         )`,
      );
      const leaders = ((r?.leaders ?? []) as unknown[]).map(String);
      const picked = [...new Set([...leaders, ...names])].sort();
      const dateList = ((r?.dates ?? []) as unknown[]).map(String);
      const totals = (r?.totals ?? []) as unknown[];
      const byDate = new Map(dateList.map((d, i) => [d, float(totals[i])]));
      const base = {
        totals: points.map((p) => byDate.get(p) ?? 0),
        leaders,
      };
      if (picked.length === 0) return { ...base, scores: [], ranks: [] };
      const scored = (r?.scored ?? []) as [unknown, unknown][][];
      // Rows by point, then domain (ORDER BY point, domain).
      const scores = dateList
        .map((d, i) => ({ d, rows: scored[i]! }))
        .sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0))
        .flatMap(({ d, rows }) =>
          rows.map(([domain, vs]) => ({ date: d, domain: String(domain), visibilityScore: float(vs) })),
        );
      const wanted = [...leaders, ...names];
      const rankIn = (column: unknown) => {
        const ranks = new Map<string, number>();
        ((column ?? []) as unknown[]).forEach((v, i) => ranks.set(wanted[i]!, count(v)));
        return (name: string): number | null => {
          const v = ranks.get(name) ?? 0;
          return v === 0 ? null : v;
        };
      };
      const rankFirst = rankIn(r?.rank_first);
      const rankLast = rankIn(r?.rank_last);
      return {
        ...base,
        scores,
        ranks: picked.map((domain) => ({
          domain,
          start: points[0] === first ? rankFirst(domain) : null,
          end: rankLast(domain),
        })),
      };
    },
  );
}

/**
 * The `(set_no, keyword_id)` pairs as the external table ms_members (ChServer.rowsWith): sent once with the
 * statement as TabSeparated rows, which both the index condition and the join read by name. As array
 * literals the statement carried three copies of 10,000 ids (pairs and distinct ids) and took about twice as
 * long on the cluster, most of it in parsing and materialising the literals.
 */
function membersOf(sets: readonly MsKeywordSet[]): ExternalTable {
  const rows: [number, number][] = [];
  sets.forEach((x, i) => {
    for (const id of new Set(x.keywordIds)) rows.push([i, id]);
  });
  return { name: 'ms_members', structure: 'set_no UInt32, keyword_id UInt32', rows };
}

async function setScores(
  ctx: ChContext,
  market: string,
  date: string,
  ctr: readonly number[],
  sets: readonly MsKeywordSet[],
  domains: readonly string[],
): Promise<MsSetScores[]> {
  const names = checkSetInput(market, date, ctr, sets, domains);
  const empty = () => emptySets(sets);
  const range = storable(addDays(date, -MAX_SNAPSHOT_AGE_DAYS), date);
  if (range === null || sets.every((x) => x.keywordIds.length === 0)) return empty();
  const members = membersOf(sets);
  const inSets = ` AND keyword_id IN (SELECT keyword_id FROM ${members.name})`;
  return onOwningShard(ctx, market, empty, async ({ server: s }, mid) => {
    const windowDates = await datesIn(ctx, s, mid, range.lo, range.hi);
    // The snapshot each keyword uses: the one of `date` itself when the window holds no other date.
    const results =
      windowDates.length === 0 || (windowDates.length === 1 && windowDates[0] === date)
        ? `SELECT keyword_id, position, domain_id FROM ${ctx.local('serp_results')}
           WHERE market_id = ${lit(mid)} AND date = ${dateLit(date)}${inSets}`
        : `SELECT keyword_id, position, domain_id FROM (
             ${resultsIn(ctx, mid, range.lo, range.hi, inSets)}
           ) ALL INNER JOIN (
             SELECT keyword_id, used AS date FROM (
               SELECT keyword_id, max(date) AS used FROM ${ctx.local('serp_keyword_dates')}
               WHERE market_id = ${lit(mid)}
                 AND date BETWEEN ${dateLit(range.lo)} AND ${dateLit(range.hi)}${inSets}
               GROUP BY keyword_id
             )
           ) USING (keyword_id, date)`;
    // Every result scored once per set its keyword is in (the sets' members carry the volumes), summed per
    // (set, domain) in one pass; then per set the total over every domain and the named domains' VS (a
    // domain not asked for has the name '', the default of the left join).
    const perSet = `SELECT set_no, domain_id, sum(sv * ${ctrArray(ctr)}[position]) AS vs FROM (${results})
      ALL INNER JOIN (
        SELECT set_no, keyword_id, sv FROM ${members.name}
        ANY INNER JOIN (
          SELECT id AS keyword_id, assumeNotNull(sv) AS sv FROM ${ctx.local('keywords')}
          WHERE market_id = ${lit(mid)} AND isNotNull(sv)
        ) USING keyword_id
      ) USING keyword_id
      GROUP BY set_no, domain_id`;
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
      domainSeries(ctx, market, points, ctr, domains, limit),
    setScores: (market, date, ctr, sets, domains) => setScores(ctx, market, date, ctr, sets, domains),
  };
}
