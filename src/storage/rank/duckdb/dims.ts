// Dimension tables shared by imports and the demo generator: market ids, registrable domains, hosts and
// URLs. New values get ids above the current maximum in one set-based statement (the connection is used
// by one writer at a time), so ids are dense and deterministic for the same input.
import { refreshRollupsForSerps } from './cv/rollup';
import { dateLit } from './cv/sql';
import type { DuckDb, Session } from './db';
import { pairsByMarket } from './pairs';
import { refreshVeRollPairs } from './ve/roll';

/**
 * The positions of a group's rows as two 64-bit masks (bit p of lo for p < 64, bit p − 64 of hi): positions
 * are 1…100, so two words hold them, and a group with fewer bits set than rows repeats a position.
 */
export function positionBits(position: string): { lo: string; hi: string } {
  return {
    lo: `bit_or(CASE WHEN ${position} < 64 THEN 1::UBIGINT << ${position} ELSE 0::UBIGINT END)`,
    hi: `bit_or(CASE WHEN ${position} >= 64 THEN 1::UBIGINT << (${position} - 64) ELSE 0::UBIGINT END)`,
  };
}

/** Ids of market codes, adding the missing ones. */
export async function ensureMarkets(s: Session, codes: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const code of [...new Set(codes)].sort()) {
    const found = await s.all('SELECT id FROM markets WHERE code = $1', [code]);
    if (found.length > 0) {
      out.set(code, Number(found[0]!.id));
      continue;
    }
    const id = await s.number('SELECT coalesce(max(id), 0) + 1 FROM markets');
    await s.run('INSERT INTO markets VALUES ($1, $2)', [id, code]);
    out.set(code, id);
  }
  return out;
}

/** Id of a market code, or null when no data for it was ever stored. */
export async function marketId(s: Session, code: string): Promise<number | null> {
  const rows = await s.all('SELECT id FROM markets WHERE code = $1', [code]);
  return rows.length === 0 ? null : Number(rows[0]!.id);
}

/** marketId memoised until the next write, for reads that ask it several times per answer. */
export function memoMarketId(db: DuckDb, s: Session, code: string): Promise<number | null> {
  return db.memoised(`market id ${code}`, () => marketId(s, code));
}

/**
 * Adds the domains and hosts named in columns `host` and `domain` of a staging table, and returns nothing:
 * callers join hosts/domains by name afterwards.
 */
export async function ensureHosts(s: Session, stage: string): Promise<void> {
  await s.run(`INSERT INTO domains
    SELECT (SELECT coalesce(max(id), 0) FROM domains) + row_number() OVER (ORDER BY domain), domain
    FROM (SELECT DISTINCT domain FROM ${stage} WHERE domain NOT IN (SELECT domain FROM domains))`);
  await s.run(`INSERT INTO hosts
    SELECT (SELECT coalesce(max(id), 0) FROM hosts) + row_number() OVER (ORDER BY x.host), x.host, d.id
    FROM (SELECT DISTINCT host, domain FROM ${stage} WHERE host NOT IN (SELECT host FROM hosts)) x
    JOIN domains d ON d.domain = x.domain`);
}

/** One snapshot's market and date, when a statement reads that snapshot's results only. */
export interface OneSnapshot {
  marketId: number;
  date: string;
}

/** The results of one snapshot, as a condition on alias r with constants (pairs.ts). */
const snapshotWhere = (one: OneSnapshot) => `r.market_id = ${one.marketId} AND r.date = ${dateLit(one.date)}`;

/**
 * The results in `from` (alias r) grouped by `keys` (columns of r) and sorted by them, each group's positions
 * as masks (positionBits), then `extra` aggregates. When `from` holds one snapshot's results (`one`), its
 * market and date are written as constants and left out of the grouping and sorting: the same rows in the
 * same order for about 60 % of the work (a demo week of 2 million results: 0.9 instead of 1.5 CPU seconds).
 */
function maskRowsSql(
  keys: readonly string[],
  from: string,
  extra = '',
  one: OneSnapshot | null = null,
): string {
  const bits = positionBits('r.position');
  const fixed = (k: string) => one !== null && (k === 'market_id' || k === 'date');
  const cols = keys
    .map((k) =>
      !fixed(k) ? `r.${k}` : k === 'date' ? dateLit(one!.date) : `CAST(${one!.marketId} AS SMALLINT)`,
    )
    .join(', ');
  const by = keys
    .filter((k) => !fixed(k))
    .map((k) => `r.${k}`)
    .join(', ');
  return `SELECT ${cols}, ${bits.lo}, ${bits.hi}${extra} FROM ${from} GROUP BY ${by} ORDER BY ${by}`;
}

/**
 * serp_keyword_dates rows of the results in `from` (alias r): one per snapshot, with its positions as masks
 * and its result count, so that a sum over every result of a set of snapshots under any CTR curve reads one
 * row per snapshot (the explorer league's total, ve/league.ts), and (schema v13) the result types on its
 * page as a bit set (bit = result-type code), so that a page's types read one row instead of its results
 * (rankings/index.ts, pageKeywords: a scan of the date's million results took 6.7 ms of a 57 ms page).
 */
export const KEYWORD_DATES_SQL = (from: string, one: OneSnapshot | null = null) =>
  maskRowsSql(
    ['market_id', 'date', 'keyword_id'],
    from,
    ', count(*), bit_or(1::UINTEGER << r.result_type)',
    one,
  );

/** serp_keyword_dates rows as schema v7 built them (no types), for that migration. */
export const KEYWORD_DATES_V7_SQL = (from: string) =>
  maskRowsSql(['market_id', 'date', 'keyword_id'], from, ', count(*)');

/** What a refresh of derived data leaves out. */
export interface RefreshOptions {
  /**
   * false: not the explorer's market rollup, which the caller refreshes once for several refreshes (its cost
   * follows the groups, not the rows, so an import refreshes it once instead of once per range of dates).
   */
  explorer?: boolean;
}

/** Recomputes the serp_snapshots rollup for the (market_id, date) pairs listed by `pairsSql`. */
export async function refreshSnapshots(
  s: Session,
  pairsSql: string,
  options: RefreshOptions = {},
): Promise<void> {
  await s.run(
    `CREATE OR REPLACE TEMP TABLE refresh_pairs AS SELECT DISTINCT market_id, date FROM (${pairsSql})`,
  );
  await s.run(`DELETE FROM serp_snapshots USING refresh_pairs p
    WHERE serp_snapshots.market_id = p.market_id AND serp_snapshots.date = p.date`);
  await s.run(`INSERT INTO serp_snapshots
    SELECT r.market_id, r.date, count(DISTINCT r.keyword_id), count(*)
    FROM serp_results r JOIN refresh_pairs p ON p.market_id = r.market_id AND p.date = r.date
    GROUP BY r.market_id, r.date`);
  await refreshDerived(s, false, options);
  await s.run('DROP TABLE refresh_pairs');
}

/** serp_by_domain rows of the results in `from` (alias r), in its order; for one snapshot (see maskRowsSql). */
function byDomainSql(from: string, one: OneSnapshot | null): string {
  return `SELECT r.market_id, r.domain_id, r.date, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id
    FROM ${from} ORDER BY ${one === null ? '1, 2, 3, 4, 5' : '2, 4, 5'}`;
}

/** Rewrites serp_by_domain and serp_keyword_dates for one snapshot, with constants. */
async function refreshOneSnapshot(s: Session, one: OneSnapshot): Promise<void> {
  const where = snapshotWhere(one);
  for (const table of ['serp_by_domain', 'serp_keyword_dates']) {
    await s.run(`DELETE FROM ${table} r WHERE ${where}`);
  }
  const from = `serp_results r WHERE ${where}`;
  await s.run(`INSERT INTO serp_by_domain ${byDomainSql(from, one)}`);
  await s.run(`INSERT INTO serp_keyword_dates ${KEYWORD_DATES_SQL(from, one)}`);
}

/**
 * Rewrites serp_by_domain and serp_keyword_dates for the pairs staged in refresh_pairs, or for every snapshot
 * when `all`.
 */
async function refreshSnapshotRows(s: Session, all: boolean): Promise<void> {
  if (all) {
    await s.run('DELETE FROM serp_by_domain');
    await s.run('DELETE FROM serp_keyword_dates');
    await s.run(`INSERT INTO serp_by_domain ${byDomainSql('serp_results r', null)}`);
    await s.run(`INSERT INTO serp_keyword_dates ${KEYWORD_DATES_SQL('serp_results r')}`);
    return;
  }
  const markets = await pairsByMarket(s, 'refresh_pairs');
  if (markets.length === 1 && markets[0]!.dates.length === 1) {
    await refreshOneSnapshot(s, { marketId: markets[0]!.marketId, date: markets[0]!.dates[0]! });
    return;
  }
  for (const table of ['serp_by_domain', 'serp_keyword_dates']) {
    await s.run(`DELETE FROM ${table} USING refresh_pairs p
      WHERE ${table}.market_id = p.market_id AND ${table}.date = p.date`);
  }
  const from = 'serp_results r JOIN refresh_pairs p ON p.market_id = r.market_id AND p.date = r.date';
  await s.run(`INSERT INTO serp_by_domain ${byDomainSql(from, null)}`);
  await s.run(`INSERT INTO serp_keyword_dates ${KEYWORD_DATES_SQL(from)}`);
}

/**
 * Recomputes serp_by_domain and serp_keyword_dates (schema v3), the campaign rollups (v4) and the explorer's
 * market rollup (v7) for the (market_id, date) pairs staged in refresh_pairs, or for every snapshot when
 * `all`. Only the rows of those snapshot dates are read and rewritten, sorted, so the new row groups stay
 * narrow in domain id.
 */
export async function refreshDerived(s: Session, all = false, options: RefreshOptions = {}): Promise<void> {
  await refreshSnapshotRows(s, all);
  await refreshRollupsForSerps(s, all);
  if (options.explorer !== false) await refreshVeRollPairs(s, all);
}
