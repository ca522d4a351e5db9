// The host's rows for the explorer's aggregate reads: the target (registrable domain, host, or host with a
// path) resolved to ids once, and the SQL of its results in the snapshot each keyword uses at each point
// (DESIGN §3 date rule: a keyword's latest snapshot of the 7 days up to the point). The rows come from
// serp_by_domain, sorted by (market, domain, date, keyword), so one domain's rows are a few row groups per
// date; the window's snapshot list from serp_keyword_dates, read only when some point's window holds more
// than one snapshot date of the market.
import { addDays } from '@core/date-range';
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { checkMarket } from '../../input';
import { fastPoints } from '../../ve-input';
import { Binds, dateLit } from '../cv/sql';
import type { DuckDb, Session } from '../db';
import { memoMarketId } from '../dims';

/** The target as ids: its registrable domain, and its host (host and path targets). */
export interface HostScope {
  mid: number;
  domainId: number;
  /**
   * Null for a domain target, and for a host target whose registrable domain has no other host in the
   * store: its results are all of the domain's, so it is read as the domain (masks and market rollup).
   */
  hostId: number | null;
  /** Path of a host+path target: it matches this path and everything below it. */
  path: string | null;
}

/** The market and target ids, or null when the store has never seen the market, domain or host. */
async function resolveScope(
  db: DuckDb,
  s: Session,
  market: string,
  filter: HostFilter,
): Promise<HostScope | null> {
  const mid = await memoMarketId(db, s, market);
  if (mid === null) return null;
  const b = new Binds();
  const host = filter.kind === 'domain' ? null : filter.host;
  const rows = await s.all(
    `SELECT d.id AS domain_id, ${host === null ? 'NULL' : 'h.id'} AS host_id FROM domains d
     ${host === null ? '' : `JOIN hosts h ON h.domain_id = d.id AND h.host = ${b.string(host)}`}
     WHERE d.domain = ${b.string(filter.domain)}`,
    b.values,
    b.types,
  );
  if (rows.length === 0) return null;
  const domainId = Number(rows[0]!.domain_id);
  const only =
    filter.kind === 'host' &&
    (await s.number(`SELECT count(*) FROM hosts WHERE domain_id = ${domainId}`)) === 1;
  return {
    mid,
    domainId,
    hostId: host === null || only ? null : Number(rows[0]!.host_id),
    path: filter.kind === 'path' ? (filter.path ?? '') : null,
  };
}

/** Runs `fn` with the resolved target, or answers `empty` when the store has no row of it. */
export function inScope<T>(
  db: DuckDb,
  market: string,
  filter: HostFilter,
  empty: T,
  fn: (s: Session, scope: HostScope) => Promise<T>,
): Promise<T> {
  checkMarket(market);
  return db.read(async (s) => {
    // Memoised until the next write: a summary resolves the same target in each of its reads.
    const key = `ve scope ${JSON.stringify([market, filter.kind, filter.domain, filter.value])}`;
    const scope = await db.memoised(key, () => resolveScope(db, s, market, filter));
    return scope === null ? empty : fn(s, scope);
  });
}

/** The target's results dated in [lo, hi]: keyword_id, date, position, result_type, url_id. */
function targetRows(scope: HostScope, b: Binds, lo: string, hi: string): string {
  const where = [
    `market_id = ${scope.mid}`,
    `domain_id = ${scope.domainId}`,
    `date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}`,
  ];
  if (scope.hostId !== null) where.push(`host_id = ${scope.hostId}`);
  if (scope.path !== null) {
    const p = b.string(scope.path);
    where.push(`url_id IN (SELECT id FROM urls WHERE host_id = ${scope.hostId}
      AND (path = ${p} OR starts_with(path, ${p} || '/')))`);
  }
  return `SELECT keyword_id, date, position, result_type, url_id FROM serp_by_domain
    WHERE ${where.join(' AND ')}`;
}

/** Snapshot dates of the market in [lo, hi], ascending; memoised until the next write. */
export function marketDates(db: DuckDb, s: Session, mid: number, lo: string, hi: string): Promise<string[]> {
  return db.memoised(`ve dates ${mid} ${lo} ${hi}`, async () => {
    const rows = await s.all(
      `SELECT DISTINCT strftime(date, '%Y-%m-%d') AS d FROM serp_snapshots
       WHERE market_id = ${mid} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)} AND keywords > 0 ORDER BY d`,
    );
    return rows.map((r) => String(r.d));
  });
}

/** The target's used rows, and whether every point uses only the snapshots dated that day. */
export interface UsedRows {
  sql: string;
  fast: boolean;
}

/**
 * Whether no point's window holds a snapshot date of the market other than the point: then a keyword
 * measured at a point uses that day's snapshot. Points must be sorted and non-empty.
 */
export async function fastAt(db: DuckDb, s: Session, scope: HostScope, sorted: readonly string[]) {
  const lo = addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS);
  return fastPoints(sorted, await marketDates(db, s, scope.mid, lo, sorted.at(-1)!));
}

/**
 * SQL of the target's results in the snapshot each keyword uses at each point: `point` (DATE), keyword_id,
 * date (of the snapshot used), position, result_type, url_id. Points must be non-empty.
 */
export async function usedRows(
  db: DuckDb,
  s: Session,
  scope: HostScope,
  b: Binds,
  points: readonly string[],
): Promise<UsedRows> {
  const sorted = [...new Set(points)].sort();
  const lo = addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS);
  const hi = sorted.at(-1)!;
  const lits = sorted.map(dateLit).join(', ');
  // At fast points the target's rows of the point dates are the answer.
  if (await fastAt(db, s, scope, sorted)) {
    return {
      sql: `SELECT date AS point, * FROM (${targetRows(scope, b, lo, hi)}) WHERE date IN (${lits})`,
      fast: true,
    };
  }
  const sql = `WITH hr AS (${targetRows(scope, b, lo, hi)}),
    used AS (
      SELECT p.point, s.keyword_id, max(s.date) AS date
      FROM (SELECT unnest([${lits}]) AS point) p
      JOIN serp_keyword_dates s ON s.market_id = ${scope.mid}
        AND s.date BETWEEN p.point - ${MAX_SNAPSHOT_AGE_DAYS} AND p.point
      WHERE s.date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}
        AND s.keyword_id IN (SELECT keyword_id FROM hr)
      GROUP BY p.point, s.keyword_id)
    SELECT u.point, hr.* FROM used u JOIN hr ON hr.keyword_id = u.keyword_id AND hr.date = u.date`;
  return { sql, fast: false };
}
