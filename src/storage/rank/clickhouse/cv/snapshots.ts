// The date rule of DESIGN §3 on ClickHouse, as the DuckDB adapter stages it: cv_snaps lists the snapshots of
// the keyword set within the windows asked for; cv_use maps every (point date, keyword) to the snapshot it
// uses (the latest at most MAX_SNAPSHOT_AGE_DAYS old), with the keyword's volume; cv_hits holds the counted
// results of those snapshots that match a target, once per target (a domain group counts a result once).
//
// A snapshot is a (keyword, date) with at least one result: a row of serp_keyword_dates (derived.ts). 18.16 joins one table per SELECT, so each join
// is a nested SELECT; joins put the small staged table on the right (ClickHouse builds its hash from it).
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { CvSpan } from '../../../campaign-visibility-reads';
import { lit } from '../escape';
import { typeFilter, type Run, type TargetSet } from './run';
import {
  count,
  ctrArray,
  dateArray,
  dateLit,
  float,
  idSet,
  LAST_DATE,
  FIRST_DATE,
  shifted,
  storable,
} from './sql';

/** A closed date interval `YYYY-MM-DD`. */
export interface Window {
  lo: string;
  hi: string;
}

/** The window of snapshots a point date may use. */
export function windowOf(point: string): Window {
  return { lo: shifted(point, -MAX_SNAPSHOT_AGE_DAYS), hi: point };
}

/**
 * Stages cv_snaps(keyword_id, date): the snapshots of the keyword set dated within any of the windows; with
 * `domains` (ids), of the keywords on which one of them has a result there (a read of their results only
 * needs those, and a market's set holds 10⁵–10⁶ keywords).
 */
export async function stageSnapshots(run: Run, windows: readonly Window[], domains?: number[]) {
  const held = windows.map((w) => storable(w.lo, w.hi)).filter((w): w is Window => w !== null);
  if (held.length === 0) {
    run.view('cv_snaps', null, 'keyword_id UInt32, date Date');
    return;
  }
  const within = held.map((w) => `date BETWEEN ${dateLit(w.lo)} AND ${dateLit(w.hi)}`).join(' OR ');
  const ranked =
    domains &&
    `AND keyword_id IN (SELECT keyword_id FROM ${run.local('serp_results')}
       WHERE market_id = ${lit(run.marketId)} AND (${within}) AND domain_id IN ${idSet(domains)})`;
  run.view(
    'cv_snaps',
    `SELECT keyword_id, date FROM ${run.local('serp_keyword_dates')}
     WHERE market_id = ${lit(run.marketId)} AND (${within}) AND keyword_id IN (SELECT keyword_id FROM cv_kw)
       ${ranked ?? ''}`,
  );
}

/** Point dates of the span (dates in it on which a keyword of the set has a snapshot), ascending. */
export async function stagePoints(run: Run, span: CvSpan): Promise<string[]> {
  await stageSnapshots(run, [{ lo: windowOf(span.start).lo, hi: span.end }]);
  const inside = storable(span.start, span.end);
  if (inside === null) return [];
  const rows = await run.s.rows(
    `SELECT DISTINCT toString(date) AS d FROM cv_snaps
     WHERE date BETWEEN ${dateLit(inside.lo)} AND ${dateLit(inside.hi)} ORDER BY d`,
  );
  return rows.map((r) => String(r.d));
}

/** What one point date of cv_use measures: its keywords, and the snapshot dates they use. */
export interface PointUse {
  keywords: number;
  /** Distinct snapshot dates used (1: every keyword of the point uses `snap`). */
  snaps: number;
  /** The oldest snapshot date used. */
  snap: string;
  /** Σ sv × ctr(1) over the point's keywords (the visibility denominator; unknown volumes count 0). */
  top: number;
}

/** The snapshots cv_use uses: the oldest and newest date, and per point date what it measures. */
export interface Used {
  lo: string;
  hi: string;
  points: Map<string, PointUse>;
}

/**
 * Defines cv_use(point, keyword_id, snap, sv) for the point dates (cv_snaps must cover each point's window),
 * sending nothing; `keywordIds` narrows it to those keywords. Returns the dates its snapshots lie within, or
 * null when no point lies inside ClickHouse's Date range (where alone a snapshot can be stored).
 */
export function useWindow(run: Run, points: readonly string[], keywordIds?: readonly number[]) {
  const held = points.filter((p) => p >= FIRST_DATE && p <= LAST_DATE).sort();
  if (held.length === 0 || keywordIds?.length === 0) {
    run.view('cv_use', null, 'point Date, keyword_id UInt32, snap Date, sv Nullable(UInt32)');
    return null;
  }
  // The bound on date is also what keeps 18.16 from pruning the column the lambda reads (run.ts views are
  // subqueries): a snapshot after the last point is used by none.
  const only = keywordIds === undefined ? '' : ` AND keyword_id IN ${idSet(keywordIds)}`;
  run.view(
    'cv_use',
    `SELECT point, keyword_id, snap, sv FROM (
       SELECT point, keyword_id, max(date) AS snap FROM cv_snaps
       ARRAY JOIN arrayFilter(p -> p >= date AND p <= date + ${MAX_SNAPSHOT_AGE_DAYS}, ${dateArray(held)}) AS point
       WHERE date <= ${dateLit(held.at(-1)!)}${only}
       GROUP BY point, keyword_id
     ) ANY INNER JOIN (SELECT keyword_id, sv FROM cv_kw) USING keyword_id`,
  );
  return storable(windowOf(held[0]!).lo, held.at(-1)!);
}

/**
 * Stages cv_use (useWindow) and returns what it uses per point (one statement, which the rollup and series
 * reads share), or null if nothing.
 */
export async function stageUse(
  run: Run,
  points: readonly string[],
  keywordIds?: readonly number[],
): Promise<Used | null> {
  if (useWindow(run, points, keywordIds) === null) return null;
  const rows = await run.s.rows(
    `SELECT toString(point) AS p, count() AS n, uniqExact(snap) AS u, toString(min(snap)) AS lo,
       toString(max(snap)) AS hi, ifNull(sum(sv * ${ctrArray(run.scope.ctr)}[1]), 0) AS top
     FROM cv_use GROUP BY point`,
  );
  if (rows.length === 0) return null;
  const byPoint = new Map<string, PointUse>();
  for (const r of rows) {
    byPoint.set(String(r.p), {
      keywords: count(r.n),
      snaps: count(r.u),
      snap: String(r.lo),
      top: float(r.top),
    });
  }
  const los = rows.map((r) => String(r.lo)).sort();
  const his = rows.map((r) => String(r.hi)).sort();
  return { lo: los[0]!, hi: his.at(-1)!, points: byPoint };
}

/** Snapshots for the point dates of a single date (its own window), then cv_use. */
export async function stagePointDate(run: Run, date: string): Promise<Used | null> {
  await stageSnapshots(run, [windowOf(date)]);
  return stageUse(run, [date]);
}

/** The dates of the snapshots cv_use maps the points to; with `own` (point dates), each point's own date. */
export type UsedDates = Window & { own?: readonly string[] };

/**
 * The counted results of the used snapshots of the keyword set, every host: a subquery with columns point,
 * keyword_id, position, result_type, url_id, host_id, domain_id and sv. `where` narrows the results further
 * (conditions on serp_results columns).
 */
export function usedResultsSql(run: Run, used: UsedDates, where = ''): string {
  const results = resultsSql(run, used, where, `${RESULT_COLUMNS}, host_id, domain_id`);
  return used.own
    ? `(SELECT date AS point, keyword_id, position, result_type, url_id, host_id, domain_id, sv
      FROM (${results}) ANY INNER JOIN (SELECT keyword_id, sv FROM cv_kw) USING keyword_id)`
    : `(SELECT point, keyword_id, position, result_type, url_id, host_id, domain_id, sv FROM (${results})
      ALL INNER JOIN (SELECT keyword_id, snap AS date, point, sv FROM cv_use) USING (keyword_id, date))`;
}

/** The serp_results columns every read of the results takes. */
const RESULT_COLUMNS = 'keyword_id, date, position, result_type, url_id';

/** The counted SERP rows (`columns` of serp_results) of the used snapshots' dates, narrowed by `where`. */
function resultsSql(run: Run, used: UsedDates, where: string, columns: string): string {
  const dates = used.own
    ? `date IN (${used.own.map(dateLit).join(', ')})`
    : `date BETWEEN ${dateLit(used.lo)} AND ${dateLit(used.hi)}`;
  return `SELECT ${columns} FROM ${run.local('serp_results')}
      WHERE market_id = ${lit(run.marketId)} AND ${dates}${typeFilter(run)}${where}`;
}

/** `sv × ctr(position)` over columns sv and position: null for unknown volume. */
export function scoreSql(run: Run): string {
  return `sv * ${ctrArray(run.scope.ctr)}[position]`;
}

/**
 * One target without paths at the points' own dates (the explorer on weekly data): its results joined to
 * their volumes, a FROM source with columns date (the point), keyword_id, position, result_type, url_id and
 * sv; else null. A result matches the one target at most once, so its condition filters the scan instead of
 * tagging rows (no DISTINCT or ARRAY JOIN, no `IN (SELECT arrayJoin(…))`), and a read sums it in the same
 * SELECT, as 18.16 pays for each nested one. The explorer's type read on the cluster (10,000 keywords × 13
 * weeks, a domain on 2,227 keywords), statements timed alone 40 times in turn, medians: 33.3 ms so, 35.9 ms
 * with one more SELECT and the keywords' texts in the join (cv_kw, not cv_sv), 39.2 ms nested as in
 * stageHits, 33.9 ms for the flat read this replaced.
 */
export function ownTargetRows(run: Run, targets: TargetSet, used: UsedDates | null): string | null {
  if (used?.own === undefined || targets.count !== 1 || targets.pathHostIds.length > 0) return null;
  const rows = resultsSql(run, used, ` AND ${targets.conditions[0]!}`, RESULT_COLUMNS);
  return `(${rows}) ANY INNER JOIN cv_sv USING keyword_id`;
}

/**
 * Stages cv_hits(t, point, keyword_id, position, result_type, url_id, score): every counted result of a
 * used snapshot matching target t, once per target; score = sv × ctr(position), null for unknown volume.
 */
export async function stageHits(run: Run, targets: TargetSet, used: UsedDates | null): Promise<void> {
  if (used === null || targets.domainIds.length === 0) {
    run.view(
      'cv_hits',
      null,
      `t UInt32, point Date, keyword_id UInt32, position UInt8, result_type UInt8, url_id UInt32,
       score Nullable(Float64)`,
    );
    return;
  }
  // One target at own dates (with paths; without, ownTargetRows is read instead): its condition filters the
  // rows instead of tagging them, and its domain ids are literals.
  const lean = used.own !== undefined && targets.count === 1;
  const scan = lean ? `(${targets.domainIds.map((id) => lit(id)).join(', ')})` : idSet(targets.domainIds);
  let candidates = usedResultsSql(run, used, ` AND domain_id IN ${scan}`);
  if (targets.pathHostIds.length > 0) {
    // Paths of the urls on hosts named with a path; other rows keep '' and never meet a path condition.
    candidates = `(SELECT point, keyword_id, position, result_type, url_id, host_id, domain_id, sv, path
      FROM ${candidates} ANY LEFT JOIN (
        SELECT id AS url_id, path FROM ${run.dim('urls')} WHERE host_id IN ${idSet(targets.pathHostIds)}
      ) USING url_id)`;
  }
  if (lean) {
    run.view(
      'cv_hits',
      `SELECT toUInt32(0) AS t, point, keyword_id, position, result_type, url_id, ${scoreSql(run)} AS score
       FROM ${candidates} WHERE ${targets.conditions[0]!}`,
    );
    return;
  }
  // 18.16 does not see columns used inside a lambda when it prunes a subquery's columns, so the per-target
  // conditions are evaluated outside it, as an array beside the target indexes.
  const matches = `[${targets.conditions.map((c) => `toUInt8(${c})`).join(', ')}]`;
  run.view(
    'cv_hits',
    `SELECT toUInt32(t) AS t, point, keyword_id, position, result_type, url_id, ${scoreSql(run)} AS score
     FROM (
       SELECT DISTINCT t, point, keyword_id, position, result_type, url_id, sv FROM (
         SELECT point, keyword_id, position, result_type, url_id, sv,
           arrayFilter((i, ok) -> ok = 1, range(${targets.count}), ${matches}) AS matched
         FROM ${candidates}
       ) ARRAY JOIN matched AS t
     )`,
  );
}
