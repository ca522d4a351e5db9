// The date rule of DESIGN §3 in SQL: at a point date d a keyword uses its latest snapshot on or before d and
// at most 6 days earlier. cv_snaps lists the (keyword, date) snapshots of the keyword set in a date window;
// cv_use maps every (point date, keyword) to the snapshot date it uses; cv_hits holds the counted results of
// those snapshots that match a target, once per target (a domain group counts a result once).
//
// Neither step reads serp_results: the snapshots come from serp_keyword_dates (one row per snapshot with a
// result) and the matching results from the campaign's copy of its domains' results (tracked-hits.ts) when
// it holds every target domain, else from serp_by_domain (sorted by market, domain, date, keyword), one
// scan per target domain so that each prunes row groups by domain id; all are kept in step by every write.
import { addDays } from '@core/date-range';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import type { CvSpan } from '../../../campaign-visibility-reads';
import { pointsOfSql, rollupPoints, rollupSnapshots } from './rollup-plan';
import { KIND_DOMAIN, KIND_HOST, KIND_PATH, typeFilter, type Run, type TargetSet } from './run';
import { dateLit, doublesLit, intList, isoOf } from './sql';
import { hitsCopied } from './tracked-hits';

const dateIn = (dates: readonly string[]) => dates.map(dateLit).join(', ');

/** A closed date interval `YYYY-MM-DD`. */
export interface Window {
  lo: string;
  hi: string;
}

/** The window of snapshots a point date may use. */
export function windowOf(point: string): Window {
  return { lo: addDays(point, -MAX_SNAPSHOT_AGE_DAYS), hi: point };
}

/** Stages cv_snaps(keyword_id, date): the snapshots of the keyword set dated within any of the windows. */
export async function stageSnapshots(run: Run, windows: readonly Window[]): Promise<void> {
  const { s, marketId: m } = run;
  if (windows.length === 0) {
    await s.run('CREATE OR REPLACE TEMP TABLE cv_snaps (keyword_id INTEGER, date DATE)');
    return;
  }
  const within = windows.map((w) => `d.date BETWEEN ${dateLit(w.lo)} AND ${dateLit(w.hi)}`).join(' OR ');
  await s.run(`CREATE OR REPLACE TEMP TABLE cv_snaps AS
    SELECT d.keyword_id, d.date FROM serp_keyword_dates d
    WHERE d.market_id = ${m} AND (${within}) AND d.keyword_id IN (SELECT keyword_id FROM cv_kw)`);
}

/** Point dates of the span (dates in it on which a keyword of the set has a snapshot), ascending. */
export async function stagePoints(run: Run, span: CvSpan): Promise<string[]> {
  const known = await rollupPoints(run, span);
  if (known !== null) {
    run.snapOf = new Map(known.map((p) => [p, p]));
    return known;
  }
  await stageSnapshots(run, [{ lo: windowOf(span.start).lo, hi: span.end }]);
  const rows = await run.s.all(
    `SELECT DISTINCT ${isoOf('date')} AS d FROM cv_snaps
     WHERE date BETWEEN ${dateLit(span.start)} AND ${dateLit(span.end)} ORDER BY d`,
  );
  return rows.map((r) => String(r.d));
}

/**
 * Stages cv_use(point, keyword_id, snap) for the point dates (cv_snaps must cover each point's window, unless
 * run.snapOf gives every point's snapshot date);
 * `keywordIds` narrows it to those keywords. Returns the oldest and newest snapshot used, or null if none.
 */
export async function stageUse(
  run: Run,
  points: readonly string[],
  keywordIds?: readonly number[],
): Promise<{ lo: string; hi: string } | null> {
  const { s, snapOf } = run;
  if (points.length === 0 || keywordIds?.length === 0) {
    await s.run('CREATE OR REPLACE TEMP TABLE cv_use (point DATE, keyword_id INTEGER, snap DATE)');
    return null;
  }
  if (snapOf !== null && points.every((p) => snapOf.has(p))) {
    // Every keyword measured at a point uses the same snapshot date: no search over the window.
    const used = new Map(points.map((p) => [p, snapOf.get(p)!]));
    await s.run(`CREATE OR REPLACE TEMP TABLE cv_use AS
      SELECT pd.point, d.keyword_id, pd.snap FROM serp_keyword_dates d JOIN ${pointsOfSql(used)} ON pd.snap = d.date
      WHERE d.market_id = ${run.marketId} AND d.date IN (${[...new Set(used.values())].map(dateLit).join(', ')})
        AND d.keyword_id IN (SELECT keyword_id FROM cv_kw)${keywordIds === undefined ? '' : ` AND d.keyword_id IN (${intList(keywordIds)})`}`);
    // Rollup dates are snapshot dates of the set, so without a keyword list each one is used.
    if (keywordIds === undefined) {
      const snaps = [...used.values()].sort();
      return { lo: snaps[0]!, hi: snaps[snaps.length - 1]! };
    }
  } else {
    if (snapOf !== null) await stageSnapshots(run, points.map(windowOf));
    await stageUseFromSnaps(run, points, keywordIds);
  }
  const r = await s.one(`SELECT ${isoOf('min(snap)')} AS lo, ${isoOf('max(snap)')} AS hi FROM cv_use`);
  return r.lo === null ? null : { lo: String(r.lo), hi: String(r.hi) };
}

/** cv_use from the staged cv_snaps: each keyword's latest snapshot within each point's window. */
async function stageUseFromSnaps(
  run: Run,
  points: readonly string[],
  keywordIds?: readonly number[],
): Promise<void> {
  const only = keywordIds === undefined ? '' : ` WHERE s.keyword_id IN (${intList(keywordIds)})`;
  await run.s.run(`CREATE OR REPLACE TEMP TABLE cv_use AS
    SELECT p.point, s.keyword_id, max(s.date) AS snap
    FROM (SELECT unnest([${dateIn(points)}]) AS point) p
    JOIN cv_snaps s ON s.date BETWEEN p.point - ${MAX_SNAPSHOT_AGE_DAYS} AND p.point${only}
    GROUP BY p.point, s.keyword_id`);
}

/** Snapshots for the point dates of a single date (its own window), then cv_use. */
export async function stagePointDate(run: Run, date: string): Promise<{ lo: string; hi: string } | null> {
  run.snapOf = await rollupSnapshots(run, [date]);
  if (run.snapOf === null) await stageSnapshots(run, [windowOf(date)]);
  return stageUse(run, [date]);
}

/**
 * The counted results of the used snapshots of the keyword set, as `FROM … WHERE …` text with aliases r
 * (result), u (use) and k (keyword), plus `join` (more JOIN clauses): what market-wide sums (every host) read.
 */
export function usedResultsSql(run: Run, used: { lo: string; hi: string }, join = ''): string {
  return `FROM serp_results r
    JOIN cv_use u ON u.keyword_id = r.keyword_id AND u.snap = r.date
    JOIN cv_kw k ON k.keyword_id = r.keyword_id ${join}
    WHERE r.market_id = ${run.marketId} AND r.date BETWEEN ${dateLit(used.lo)} AND ${dateLit(used.hi)}${typeFilter(run)}`;
}

/**
 * The candidate results (cand) that match each target, one SELECT per host-match kind staged (a group of
 * domains only needs the domain join); a result matching a target twice (a group naming a domain and one of
 * its hosts) counts once when targets overlap.
 */
function matchedSql(targets: TargetSet): string {
  const cols = 'f.t, c.point, c.keyword_id, c.position, c.result_type, c.url_id';
  const branches = targets.kinds.map((kind) =>
    kind === KIND_DOMAIN
      ? `FROM cand c JOIN cv_tf f ON f.kind = ${KIND_DOMAIN} AND f.domain_id = c.domain_id`
      : kind === KIND_HOST
        ? `FROM cand c JOIN cv_tf f ON f.kind = ${KIND_HOST} AND f.host_id = c.host_id`
        : `FROM cand c JOIN cv_tf f ON f.kind = ${KIND_PATH} AND f.host_id = c.host_id
           JOIN urls x ON x.id = c.url_id WHERE x.path = f.path OR starts_with(x.path, f.path || '/')`,
  );
  if (branches.length === 1) return `SELECT ${targets.overlapping ? 'DISTINCT ' : ''}${cols} ${branches[0]}`;
  return branches.map((b) => `SELECT ${cols} ${b}`).join(targets.overlapping ? ' UNION ' : ' UNION ALL ');
}

/** Most snapshot dates scanned one by one; more are scanned as one range. */
const MAX_EXACT_DATES = 8;

/**
 * Date predicates (on r.date) covering the used snapshots: one equality per snapshot date when there are
 * few, since serp_by_domain keeps a domain's rows in date order and an equality reads that date's rows only
 * (a range from the first to the last point of a 26-week span reads every week between them, ~13× more);
 * otherwise the one range.
 */
async function dateRanges(run: Run, used: { lo: string; hi: string }): Promise<string[]> {
  if (used.lo === used.hi) return [`r.date = ${dateLit(used.lo)}`];
  const snaps = await run.s.all(
    `SELECT DISTINCT ${isoOf('snap')} AS d FROM cv_use ORDER BY d LIMIT ${MAX_EXACT_DATES + 1}`,
  );
  return snaps.length > 0 && snaps.length <= MAX_EXACT_DATES
    ? snaps.map((r) => `r.date = ${dateLit(String(r.d))}`)
    : [`r.date BETWEEN ${dateLit(used.lo)} AND ${dateLit(used.hi)}`];
}

/**
 * Defines cv_hits(t, point, keyword_id, position, result_type, url_id, score): every counted result of a
 * used snapshot matching target t, once per target; score = sv × ctr(position), null for unknown volume.
 * A view, not a table: its readers scan it once or twice, and materialising the rows (tens of thousands)
 * into a temporary table cost several times the query itself. It reads cv_use, cv_tf and cv_kw as they are
 * when it is read, so callers stage those first and leave them unchanged.
 */
export async function stageHits(
  run: Run,
  targets: TargetSet,
  used: { lo: string; hi: string } | null,
): Promise<void> {
  const { s } = run;
  if (used === null || targets.domainIds.length === 0) {
    await s.run(`CREATE OR REPLACE TEMP VIEW cv_hits AS SELECT CAST(NULL AS INTEGER) AS t,
      CAST(NULL AS DATE) AS point, CAST(NULL AS INTEGER) AS keyword_id, CAST(NULL AS UTINYINT) AS position,
      CAST(NULL AS UTINYINT) AS result_type, CAST(NULL AS INTEGER) AS url_id, CAST(NULL AS DOUBLE) AS score
      WHERE false`);
    return;
  }
  const ranges = await dateRanges(run, used);
  const copied = await hitsCopied(run.db, s, run.scope.campaignId, run.marketId, targets.domainIds);
  const scans = copied
    ? ranges.map(
        (range) => `
         SELECT r.date, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id
         FROM cv_dom_hits r WHERE r.campaign_id = ${run.scope.campaignId}
           AND r.domain_id IN (${intList(targets.domainIds)}) AND ${range}${typeFilter(run)}`,
      )
    : targets.domainIds.flatMap((d) =>
        ranges.map(
          (range) => `
         SELECT r.date, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id
         FROM serp_by_domain r
         WHERE r.market_id = ${run.marketId} AND r.domain_id = ${d} AND ${range}${typeFilter(run)}`,
        ),
      );
  // One host-match kind reads cand once: left inline, a reader's filters (a page's keywords) reach the scan.
  await s.run(
    `CREATE OR REPLACE TEMP VIEW cv_hits AS
     WITH cand AS ${targets.kinds.length > 1 ? 'MATERIALIZED' : 'NOT MATERIALIZED'} (
       SELECT u.point, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id
       FROM (${scans.join(' UNION ALL ')}) r JOIN cv_use u ON u.keyword_id = r.keyword_id AND u.snap = r.date
     ),
     matched AS (${matchedSql(targets)}
     )
     SELECT m.*, k.sv * ${doublesLit(run.scope.ctr)}[m.position] AS score
     FROM matched m JOIN cv_kw k ON k.keyword_id = m.keyword_id`,
  );
}
