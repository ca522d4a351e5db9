// The market-share reads of the DuckDB RankStore (market-share-reads.ts). Each request picks the snapshot every
// keyword uses at each point (serp_keyword_dates, DESIGN §3 date rule; weekly data needs no pick), sums
// sv × ctr per (point or keyword set, domain) over serp_results in one pass, and answers totals, leaders,
// ranks and the domains asked for from that small result. Market and dates are literals so that DuckDB prunes
// row groups by them.
import { addDays } from '@core/date-range';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { INTEGER, LIST, listValue } from '@duckdb/node-api';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  MarketShareReads,
  MsKeywordSet,
  MsSeriesScores,
  MsSetScores,
} from '../../../market-share-reads';
import { checkSeriesInput, checkSetInput, emptySeries, emptySets } from '../../ms-input';
import { fastPoints } from '../../ve-input';
import { Binds, dateLit, isoOf } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { marketId } from '../dims';

/** Keyword dates of the market in [lo, hi] that hold a snapshot, ascending. */
async function datesIn(s: Session, mid: number, lo: string, hi: string): Promise<string[]> {
  const rows = await s.all(
    `SELECT DISTINCT ${isoOf('date')} AS d FROM serp_snapshots
     WHERE market_id = ${mid} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)} AND keywords > 0 ORDER BY d`,
  );
  return rows.map((r) => String(r.d));
}

/**
 * SQL of (point, domain_id, vs): Σ sv × ctr(p) per registrable domain at each point, each keyword at the
 * snapshot it uses there. When no point's window holds another snapshot date (weekly data), every snapshot
 * dated on a point is the one used, so the results of those dates are summed without any snapshot join.
 */
async function scoredSql(s: Session, mid: number, points: readonly string[], c: string): Promise<string> {
  const lits = points.map(dateLit).join(', ');
  const lo = addDays(points[0]!, -MAX_SNAPSHOT_AGE_DAYS);
  const hi = points.at(-1)!;
  const score = `sum(k.sv * ${c}[r.position])`;
  if (fastPoints(points, await datesIn(s, mid, lo, hi))) {
    return `SELECT r.date AS point, r.domain_id, ${score} AS vs
      FROM serp_results r JOIN keywords k ON k.id = r.keyword_id
      WHERE r.market_id = ${mid} AND r.date IN (${lits}) AND k.sv IS NOT NULL
      GROUP BY r.date, r.domain_id`;
  }
  return `SELECT u.point, r.domain_id, ${score} AS vs
    FROM (
      SELECT p.point, s.keyword_id, max(s.date) AS date
      FROM (SELECT unnest([${lits}]) AS point) p
      JOIN serp_keyword_dates s ON s.market_id = ${mid}
        AND s.date BETWEEN p.point - ${MAX_SNAPSHOT_AGE_DAYS} AND p.point
      GROUP BY p.point, s.keyword_id
    ) u
    JOIN serp_results r ON r.market_id = ${mid} AND r.date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}
      AND r.keyword_id = u.keyword_id AND r.date = u.date
    JOIN keywords k ON k.id = r.keyword_id
    WHERE k.sv IS NOT NULL
    GROUP BY u.point, r.domain_id`;
}

async function domainSeries(
  db: DuckDb,
  market: string,
  points: readonly string[],
  ctr: readonly number[],
  domains: readonly string[],
  limit: number,
): Promise<MsSeriesScores> {
  const names = checkSeriesInput(market, points, ctr, domains, limit);
  if (points.length === 0) return emptySeries(0);
  return db.read(async (s) => {
    const mid = await marketId(s, market);
    if (mid === null) return emptySeries(points.length);
    const b = new Binds();
    const scored = await scoredSql(s, mid, points, b.doubles(ctr));
    // One pass over the chosen results: VS per (point, domain), ranked per point over every domain.
    await s.all(
      `CREATE OR REPLACE TEMP TABLE ms_series AS
       WITH scored AS (${scored})
       SELECT x.point, x.domain_id, d.domain, x.vs,
         row_number() OVER (PARTITION BY x.point ORDER BY round(x.vs, ${CV_TIE_DIGITS}) DESC, d.domain) AS rk
       FROM scored x JOIN domains d ON d.id = x.domain_id WHERE x.vs > 0`,
      b.values,
      b.types,
    );
    try {
      const first = dateLit(points[0]!);
      const last = dateLit(points.at(-1)!);
      const totals = await s.all(
        `SELECT ${isoOf('point')} AS d, sum(vs) AS total FROM ms_series GROUP BY point`,
      );
      const leaders = await s.all(
        `SELECT domain FROM ms_series WHERE point = ${last} AND rk <= ${limit} ORDER BY rk`,
      );
      const bn = new Binds();
      const asked = bn.strings(names);
      const picked = `SELECT domain FROM ms_series WHERE point = ${last} AND rk <= ${limit}
        UNION SELECT unnest(${asked})`;
      const scores = await s.all(
        `SELECT ${isoOf('point')} AS d, domain, vs FROM ms_series
         WHERE domain IN (${picked}) ORDER BY point, domain`,
        bn.values,
        bn.types,
      );
      const ranks = await s.all(
        `SELECT p.domain, a.rk AS start_rank, z.rk AS end_rank FROM (${picked}) p
         LEFT JOIN ms_series a ON a.domain = p.domain AND a.point = ${first}
         LEFT JOIN ms_series z ON z.domain = p.domain AND z.point = ${last}
         ORDER BY p.domain`,
        bn.values,
        bn.types,
      );
      const byDate = new Map(totals.map((r) => [String(r.d), Number(r.total)]));
      return {
        totals: points.map((p) => byDate.get(p) ?? 0),
        leaders: leaders.map((r) => String(r.domain)),
        scores: scores.map((r) => ({
          date: String(r.d),
          domain: String(r.domain),
          visibilityScore: Number(r.vs),
        })),
        ranks: ranks.map((r) => ({
          domain: String(r.domain),
          start: r.start_rank === null ? null : Number(r.start_rank),
          end: r.end_rank === null ? null : Number(r.end_rank),
        })),
      };
    } finally {
      await s.run('DROP TABLE IF EXISTS ms_series');
    }
  });
}

async function setScores(
  db: DuckDb,
  market: string,
  date: string,
  ctr: readonly number[],
  sets: readonly MsKeywordSet[],
  domains: readonly string[],
): Promise<MsSetScores[]> {
  const names = checkSetInput(market, date, ctr, sets, domains);
  const empty = () => emptySets(sets);
  if (sets.every((x) => x.keywordIds.length === 0)) return empty();
  return db.read(async (s) => {
    const mid = await marketId(s, market);
    if (mid === null) return empty();
    const b = new Binds();
    const c = b.doubles(ctr);
    const members = sets
      .map(
        (x, i) =>
          `SELECT ${i} AS set_no, unnest(${b.add(listValue([...new Set(x.keywordIds)]), LIST(INTEGER))}) AS keyword_id`,
      )
      .join(' UNION ALL ');
    const asked = b.strings(names);
    const lo = addDays(date, -MAX_SNAPSHOT_AGE_DAYS);
    const day = dateLit(date);
    const inSets = 'keyword_id IN (SELECT keyword_id FROM members)';
    // The snapshot each keyword uses: the one of `date` itself when the window holds no other date.
    const windowDates = await datesIn(s, mid, lo, date);
    const results =
      windowDates.length === 0 || (windowDates.length === 1 && windowDates[0] === date)
        ? `SELECT keyword_id, position, domain_id FROM serp_results
           WHERE market_id = ${mid} AND date = ${day} AND ${inSets}`
        : `SELECT r.keyword_id, r.position, r.domain_id FROM (
             SELECT keyword_id, max(date) AS date FROM serp_keyword_dates
             WHERE market_id = ${mid} AND date BETWEEN ${dateLit(lo)} AND ${day} AND ${inSets}
             GROUP BY keyword_id
           ) u JOIN serp_results r ON r.market_id = ${mid} AND r.date BETWEEN ${dateLit(lo)} AND ${day}
             AND r.keyword_id = u.keyword_id AND r.date = u.date`;
    // Every result scored once per set its keyword is in, summed per (set, domain) in one pass.
    const rows = await s.all(
      `WITH members AS (SELECT DISTINCT set_no, keyword_id FROM (${members})),
       per_set AS (
         SELECT m.set_no, r.domain_id, sum(k.sv * ${c}[r.position]) AS vs
         FROM (${results}) r
         JOIN members m ON m.keyword_id = r.keyword_id
         JOIN keywords k ON k.id = r.keyword_id
         WHERE k.sv IS NOT NULL
         GROUP BY m.set_no, r.domain_id
       )
       SELECT set_no, NULL AS domain, sum(vs) AS vs FROM per_set GROUP BY set_no
       UNION ALL
       SELECT p.set_no, d.domain, p.vs FROM per_set p JOIN domains d ON d.id = p.domain_id
       WHERE d.domain IN (SELECT unnest(${asked})) AND p.vs > 0`,
      b.values,
      b.types,
    );
    const out = empty();
    for (const r of rows) {
      const o = out[Number(r.set_no)]!;
      if (r.domain === null) o.total = Number(r.vs ?? 0);
      else o.scores.push({ domain: String(r.domain), visibilityScore: Number(r.vs) });
    }
    for (const o of out) o.scores.sort((a, b2) => (a.domain < b2.domain ? -1 : a.domain > b2.domain ? 1 : 0));
    return out;
  });
}

export function marketShareReads(db: DuckDb): MarketShareReads {
  return {
    domainSeries: (market, points, ctr, domains, limit) =>
      domainSeries(db, market, points, ctr, domains, limit),
    setScores: (market, date, ctr, sets, domains) => setScores(db, market, date, ctr, sets, domains),
  };
}
