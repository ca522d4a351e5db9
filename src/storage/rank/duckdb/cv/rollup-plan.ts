// Whether a campaign-visibility read can be answered from the campaign rollups (rollup.ts) instead of the
// SERP rows, and the pieces such answers share. The rollup answers a run when the keyword set is the whole
// campaign (no tag, group or keyword filter), the rollup was built from the current membership and volumes
// (signature), the targets match by domain or host (not path), and at every point date each keyword of the
// set uses a snapshot of one same date D: then the point's answer is the rollup at D (DESIGN §3, Dates).
// The first two and the rollup's dates are read by the prologue (prologue.ts, Facts.roll).
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { addDays } from '@core/date-range';
import type { CvSpan } from '../../../campaign-visibility-reads';
import type { RollDate } from './prologue';
import { KIND_DOMAIN, KIND_HOST, KIND_PATH, type Run, type SnapOf } from './run';
import { dateLit } from './sql';

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
 * `(t, host_id)` rows: the hosts each target matches, once per target (domain filters expand to their
 * hosts), as a subquery; null when a target has a path filter, which only the SERP rows can answer.
 */
export function targetHostsSql(run: Run): string | null {
  if (run.facts.targets.kinds.includes(KIND_PATH)) return null;
  return `(SELECT f.t, h.id AS host_id FROM cv_tf f JOIN hosts h ON h.domain_id = f.domain_id WHERE f.kind = ${KIND_DOMAIN}
    UNION
    SELECT f.t, f.host_id FROM cv_tf f WHERE f.kind = ${KIND_HOST})`;
}

/**
 * `FROM cv_roll r WHERE …` for the run's campaign at the snapshot dates, counted result types only. The
 * dates go as a range, and as a list too only when the range holds other rollup dates: the rows of a date
 * outside the rollup's list cannot exist, and a long IN list costs more than the scan it prunes.
 */
export function rollRowsSql(run: Run, snaps: Iterable<string>, join = ''): string {
  const dates = [...new Set(snaps)].sort();
  const lo = dates[0]!;
  const hi = dates[dates.length - 1]!;
  const within = rollDates(run, lo, hi)!.length;
  const list = within === dates.length ? '' : ` AND r.date IN (${dates.map(dateLit).join(', ')})`;
  const types = run.typeCodes === null ? '' : ` AND r.result_type IN (${run.typeCodes.join(', ')})`;
  return `FROM cv_roll r ${join} WHERE r.campaign_id = ${run.scope.campaignId}
    AND r.date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}${list}${types}`;
}

/** `VALUES` rows (point, snap) for joining rollup rows back to point dates, as `alias`. */
export function pointsOfSql(snapOf: SnapOf, alias = 'pd'): string {
  return `(VALUES ${[...snapOf].map(([p, d]) => `(${dateLit(p)}, ${dateLit(d)})`).join(', ')}) AS ${alias}(point, snap)`;
}
