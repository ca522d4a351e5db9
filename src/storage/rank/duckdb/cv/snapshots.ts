// The date rule of DESIGN §3 in SQL: at a point date d a keyword uses its latest snapshot on or before d and
// at most 6 days earlier. cv_snaps lists the (keyword, date) snapshots of the keyword set in a date window;
// cv_use maps every (point date, keyword) to the snapshot date it uses; cv_hits holds the counted results of
// those snapshots that match a target, once per target (a domain group counts a result once).
//
// Neither step reads serp_results: the snapshots come from serp_keyword_dates (one row per snapshot with a
// result) and the matching results of the target domains the campaign declares from its copy of their
// results (tracked-hits.ts), those of any other target domain from serp_by_domain (sorted by market, domain,
// date, keyword), one scan per domain so that each prunes row groups by domain id; all are kept in step by
// every write.
// Each stage is queued on the Run and sent with the query that reads it.
import { addDays } from '@core/date-range';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { CvSpan } from '../../../campaign-visibility-reads';
import { literalMatchSql } from './plan-emit';
import { pointsOfSql, rollupPoints, rollupSnapshots } from './rollup-plan';
import { typeFilter, type Run, type SnapOf } from './run';
import { dateLit, doublesLit, intList, isoOf } from './sql';
import { splitCopied } from './tracked-hits';

const dateIn = (dates: readonly string[]) => dates.map(dateLit).join(', ');

/** A closed date interval `YYYY-MM-DD`. */
export interface Window {
  lo: string;
  hi: string;
}

/** The snapshots a run uses: the oldest and newest, and every date when there are few (MAX_EXACT_DATES). */
export interface Used extends Window {
  dates: string[] | null;
  /**
   * Point date → snapshot date when the rollup fixed them (run.snapOf) for two or more points: every keyword
   * of the set with a result at that date uses it, so the matching results take their point from these
   * pairs instead of joining cv_use, which would cost as much as their scan. (A single point's results join
   * cv_use, a table then, which keeps the floating-point sums of the one-date widgets as they were.)
   */
  byPoint: SnapOf | null;
  /** The keywords cv_use was narrowed to, if any. */
  keywordIds: readonly number[] | null;
}

/** Most snapshot dates scanned one by one; more are scanned as one range. */
const MAX_EXACT_DATES = 8;

/** The window of snapshots a point date may use. */
export function windowOf(point: string): Window {
  return { lo: addDays(point, -MAX_SNAPSHOT_AGE_DAYS), hi: point };
}

/** Stages cv_snaps(keyword_id, date): the snapshots of the keyword set dated within any of the windows. */
export async function stageSnapshots(run: Run, windows: readonly Window[]): Promise<void> {
  if (windows.length === 0) {
    await run.stage(
      'TABLE',
      'cv_snaps',
      'SELECT CAST(NULL AS INTEGER) AS keyword_id, CAST(NULL AS DATE) AS date WHERE false',
    );
    return;
  }
  const within = windows.map((w) => `d.date BETWEEN ${dateLit(w.lo)} AND ${dateLit(w.hi)}`).join(' OR ');
  await run.stage(
    'TABLE',
    'cv_snaps',
    `SELECT d.keyword_id, d.date FROM serp_keyword_dates d
     WHERE d.market_id = ${run.marketId} AND (${within}) AND d.keyword_id IN (SELECT keyword_id FROM cv_kw)`,
  );
}

/** Point dates of the span (dates in it on which a keyword of the set has a snapshot), ascending. */
export async function stagePoints(run: Run, span: CvSpan): Promise<string[]> {
  const known = rollupPoints(run, span);
  if (known !== null) {
    run.snapOf = new Map(known.map((p) => [p, p]));
    return known;
  }
  await stageSnapshots(run, [{ lo: windowOf(span.start).lo, hi: span.end }]);
  const rows = await run.all(
    `SELECT DISTINCT ${isoOf('date')} AS d FROM cv_snaps
     WHERE date BETWEEN ${dateLit(span.start)} AND ${dateLit(span.end)} ORDER BY d`,
  );
  return rows.map((r) => String(r.d));
}

/**
 * Stages cv_use(point, keyword_id, snap) for the point dates (cv_snaps must cover each point's window, unless
 * run.snapOf gives every point's snapshot date); `keywordIds` narrows it to those keywords. Returns the
 * snapshots used, or null if none.
 */
export async function stageUse(
  run: Run,
  points: readonly string[],
  keywordIds?: readonly number[],
): Promise<Used | null> {
  const { snapOf } = run;
  if (points.length === 0 || keywordIds?.length === 0) {
    await run.stage(
      'TABLE',
      'cv_use',
      'SELECT CAST(NULL AS DATE) AS point, CAST(NULL AS INTEGER) AS keyword_id, CAST(NULL AS DATE) AS snap WHERE false',
    );
    return null;
  }
  const only = (column: string) =>
    keywordIds === undefined ? 'TRUE' : `${column} IN (${intList(keywordIds)})`;
  let byPoint: SnapOf | null = null;
  if (snapOf !== null && points.every((p) => snapOf.has(p))) {
    // Every keyword measured at a point uses the same snapshot date: no search over the window. A view when
    // the matching results do not join it (byPoint), as few queries read it then.
    const used = new Map(points.map((p) => [p, snapOf.get(p)!]));
    byPoint = used.size >= 2 ? used : null;
    const snaps = [...new Set(used.values())].sort();
    await run.stage(
      byPoint === null ? 'TABLE' : 'VIEW',
      'cv_use',
      `SELECT pd.point, d.keyword_id, pd.snap FROM serp_keyword_dates d JOIN ${pointsOfSql(used)} ON pd.snap = d.date
       WHERE d.market_id = ${run.marketId} AND d.date IN (${dateIn(snaps)})
         AND d.keyword_id IN (SELECT keyword_id FROM cv_kw) AND ${only('d.keyword_id')}`,
    );
    // Rollup dates are snapshot dates of the set, so without a keyword list each one is used.
    if (keywordIds === undefined) {
      const dates = snaps.length <= MAX_EXACT_DATES ? snaps : null;
      return { lo: snaps[0]!, hi: snaps[snaps.length - 1]!, dates, byPoint, keywordIds: null };
    }
  } else {
    if (snapOf !== null) await stageSnapshots(run, points.map(windowOf));
    await run.stage(
      'TABLE',
      'cv_use',
      `SELECT p.point, s.keyword_id, max(s.date) AS snap
       FROM (SELECT unnest([${dateIn(points)}]) AS point) p
       JOIN cv_snaps s ON s.date BETWEEN p.point - ${MAX_SNAPSHOT_AGE_DAYS} AND p.point
       WHERE ${only('s.keyword_id')} GROUP BY p.point, s.keyword_id`,
    );
  }
  // The few snapshot dates come along (MAX_EXACT_DATES + 1 tells that there are more).
  const r = await run.one(
    `SELECT ${isoOf('min(snap)')} AS lo, ${isoOf('max(snap)')} AS hi,
       (SELECT list(${isoOf('d')} ORDER BY d) FROM (SELECT DISTINCT snap AS d FROM cv_use ORDER BY d LIMIT ${MAX_EXACT_DATES + 1})) AS dates
     FROM cv_use`,
  );
  if (r.lo === null) return null;
  const dates = Array.isArray(r.dates) ? r.dates.map(String) : [];
  return {
    lo: String(r.lo),
    hi: String(r.hi),
    dates: dates.length <= MAX_EXACT_DATES ? dates : null,
    byPoint,
    keywordIds: keywordIds ?? null,
  };
}

/** Snapshots for the point dates of a single date (its own window), then cv_use. */
export async function stagePointDate(run: Run, date: string): Promise<Used | null> {
  run.snapOf = rollupSnapshots(run, [date]);
  if (run.snapOf === null) await stageSnapshots(run, [windowOf(date)]);
  return stageUse(run, [date]);
}

/**
 * The counted results of the used snapshots of the keyword set, as `FROM … WHERE …` text with aliases r
 * (result), u (use) and k (keyword), plus `join` (more JOIN clauses): what market-wide sums (every host) read.
 */
export function usedResultsSql(run: Run, used: Window, join = ''): string {
  return `FROM serp_results r
    JOIN cv_use u ON u.keyword_id = r.keyword_id AND u.snap = r.date
    JOIN cv_kw k ON k.keyword_id = r.keyword_id ${join}
    WHERE r.market_id = ${run.marketId} AND r.date BETWEEN ${dateLit(used.lo)} AND ${dateLit(used.hi)}${typeFilter(run)}`;
}

/**
 * Date predicates (on r.date) covering the used snapshots: one equality per snapshot date when there are
 * few, since serp_by_domain keeps a domain's rows in date order and an equality reads that date's rows only
 * (a range from the first to the last point of a 26-week span reads every week between them, ~13× more);
 * otherwise the one range.
 */
function dateRanges(used: Used): string[] {
  if (used.lo === used.hi) return [`r.date = ${dateLit(used.lo)}`];
  return used.dates !== null && used.dates.length > 0
    ? used.dates.map((d) => `r.date = ${dateLit(d)}`)
    : [`r.date BETWEEN ${dateLit(used.lo)} AND ${dateLit(used.hi)}`];
}

/**
 * How a result r of a used snapshot gets its point date: `point` (SQL), after `join`, with `where` (more
 * conditions on r) keeping the used snapshots' results only. cv_use maps them, unless byPoint gives the
 * pairs: then the date itself when each point is its own snapshot date, a CASE when each snapshot serves
 * one point, else the pairs joined.
 */
function pointOfSql(used: Used): { point: string; join: string; where: string } {
  if (used.byPoint === null) {
    return {
      point: 'u.point',
      join: 'JOIN cv_use u ON u.keyword_id = r.keyword_id AND u.snap = r.date',
      where: '',
    };
  }
  const pairs = [...used.byPoint];
  const where = used.keywordIds === null ? '' : ` AND r.keyword_id IN (${intList(used.keywordIds)})`;
  // Every rollup date in the range is a point: the scans' dates are the points'.
  if (pairs.every(([p, d]) => p === d)) return { point: 'r.date', join: '', where };
  const snaps = [...new Set(used.byPoint.values())];
  if (snaps.length === pairs.length) {
    const whens = pairs.map(([p, d]) => `WHEN ${dateLit(d)} THEN ${dateLit(p)}`).join(' ');
    return {
      point: `CASE r.date ${whens} END`,
      join: '',
      where: `${where} AND r.date IN (${dateIn(snaps)})`,
    };
  }
  return { point: 'u.point', join: `JOIN ${pointsOfSql(used.byPoint, 'u')} ON u.snap = r.date`, where };
}

/**
 * Defines cv_hits(t, point, keyword_id, position, result_type, url_id, score): every counted result of a
 * used snapshot matching target t, once per target; score = sv × ctr(position), null for unknown volume.
 * A view, not a table: its readers scan it once or twice, and materialising the rows (tens of thousands)
 * into a temporary table cost several times the query itself. It reads cv_use and cv_kw as they are
 * when it is read, so callers stage those first and leave them unchanged.
 */
export async function stageHits(run: Run, used: Used | null): Promise<void> {
  const targets = run.facts.targets;
  if (used === null || targets.domainIds.length === 0) {
    await run.stage(
      'VIEW',
      'cv_hits',
      `SELECT CAST(NULL AS INTEGER) AS t, CAST(NULL AS DATE) AS point, CAST(NULL AS INTEGER) AS keyword_id,
        CAST(NULL AS UTINYINT) AS position, CAST(NULL AS UTINYINT) AS result_type, CAST(NULL AS INTEGER) AS url_id,
        CAST(NULL AS DOUBLE) AS score WHERE false`,
    );
    return;
  }
  const { copied, raw } = splitCopied(run.db, targets.domainIds, run.facts.copied);
  const { point, join, where } = pointOfSql(used);
  const ranges = dateRanges(used);
  // The copy holds a campaign's rows by date: with byPoint, one scan reads the few used dates (several
  // scans in a UNION ALL cost twice as much).
  const copyRanges =
    used.byPoint !== null && used.dates !== null ? [`r.date IN (${dateIn(used.dates)})`] : ranges;
  const scans = [
    ...(copied.length === 0 ? [] : copyRanges).map(
      (range) => `
         SELECT r.date, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id
         FROM cv_dom_hits r WHERE r.campaign_id = ${run.campaignId}
           AND r.domain_id IN (${intList(copied)}) AND ${range}${typeFilter(run)}${where}`,
    ),
    ...raw.flatMap((d) =>
      ranges.map(
        (range) => `
         SELECT r.date, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id
         FROM serp_by_domain r
         WHERE r.market_id = ${run.marketId} AND r.domain_id = ${d} AND ${range}${typeFilter(run)}${where}`,
      ),
    ),
  ];
  // One host-match kind reads cand once (literalMatchSql): left inline, a reader's filters (a page's keywords)
  // reach the scan.
  await run.stage(
    'VIEW',
    'cv_hits',
    `WITH cand AS ${targets.kinds.length > 1 ? 'MATERIALIZED' : 'NOT MATERIALIZED'} (
       SELECT ${point} AS point, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id
       FROM (${scans.join(' UNION ALL ')}) r ${join}
     ),
     matched AS (${literalMatchSql(run, 'cand x', 'x.point, x.keyword_id, x.position, x.result_type, x.url_id')})
     SELECT m.*, k.sv * ${doublesLit(run.scope.ctr)}[m.position] AS score
     FROM matched m JOIN cv_kw k ON k.keyword_id = m.keyword_id`,
  );
}
