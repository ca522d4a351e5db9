// Whether a campaign-visibility read can be answered from the campaign rollups (rollup.ts) instead of the
// SERP rows, and the pieces such answers share. The rollup answers a run when the keyword set is the whole
// campaign (no tag, group or keyword filter), the rollup was built from the current membership and volumes
// (signature), and at every point date each keyword of the set uses a snapshot of one same date D: then the
// point's answer is the rollup at D (DESIGN §3, Dates). The rollup holds hosts, not paths: a target's path
// filters add their few results from the SERP rows at those dates (pathRowsSql). The first two and the
// rollup's dates are read by the prologue (prologue.ts, Facts.roll).
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { addDays } from '@core/date-range';
import type { CvSpan } from '../../../campaign-visibility-reads';
import { pathUrlsSql, targetIdPairs } from './plan-emit';
import type { FoundFilter, RollDate } from './prologue';
import { KIND_DOMAIN, KIND_HOST, KIND_PATH, typeFilter, type Run, type SnapOf } from './run';
import { dateLit, intList } from './sql';
import { splitCopied } from './tracked-hits';

/** The rollup's dates within [lo, hi], or null when the rollup does not hold the set. */
function rollDates(run: Run, lo: string, hi: string): RollDate[] | null {
  const roll = run.facts.roll;
  if (roll === null) return null;
  // The prologue loaded the window of the dates the run said it asks about (RunInput.dates).
  if (lo < roll.lo || hi > roll.hi) throw new Error(`rollup dates ${lo}…${hi} were not loaded`);
  return roll.dates.filter((d) => d.date >= lo && d.date <= hi);
}

/**
 * The snapshot date answering each point date, or null when the rollup cannot answer: the set is filtered
 * or the rollup is stale, a point has no snapshot in its window, or some keyword's latest snapshot in the
 * window of the point's snapshot date D is older than D (keywords checked on different days).
 */
export function rollupSnapshots(run: Run, points: readonly string[]): SnapOf | null {
  if (points.length === 0) return null;
  const sorted = [...points].sort();
  const dates = rollDates(run, addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS), sorted[sorted.length - 1]!);
  if (dates === null) return null;
  const out: SnapOf = new Map();
  for (const p of sorted) {
    const lo = addDays(p, -MAX_SNAPSHOT_AGE_DAYS);
    const d = dates.filter((x) => x.date >= lo && x.date <= p).pop();
    // Keywords with a snapshot in [p − age, p] all lie in [D − age, D]; when all of those have theirs at D,
    // every keyword measured at p uses D.
    if (d === undefined || d.keywords !== d.window) return null;
    out.set(p, d.date);
  }
  return out;
}

/**
 * The rollup's dates of a span, or null when the rollup cannot answer: each is its own snapshot date, and
 * unless `listOnly` (the dates alone are asked for) each must use that date for every keyword.
 */
export function rollupDays(run: Run, span: CvSpan, listOnly = false): RollDate[] | null {
  const dates = rollDates(run, span.start, span.end);
  return dates !== null && (listOnly || dates.every((d) => d.keywords === d.window)) ? dates : null;
}

/** The point dates of a span when the rollup answers them (rollupDays). */
export function rollupPoints(run: Run, span: CvSpan, listOnly = false): string[] | null {
  return rollupDays(run, span, listOnly)?.map((d) => d.date) ?? null;
}

/**
 * `(t, host_id)` rows: the hosts each target matches whole, once per target (domain filters expand to their
 * hosts), as a subquery. Path filters match part of a host's results: pathRowsSql adds those.
 */
function targetHostsSql(run: Run): string {
  const rows: string[] = [];
  const domains = targetIdPairs(run, KIND_DOMAIN);
  const hosts = targetIdPairs(run, KIND_HOST);
  if (domains !== '')
    rows.push(
      `SELECT f.t, h.id AS host_id FROM (VALUES ${domains}) f(t, id) JOIN hosts h ON h.domain_id = f.id`,
    );
  if (hosts !== '') rows.push(`SELECT * FROM (VALUES ${hosts}) f(t, host_id)`);
  return rows.length === 0
    ? '(SELECT CAST(NULL AS INTEGER) AS t, CAST(NULL AS INTEGER) AS host_id WHERE false)'
    : `(${rows.join(' UNION ')})`;
}

/** True when the target of path filter `f` also matches its host whole (the rollup rows count its results). */
function matchedWhole(run: Run, f: FoundFilter): boolean {
  return run.facts.found.some(
    (g) =>
      g.t === f.t &&
      (g.kind === KIND_DOMAIN ? g.domainId === f.domainId : g.kind === KIND_HOST && g.hostId === f.hostId),
  );
}

/**
 * `(date, t, result_type, position, sv)` rows of the results on the targets' path filters at the rollup
 * dates `snaps`, summed like rollup rows, or null without path filters. The rollup cannot split a host by
 * path, so these come from the SERP rows: the campaign's copy for the paths' domains it declares
 * (tracked-hits.ts), serp_by_domain for the others. The URLs on the targets' paths are listed first
 * (pathUrlsSql: a few thousand rows of urls instead of a join per result). The keyword set is the whole
 * campaign here, so at a rollup date each result of a keyword is one of the snapshot it uses.
 */
function pathRowsSql(run: Run, snaps: Iterable<string>): string | null {
  const domainIds = run.facts.targets.pathDomainIds;
  if (domainIds.length === 0) return null;
  const { copied, raw } = splitCopied(run.db, domainIds, run.facts.copied);
  const scan = (from: string, ids: readonly number[]) =>
    `SELECT r.date, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id FROM ${from}
      AND r.domain_id IN (${intList(ids)}) AND ${datesWhere(run, snaps)}${typeFilter(run)}`;
  const scans: string[] = [];
  if (copied.length > 0) scans.push(scan(`cv_dom_hits r WHERE r.campaign_id = ${run.campaignId}`, copied));
  if (raw.length > 0) scans.push(scan(`serp_by_domain r WHERE r.market_id = ${run.marketId}`, raw));
  const paths = run.facts.found.filter((f) => f.kind === KIND_PATH && !matchedWhole(run, f));
  return `SELECT r.date, pu.t, r.result_type, r.position, CAST(coalesce(sum(k.sv), 0) AS BIGINT) AS sv
    FROM (${scans.join(' UNION ALL ')}) r
    JOIN (${pathUrlsSql(paths)}) pu ON pu.url_id = r.url_id AND pu.host_id = r.host_id
    JOIN cv_kw k ON k.keyword_id = r.keyword_id
    GROUP BY ALL`;
}

/**
 * `r.date` within the snapshot dates: as a range, and as a list too only when the range holds other rollup
 * dates (the rows of a date outside the rollup's list cannot exist, and a long IN list costs more than the
 * scan it prunes).
 */
function datesWhere(run: Run, snaps: Iterable<string>): string {
  const dates = [...new Set(snaps)].sort();
  const lo = dates[0]!;
  const hi = dates[dates.length - 1]!;
  const within = rollDates(run, lo, hi)!.length;
  const list = within === dates.length ? '' : ` AND r.date IN (${dates.map(dateLit).join(', ')})`;
  return `r.date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}${list}`;
}

/** `FROM cv_roll r WHERE …` for the run's campaign at the snapshot dates, counted result types only. */
export function rollRowsSql(run: Run, snaps: Iterable<string>, join = ''): string {
  return `FROM cv_roll r ${join} WHERE r.campaign_id = ${run.campaignId}
    AND ${datesWhere(run, snaps)}${typeFilter(run)}`;
}

/**
 * `FROM …` the rows (r.date, t, r.result_type, r.position, r.sv) of the targets' results at the rollup
 * dates `snaps`: the rollup rows of the hosts each target matches whole, and the path filters' rows
 * (pathRowsSql) when there are some.
 */
export function targetRowsSql(run: Run, snaps: readonly string[]): string {
  const roll = rollRowsSql(run, snaps, `JOIN ${targetHostsSql(run)} h ON h.host_id = r.host_id`);
  const paths = pathRowsSql(run, snaps);
  if (paths === null) return roll;
  return `FROM (SELECT r.date, h.t, r.result_type, r.position, r.sv ${roll}
    UNION ALL ${paths}) r`;
}

/** `VALUES` rows (point, snap) for joining rollup rows back to point dates, as `alias`. */
export function pointsOfSql(snapOf: SnapOf, alias = 'pd'): string {
  return `(VALUES ${[...snapOf].map(([p, d]) => `(${dateLit(p)}, ${dateLit(d)})`).join(', ')}) AS ${alias}(point, snap)`;
}
