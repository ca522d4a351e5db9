// The market-share reads of the ClickHouse RankStore (market-share-reads.ts). On the shard that owns the
// market, one statement picks the snapshot each keyword uses at each point (serp_keyword_dates, DESIGN §3
// date rule; weekly data needs no pick) and sums sv × ctr per (point or keyword set, domain) into a session's
// temporary table; the totals, leaders, ranks and the domains asked for are then read from that small table.
// 18.16 has no window functions, so a rank is the position in the point's domains sorted by (VS desc, name)
// as one array.
import { randomUUID } from 'node:crypto';
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
import type { ChServer, ChSession } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { onOwningShard, SESSION_TIMEOUT_S } from '../cv/run';
import { count, ctrArray, dateArray, dateLit, float, storable } from '../cv/sql';

/** Runs `fn` in a fresh session of the owning shard, dropping its temporary tables afterwards. */
async function inSession<T>(
  server: ChServer,
  tables: readonly string[],
  fn: (s: ChSession) => Promise<T>,
): Promise<T> {
  const s = server.session(`sightline_ms_${randomUUID()}`, SESSION_TIMEOUT_S);
  try {
    return await fn(s);
  } finally {
    // One after another (a session runs one statement at a time); a failed drop is left to the timeout.
    for (const t of tables) await s.command(`DROP TEMPORARY TABLE IF EXISTS ${t}`).catch(() => undefined);
  }
}

/** Snapshot dates of the market in [lo, hi] (serp_snapshots rollup). */
async function datesIn(ctx: ChContext, s: ChSession, mid: number, lo: string, hi: string): Promise<string[]> {
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
    ({ server }, mid) =>
      inSession(server, ['ms_series'], async (s) => {
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
        await s.command(
          `CREATE TEMPORARY TABLE ms_series ENGINE = Memory AS
           SELECT point, domain, vs FROM (
             SELECT point, domain_id, sum(sv * ${ctrArray(ctr)}[position]) AS vs FROM (${results})
             ANY INNER JOIN (
               SELECT id AS keyword_id, assumeNotNull(sv) AS sv FROM ${ctx.local('keywords')}
               WHERE market_id = ${lit(mid)} AND isNotNull(sv)
             ) USING keyword_id
             GROUP BY point, domain_id
           ) ANY INNER JOIN (SELECT id AS domain_id, domain FROM ${ctx.table('domains')}) USING domain_id
           WHERE vs > 0`,
        );
        const sorted = `arrayMap(x -> x.2, arraySort(x -> (-x.1, x.2),
          groupArray((round(vs, ${CV_TIE_DIGITS}), domain))))`;
        const totals = await s.rows(
          `SELECT toString(point) AS d, sum(vs) AS total FROM ms_series GROUP BY point`,
        );
        const top = await s.rows(
          `SELECT arraySlice(${sorted}, 1, ${limit}) AS top FROM ms_series WHERE point = ${dateLit(hi)}`,
        );
        const leaders = ((top[0]?.top ?? []) as unknown[]).map(String);
        const picked = [...new Set([...leaders, ...names])].sort();
        const byDate = new Map(totals.map((r) => [String(r.d), float(r.total)]));
        const base = {
          totals: points.map((p) => byDate.get(p) ?? 0),
          leaders,
        };
        if (picked.length === 0) return { ...base, scores: [], ranks: [] };
        const scores = await s.rows(
          `SELECT toString(point) AS d, domain, vs FROM ms_series
           WHERE domain IN (SELECT arrayJoin(${lit(picked)})) ORDER BY point, domain`,
        );
        const first = inRange[0]!;
        const ranks = await s.rows(
          `SELECT toString(point) AS d, name, indexOf(arr, name) AS rk FROM (
             SELECT point, ${sorted} AS arr FROM ms_series
             WHERE point IN (${dateLit(first)}, ${dateLit(hi)}) GROUP BY point
           ) ARRAY JOIN ${lit(picked)} AS name`,
        );
        const rankOf = new Map(ranks.map((r) => [`${String(r.d)} ${String(r.name)}`, count(r.rk)]));
        const rankAt = (d: string, name: string): number | null => {
          const v = rankOf.get(`${d} ${name}`) ?? 0;
          return v === 0 ? null : v;
        };
        return {
          ...base,
          scores: scores.map((r) => ({
            date: String(r.d),
            domain: String(r.domain),
            visibilityScore: float(r.vs),
          })),
          ranks: picked.map((domain) => ({
            domain,
            start: points[0] === first ? rankAt(first, domain) : null,
            end: rankAt(hi, domain),
          })),
        };
      }),
  );
}

/**
 * Stages the `(set_no, keyword_id)` pairs as the session's ms_members: two array literals zipped by ARRAY
 * JOIN, each one AST element however many keywords (a literal of tuples would exceed max_ast_elements).
 */
async function stageMembers(s: ChSession, sets: readonly MsKeywordSet[]): Promise<void> {
  const setNos: number[] = [];
  const ids: number[] = [];
  sets.forEach((x, i) => {
    for (const id of new Set(x.keywordIds)) {
      setNos.push(i);
      ids.push(id);
    }
  });
  await s.command(
    `CREATE TEMPORARY TABLE ms_members ENGINE = Memory AS
     SELECT toUInt32(n) AS set_no, toUInt32(k) AS keyword_id FROM (SELECT ${lit(setNos)} AS ns, ${lit(ids)} AS ks)
     ARRAY JOIN ns AS n, ks AS k`,
  );
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
  return onOwningShard(ctx, market, empty, ({ server }, mid) =>
    inSession(server, ['ms_members', 'ms_sets'], async (s) => {
      await stageMembers(s, sets);
      const inSets = ' AND keyword_id IN (SELECT keyword_id FROM ms_members)';
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
      // (set, domain) in one pass.
      await s.command(
        `CREATE TEMPORARY TABLE ms_sets ENGINE = Memory AS
         SELECT set_no, domain_id, sum(sv * ${ctrArray(ctr)}[position]) AS vs FROM (${results})
         ALL INNER JOIN (
           SELECT set_no, keyword_id, sv FROM ms_members
           ANY INNER JOIN (
             SELECT id AS keyword_id, assumeNotNull(sv) AS sv FROM ${ctx.local('keywords')}
             WHERE market_id = ${lit(mid)} AND isNotNull(sv)
           ) USING keyword_id
         ) USING keyword_id
         GROUP BY set_no, domain_id`,
      );
      const totals = await s.rows(`SELECT set_no, sum(vs) AS total FROM ms_sets GROUP BY set_no`);
      const rows =
        names.length === 0
          ? []
          : await s.rows(
              `SELECT set_no, domain, vs FROM ms_sets
               ANY INNER JOIN (
                 SELECT id AS domain_id, domain FROM ${ctx.table('domains')}
                 WHERE domain IN (SELECT arrayJoin(${lit(names)}))
               ) USING domain_id
               WHERE vs > 0 ORDER BY set_no, domain`,
            );
      const out = empty();
      for (const r of totals) out[count(r.set_no)]!.total = float(r.total);
      for (const r of rows) {
        out[count(r.set_no)]!.scores.push({ domain: String(r.domain), visibilityScore: float(r.vs) });
      }
      return out;
    }),
  );
}

export function marketShareReads(ctx: ChContext): MarketShareReads {
  return {
    domainSeries: (market, points, ctr, domains, limit) =>
      domainSeries(ctx, market, points, ctr, domains, limit),
    setScores: (market, date, ctr, sets, domains) => setScores(ctx, market, date, ctr, sets, domains),
  };
}
