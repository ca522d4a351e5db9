// The host's rows for the explorer's aggregate reads on ClickHouse, as the DuckDB adapter's host-rows.ts:
// the target (registrable domain, host, or host with a path) resolved to ids once, and the SQL of its
// results in the snapshot each keyword uses at each point (DESIGN §3 date rule: a keyword's latest snapshot
// of the 7 days up to the point). Each read runs on the shard that owns the market, admitted by that shard's
// gate like the campaign-visibility and market-share reads (cv/run.ts onOwningShard); its steps are
// subqueries of its statements, not temporary tables of a session (issue 28 item 8: a create and a drop per
// step cost more than the step). ClickHouse 18.16 has no query parameters: values are rendered by escape.ts
// lit() after the shared checks.
import { addDays } from '@core/date-range';
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { checkDate, checkMarket } from '../../input';
import { checkCtr, fastPoints } from '../../ve-input';
import type { Row } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { onOwningShard } from '../cv/run';
import { count, dateLit, storable } from '../cv/sql';

/** What reads rows: the owning shard's server. */
export interface Reader {
  rows(sql: string): Promise<Row[]>;
}

/** The target as ids on the owning shard, with the server its statements are sent to. */
export interface HostScope {
  ctx: ChContext;
  s: Reader;
  mid: number;
  domainId: number;
  /** Host of host and path targets. */
  hostId: number | null;
  /** Path of a host+path target: it matches this path and everything below it. */
  path: string | null;
}

/** Snapshot dates of the market in [lo, hi] (serp_snapshots rollup), ascending; [] outside the Date range. */
export async function marketDates(
  ctx: ChContext,
  r: Reader,
  mid: number,
  lo: string,
  hi: string,
): Promise<string[]> {
  const range = storable(lo, hi);
  if (range === null) return [];
  const rows = await r.rows(
    `SELECT DISTINCT toString(date) AS d FROM ${ctx.local('serp_snapshots')}
     WHERE market_id = ${lit(mid)} AND date BETWEEN ${dateLit(range.lo)} AND ${dateLit(range.hi)}
       AND keywords > 0 ORDER BY d`,
  );
  return rows.map((row) => String(row.d));
}

/**
 * The domain and host ids of the target, or null when the store has never seen the domain or host: one
 * statement, the host looked up among the domain's hosts by a join (host id 0, never issued, when none).
 */
async function resolveIds(
  ctx: ChContext,
  r: Reader,
  filter: HostFilter,
): Promise<{ domainId: number; hostId: number | null } | null> {
  const domain = `SELECT id AS domain_id FROM ${ctx.table('domains')} WHERE domain = ${lit(filter.domain)} LIMIT 1`;
  const rows = await r.rows(
    filter.kind === 'domain'
      ? `SELECT domain_id, 0 AS host_id FROM (${domain})`
      : `SELECT domain_id, host_id FROM (${domain}) ANY LEFT JOIN (
           SELECT id AS host_id, domain_id FROM ${ctx.table('hosts')} WHERE host = ${lit(filter.host)}
         ) USING domain_id`,
  );
  if (rows.length === 0) return null;
  const domainId = count(rows[0]!.domain_id);
  if (filter.kind === 'domain') return { domainId, hostId: null };
  const hostId = count(rows[0]!.host_id);
  return hostId === 0 ? null : { domainId, hostId };
}

/**
 * Runs `fn` with the resolved target on the owning shard, or answers `empty()` when the store has no row of
 * the market, domain or host.
 */
function inScope<T>(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  empty: () => T,
  fn: (scope: HostScope) => Promise<T>,
): Promise<T> {
  checkMarket(market);
  return onOwningShard(ctx, market, empty, async ({ server }, mid) => {
    const ids = await resolveIds(ctx, server, filter);
    if (ids === null) return empty();
    return fn({ ctx, s: server, mid, ...ids, path: filter.kind === 'path' ? (filter.path ?? '') : null });
  });
}

/**
 * `id IN (…)` (UInt32 ids) over an array literal: one AST element however many ids; a table sorted by id is
 * pruned by the set.
 */
export function idIn(column: string, ids: Iterable<number>): string {
  return `${column} IN (SELECT toUInt32(arrayJoin(${lit([...new Set(ids)])})))`;
}

/** Names of URL ids, for the few rows a read returns (urls is sorted by id, so the set prunes it). */
export async function urlNames(scope: HostScope, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.s.rows(`SELECT id, url FROM ${scope.ctx.table('urls')} WHERE ${idIn('id', ids)}`);
  return new Map(rows.map((r) => [count(r.id), String(r.url)]));
}

/**
 * The target's results whose date satisfies `dates` (a condition on `date`): keyword_id, date, position,
 * result_type, url_id. serp_results is sorted by (market, date, keyword), so the date condition prunes
 * partitions and the domain id, then host id, then the host's URLs under the path narrow the rows.
 */
function targetRows(scope: HostScope, dates: string): string {
  const where = [`market_id = ${lit(scope.mid)}`, dates, `domain_id = ${lit(scope.domainId)}`];
  if (scope.hostId !== null) where.push(`host_id = ${lit(scope.hostId)}`);
  if (scope.path !== null) {
    const p = scope.path;
    where.push(`url_id IN (SELECT id FROM ${scope.ctx.table('urls')} WHERE host_id = ${lit(scope.hostId)}
      AND (path = ${lit(p)} OR startsWith(path, ${lit(`${p}/`)})))`);
  }
  return `SELECT keyword_id, date, position, result_type, url_id FROM ${scope.ctx.local('serp_results')}
    WHERE ${where.join(' AND ')}`;
}

/**
 * SQL of the target's results in the snapshot each keyword uses at each point: point (Date), keyword_id,
 * date (of the snapshot used), position, result_type, url_id; null when no point can hold a snapshot (none
 * inside ClickHouse's Date range, or no snapshot date of the market in their windows).
 */
async function usedRows(scope: HostScope, points: readonly string[]): Promise<string | null> {
  const held = [...new Set(points)].filter((p) => storable(p, p) !== null).sort();
  if (held.length === 0) return null;
  const range = storable(addDays(held[0]!, -MAX_SNAPSHOT_AGE_DAYS), held.at(-1)!)!;
  const dates = await marketDates(scope.ctx, scope.s, scope.mid, range.lo, range.hi);
  if (dates.length === 0) return null;
  const lits = held.map(dateLit).join(', ');
  // When no point's window holds a snapshot date other than the point, a keyword measured at a point uses
  // that day's snapshot: the target's rows of the point dates are the answer, with no per-keyword maximum.
  if (fastPoints(held, dates)) {
    return `SELECT date AS point, keyword_id, date, position, result_type, url_id
      FROM (${targetRows(scope, `date IN (${lits})`)})`;
  }
  const window = `date BETWEEN ${dateLit(range.lo)} AND ${dateLit(range.hi)}`;
  const rows = targetRows(scope, window);
  // 18.16 joins one table per SELECT: the (point, keyword) → snapshot pick is a nested SELECT on the right
  // (the hash side), over the snapshot list of the keywords the target ranks on in the windows.
  return `SELECT point, keyword_id, date, position, result_type, url_id FROM (${rows})
    ALL INNER JOIN (
      SELECT point, keyword_id, used AS date FROM (
        SELECT point, keyword_id, max(date) AS used FROM ${scope.ctx.local('serp_keyword_dates')}
        ARRAY JOIN arrayFilter(p -> p >= date AND p <= date + ${MAX_SNAPSHOT_AGE_DAYS}, [${lits}]) AS point
        WHERE market_id = ${lit(scope.mid)} AND ${window}
          AND keyword_id IN (SELECT keyword_id FROM (${rows}))
        GROUP BY point, keyword_id
      )
    ) USING (keyword_id, date)`;
}

/**
 * Runs `fn` over the target's used rows at `points` (usedRows: their SQL) on the owning shard,
 * after the CTR and date checks; `empty()` when the store has no row of the target or none is used there.
 */
export function withUsedRows<T>(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  points: readonly string[],
  ctr: readonly number[],
  empty: () => T,
  fn: (scope: HostScope, used: string) => Promise<T>,
): Promise<T> {
  checkCtr(ctr);
  for (const d of points) checkDate(d);
  return inScope(ctx, market, filter, empty, async (scope) => {
    const used = await usedRows(scope, points);
    return used === null ? empty() : fn(scope, used);
  });
}
