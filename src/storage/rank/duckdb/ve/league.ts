// The domain league of the snapshots a host ranks in at one date (hostPoint, host-point.ts): Σ sv × ctr(p)
// per registrable domain over every result of those snapshots, the top `limit` (ties on the rounded VS by
// domain), their total, and each shown domain's keywords there. Two ways to the same answer:
// - pruned, when every snapshot used is dated `date` and the market rollup is fresh (ve/roll.ts): a domain's
//   VS over the whole market bounds its VS over the host's keywords, so only the domains whose bound reaches
//   the `limit`-th exact VS are summed from their rows of serp_by_domain at the date (sorted by domain, so
//   their row groups only); past the first candidates, a domain's part from the top positions is summed
//   first, which with the rest of its bound bounds it closer; the host's own domain comes with its sums
//   known; the total comes from each snapshot's position masks (serp_keyword_dates), one row per snapshot
//   instead of a hundred; the shown domains' keywords are counted afterwards;
// - one pass over every result of the date (or of the 7-day window), otherwise, or when the pruning would
//   read more than PRUNE_SHARE of the date's results, or likely would (a host on few keywords).
// Units: sv monthly searches, VS estimated monthly clicks.
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type { VeDomainScores } from '../../../visibility-explorer-reads';
import { Binds, dateLit, intList, intRows } from '../cv/sql';
import type { Row, Session } from '../db';
import { HOST_KEYWORDS, maskTotal } from './host-keywords';
import type { HostScope } from './host-rows';

/**
 * Exact VS of the domains summed so far (pruned path): domain_id, vs, and n, their keyword count, known for
 * the host's own domain only (null for the others: leagueAt counts the shown ones).
 */
const EXACT = 've_league';
/** Above this share of the date's results to sum for the candidates, one pass over all of them is cheaper. */
const PRUNE_SHARE = 0.4;
/** Domains summed first: at least the league's size and a few more, so that the threshold starts high. */
const FIRST_EXTRA = 5;
/**
 * And every domain whose bound reaches a fraction of the `limit`-th bound: FIRST_MARGIN × share, where share
 * is the host's snapshots' part of the market's total at the date (a domain's VS over a host's keywords is
 * about that share of its VS over the market, so the league's threshold is about share × the limit-th bound:
 * 0.9–1.3 times that for hosts on 146,000 to 648,000 of a million keywords), but at least FIRST_SHARE: below
 * it, the rows of the extra domains cost more than the further statement they may save. Measured on a
 * million keywords: the summary of a host on 251,000 keywords took 335 ms with a fraction of 1, 288 ms with
 * 1/2 and 265 ms with 1/3; for a host on 648,000 keywords (share 0.64), 0.9 × share instead of 1/3 saved
 * 27 ms of the league's 172.
 */
const FIRST_MARGIN = 0.9;
const FIRST_SHARE = 1 / 3;
/**
 * Positions (1-based) whose part of a domain's VS the further candidates sum first: a filter on the rows
 * before the join (a fifth of a domain's rows where positions spread evenly), and most of the VS under a
 * falling CTR curve.
 */
const TOP_POSITIONS = 20;

/**
 * The league's ordered rows (from `sums`: domain_id, vs, and n when counted) and the total, as the one pass
 * and pruning give.
 */
async function topOf(s: Session, sums: string, c: Binds, limit: number) {
  // The total as a scalar subquery, not sum() OVER (): see ../rankings/page.ts (duckdb/duckdb#25713).
  return s.all(
    `WITH sums AS MATERIALIZED (${sums})
     SELECT d.domain, m.*, (SELECT sum(vs) FROM sums) AS total FROM sums m JOIN domains d ON d.id = m.domain_id
     ORDER BY round(m.vs, ${CV_TIE_DIGITS}) DESC, d.domain LIMIT ${limit}`,
    c.values,
    c.types,
  );
}

/**
 * The join of a table `r` of results (or masks) to `x`, the snapshots the host's keywords use (keyword_id,
 * date), with the dates as literals so that DuckDB reads only their row groups. `fast`: every snapshot used
 * is dated `date`, so the keyword alone joins.
 */
const snapshotJoin = (date: string, fast: boolean) =>
  fast
    ? `x.keyword_id = r.keyword_id WHERE r.date = ${dateLit(date)}`
    : `x.keyword_id = r.keyword_id AND x.date = r.date
       WHERE r.date BETWEEN ${dateLit(date)} - ${MAX_SNAPSHOT_AGE_DAYS} AND ${dateLit(date)}`;

/** One pass over every result of the snapshots the host ranks in. `fast`: all are dated `date`. */
function onePass(
  s: Session,
  scope: HostScope,
  date: string,
  fast: boolean,
  c: Binds,
  ctr: string,
  limit: number,
) {
  // Volumes summed per position first (exact integers), each sum multiplied by ctr(position) once: indexing
  // the CTR list on each of 25 million rows cost more than the join.
  return topOf(
    s,
    `WITH snaps AS (SELECT keyword_id, date, sv FROM ${HOST_KEYWORDS}),
       byPosition AS (
         SELECT r.domain_id, r.position, sum(x.sv) AS sv
         FROM serp_results r JOIN snaps x ON ${snapshotJoin(date, fast)} AND r.market_id = ${scope.mid}
         GROUP BY ALL)
     SELECT domain_id, coalesce(sum(${ctr}[position] * sv), 0) AS vs FROM byPosition GROUP BY ALL`,
    c,
    limit,
  );
}

/**
 * The VS over the host's snapshots of the listed domains (domain_id, vs), from their rows of the date:
 * volumes summed per position first (exact integers), each sum multiplied by its ctr once. `top`: only the
 * part from positions 1…TOP_POSITIONS, and only those rows are joined. Null when no domain is listed.
 */
async function candidateSums(
  s: Session,
  scope: HostScope,
  date: string,
  c: Binds,
  ctr: string,
  rows: Row[],
  { top, into }: { top: boolean; into: string | null },
): Promise<Row[] | null> {
  const ids = rows.map((b) => Number(b.domain_id));
  if (ids.length === 0) return null;
  const sql = `SELECT domain_id, coalesce(sum(${ctr}[position] * sv), 0) AS vs FROM (
      SELECT r.domain_id, r.position, sum(x.sv) AS sv
      FROM serp_by_domain r JOIN (VALUES ${intRows(ids)}) d(domain_id) ON d.domain_id = r.domain_id
      JOIN ${HOST_KEYWORDS} x ON x.keyword_id = r.keyword_id
      WHERE r.market_id = ${scope.mid} AND r.date = ${dateLit(date)}${top ? ` AND r.position <= ${TOP_POSITIONS}` : ''}
      GROUP BY ALL)
    GROUP BY ALL`;
  // The domains come as a joined VALUES table: DuckDB turns a long IN list into a mark join that tests every
  // scanned row (a third of the statement's time), where a join's build side is pushed into the scan as
  // an IN filter for zone maps, when it has at most dynamic_or_filter_threshold rows (default 50).
  await s.run(`SET dynamic_or_filter_threshold = ${Math.max(ids.length, 50)}`);
  try {
    if (into === null) return await s.all(sql, c.values, c.types);
    await s.run(`INSERT INTO ${into} (domain_id, vs) ${sql}`, c.values);
    return [];
  } finally {
    await s.run('RESET dynamic_or_filter_threshold');
  }
}

/** Adds to EXACT the whole sums of the listed domains (candidateSums). */
async function sumDomains(s: Session, scope: HostScope, date: string, c: Binds, ctr: string, rows: Row[]) {
  await candidateSums(s, scope, date, c, ctr, rows, { top: false, into: EXACT });
}

/** Each listed domain's VS from positions 1…TOP_POSITIONS (candidateSums; absent: none there). */
async function topSums(s: Session, scope: HostScope, date: string, c: Binds, ctr: string, rows: Row[]) {
  const sums = await candidateSums(s, scope, date, c, ctr, rows, { top: true, into: null });
  return new Map((sums ?? []).map((r) => [Number(r.domain_id), Number(r.vs)]));
}

/**
 * The least bound a domain not yet summed needs to reach the league: the limit-th exact VS so far, lowered
 * so that a domain below it stays below after rounding to CV_TIE_DIGITS and float error; 0 when fewer
 * domains than the limit have a VS above it.
 */
async function floorOf(s: Session, limit: number): Promise<number> {
  const kth = await s.all(`SELECT vs FROM ${EXACT} ORDER BY vs DESC LIMIT 1 OFFSET ${limit - 1}`);
  const threshold = kth.length === 0 ? 0 : Number(kth[0]!.vs);
  return Math.max(0, threshold * (1 - 1e-9) - 2 * 10 ** -CV_TIE_DIGITS);
}

/**
 * Memoises a market-wide value under the request's CTR curve until the next write (DuckDb.memoised): the
 * same for every host explored in the market.
 */
export type MarketMemo = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** Results the listed bound rows stand for. */
const resultsOf = (rows: readonly Row[]) => rows.reduce((n, b) => n + Number(b.results), 0);

/**
 * The pruned league, or null when the one pass is the cheaper (or the only exact) way. `known`: maskTotal,
 * when the caller has it already.
 */
async function pruned(
  s: Session,
  scope: HostScope,
  date: string,
  { total: known, own }: LeagueWay,
  c: Binds,
  ctr: string,
  limit: number,
  memo: MarketMemo,
) {
  // A domain's bound, and the part of it from the positions after TOP_POSITIONS (its tail).
  const bounds = await memo(`ve bounds ${scope.mid} ${date}`, () =>
    s.all(
      `SELECT domain_id, sum(${ctr}[position] * sv) AS bound,
         coalesce(sum(${ctr}[position] * sv) FILTER (WHERE position > ${TOP_POSITIONS}), 0) AS tail,
         sum(results) AS results FROM (
       SELECT domain_id, position, sum(sv) AS sv, sum(results) AS results FROM ve_roll
       WHERE market_id = ${scope.mid} AND date = ${dateLit(date)} GROUP BY ALL)
     GROUP BY ALL ORDER BY bound DESC, domain_id`,
      c.values,
      c.types,
    ),
  );
  const cap = PRUNE_SHARE * resultsOf(bounds);
  const total = known ?? (await maskTotal(s, scope, date, c, ctr));
  if (total === null) return null;
  // Every domain's bound is its VS over the whole market: their sum is the market's total.
  const market = bounds.reduce((n, b) => n + Number(b.bound), 0);
  const fraction = Math.max(FIRST_SHARE, market > 0 ? FIRST_MARGIN * (total / market) : 0);
  const wide = Number(bounds[limit - 1]?.bound ?? 0) * fraction;
  const first = bounds.filter((b, i) => i < limit + FIRST_EXTRA || Number(b.bound) >= wide);
  if (resultsOf(first) > cap) return null;
  // The host's own domain is known when the host's keywords are its rows: it is not read again.
  const unknown = (rows: Row[]) => rows.filter((b) => Number(b.domain_id) !== own?.domainId);
  // The league's threshold is usually about share × the limit-th bound (`likely`, share as above): every
  // domain whose bound reaches that would then be left to sum after the first. When those are too many
  // results already, the one pass is taken at once instead of after the first candidates' sums (55 of
  // 300 ms for a host on 1,037 of a million keywords). Measured on a million keywords, the threshold was
  // 0.54 times `likely` for that host, 1.03–1.45 times for hosts on 118,000 to 648,000 keywords: none of
  // those is sent to the one pass by this. A wrong guess costs time, never exactness.
  const likely = (market > 0 ? total / market : 0) * Number(bounds[limit - 1]?.bound ?? 0);
  const likelyReach = unknown(bounds.slice(first.length).filter((b) => Number(b.bound) >= likely));
  if (resultsOf(first) + resultsOf(likelyReach) > cap) return null;
  await s.run(`CREATE OR REPLACE TEMP TABLE ${EXACT} (domain_id INTEGER, vs DOUBLE, n BIGINT)`);
  try {
    if (own !== null) {
      const b = new Binds();
      await s.run(
        `INSERT INTO ${EXACT} VALUES (${own.domainId}, ${b.double(own.visibilityScore)}, ${own.keywords})`,
        b.values,
      );
    }
    await sumDomains(s, scope, date, c, ctr, unknown(first));
    // The domains that can still reach the league are those whose bound reaches the limit-th exact VS: too
    // many, and one pass is cheaper. Else their VS from the top positions is summed first (a fifth of the
    // joined rows), which with the rest of their bound (the tail: every lower position over the whole
    // market) bounds their VS over the host's keywords far closer; only those whose new bound still reaches
    // the threshold are summed whole, in one more statement (summing them a few at a time, each sum raising
    // the threshold, read a fifth fewer rows but cost more in statements).
    const floor = await floorOf(s, limit);
    const reach = unknown(bounds.slice(first.length).filter((b) => Number(b.bound) >= floor));
    if (floor <= 0 || resultsOf(first) + resultsOf(reach) > cap) return null;
    const tops = await topSums(s, scope, date, c, ctr, reach);
    // Float error of two sums of about 10^4 terms: far below the relative 1e-9 allowed.
    const near = reach.filter(
      (b) => ((tops.get(Number(b.domain_id)) ?? 0) + Number(b.tail)) * (1 + 1e-9) >= floor,
    );
    await sumDomains(s, scope, date, c, ctr, near);
    const top = await topOf(s, `SELECT * FROM ${EXACT}`, new Binds(), limit);
    // Every result of the snapshots counts in the total, also those of the domains not summed.
    for (const t of top) t.total = total;
    return top;
  } finally {
    await s.run(`DROP TABLE IF EXISTS ${EXACT}`);
  }
}

/**
 * Keyword ids spanned by HOST_KEYWORDS up to which keywordCounts counts with a bitstring: 2^24 bits, 2 MiB
 * per counted domain. Past it (ids of many markets between), count(DISTINCT).
 */
const BITSTRING_SPAN = 1 << 24;

/**
 * Keywords per shown domain: the distinct keywords of its rows in the snapshots the host's keywords use
 * (each keyword uses one snapshot at the date). Counted as the bits set in a bitstring over the host's
 * keyword ids (bitstring_agg, no hashing): on 1.5 million rows of 30 domains 110 ms against count(DISTINCT)'s
 * 200 ms (200,000 keywords, machine at load 8).
 */
async function keywordCounts(s: Session, scope: HostScope, date: string, fast: boolean, ids: number[]) {
  const span = await s.one(`SELECT min(keyword_id) AS lo, max(keyword_id) AS hi FROM ${HOST_KEYWORDS}`);
  const [lo, hi] = [Number(span.lo), Number(span.hi)];
  const n =
    hi - lo < BITSTRING_SPAN
      ? `bit_count(bitstring_agg(r.keyword_id, ${lo}, ${hi}))`
      : 'count(DISTINCT r.keyword_id)';
  const counts = await s.all(
    `SELECT r.domain_id, ${n} AS n
     FROM serp_by_domain r JOIN ${HOST_KEYWORDS} x ON ${snapshotJoin(date, fast)}
       AND r.market_id = ${scope.mid} AND r.domain_id IN (${intList(ids)})
     GROUP BY r.domain_id`,
  );
  return new Map(counts.map((r) => [Number(r.domain_id), Number(r.n)]));
}

/** How the league of a host is summed (leagueAt). */
export interface LeagueWay {
  /** Every snapshot used is dated `date`. */
  fast: boolean;
  /** And the market rollup is fresh. */
  rolled: boolean;
  /** maskTotal of the host's snapshots, when the caller has it already. */
  total: number | null;
  /**
   * The host's own registrable domain when the host's keywords are every keyword of that domain at the date
   * (host-keywords.ts): its VS over them and their count are the host's own, summed already.
   */
  own: { domainId: number; visibilityScore: number; keywords: number } | null;
}

/** The league of the host's snapshots (HOST_KEYWORDS) at the date. */
export async function leagueAt(
  s: Session,
  scope: HostScope,
  date: string,
  way: LeagueWay,
  c: Binds,
  ctr: string,
  limit: number,
  memo: MarketMemo,
): Promise<VeDomainScores> {
  const { fast, rolled } = way;
  const summed = fast && rolled ? await pruned(s, scope, date, way, c, ctr, limit, memo) : null;
  const top = summed ?? (await onePass(s, scope, date, fast, c, ctr, limit));
  if (top.length === 0) return { total: 0, rows: [] };
  // The host's own domain is counted already (pruned); the others' keywords are counted for the shown rows.
  const counted = (t: Row) => t.n !== null && t.n !== undefined;
  const uncounted = top.filter((t) => !counted(t)).map((t) => Number(t.domain_id));
  const counts =
    uncounted.length === 0 ? new Map<number, number>() : await keywordCounts(s, scope, date, fast, uncounted);
  return {
    total: Number(top[0]!.total),
    rows: top.map((r) => ({
      domain: String(r.domain),
      keywords: counted(r) ? Number(r.n) : (counts.get(Number(r.domain_id)) ?? 0),
      visibilityScore: Number(r.vs),
    })),
  };
}
