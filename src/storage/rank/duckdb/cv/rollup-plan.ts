// Whether a campaign-visibility read can be answered from the campaign rollups (rollup.ts) instead of the
// SERP rows, and the pieces such answers share. The rollup answers a run when the keyword set is the whole
// campaign (no tag, group or keyword filter), the rollup was built from the current membership and volumes
// (signature), the targets match by domain or host (not path), and at every point date each keyword of the
// set uses a snapshot of one same date D: then the point's answer is the rollup at D (DESIGN §3, Dates).
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { addDays } from '@core/date-range';
import type { CvSpan, CvTarget } from '../../../campaign-visibility-reads';
import { KIND_DOMAIN, KIND_HOST, stageTargets, type Run } from './run';
import { SIGNATURE_SQL } from './rollup';
import { dateLit, isoOf } from './sql';

/** Point date → the snapshot date whose rollup rows answer it. */
export type SnapOf = Map<string, string>;

/** True when the rollup holds the run's whole keyword set as it is now. */
async function covers(run: Run): Promise<boolean> {
  const { scope } = run;
  if (scope.tags.length > 0 || scope.groups.length > 0 || scope.keywords.length > 0) return false;
  const rows = await run.s.all(
    `SELECT st.keywords = (SELECT count(*) FROM cv_kw) AND st.sig = (SELECT ${SIGNATURE_SQL} FROM cv_kw) AS ok
     FROM cv_roll_state st WHERE st.campaign_id = ${scope.campaignId} AND st.market_id = ${run.marketId}`,
  );
  return rows.length === 1 && rows[0]!.ok === true;
}

interface RollDate {
  date: string;
  /** Keywords with a snapshot on the date, and with one within its window. */
  keywords: number;
  window: number;
}

async function rollDates(run: Run, lo: string, hi: string): Promise<RollDate[]> {
  const rows = await run.s.all(
    `SELECT ${isoOf('date')} AS d, keywords, window_keywords FROM cv_roll_dates
     WHERE campaign_id = ${run.scope.campaignId} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)} ORDER BY date`,
  );
  return rows.map((r) => ({
    date: String(r.d),
    keywords: Number(r.keywords),
    window: Number(r.window_keywords),
  }));
}

/**
 * The snapshot date answering each point date, or null when the rollup cannot answer: the set is filtered
 * or the rollup is stale, a point has no snapshot in its window, or some keyword's latest snapshot in the
 * window of the point's snapshot date D is older than D (keywords checked on different days).
 */
export async function rollupSnapshots(run: Run, points: readonly string[]): Promise<SnapOf | null> {
  if (points.length === 0 || !(await covers(run))) return null;
  const sorted = [...points].sort();
  const dates = await rollDates(run, addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS), sorted[sorted.length - 1]!);
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
 * The point dates of a span, or null when the rollup cannot answer: each is its own snapshot date, and
 * unless `listOnly` (the dates alone are asked for) each must use that date for every keyword.
 */
export async function rollupPoints(run: Run, span: CvSpan, listOnly = false): Promise<string[] | null> {
  if (!(await covers(run))) return null;
  const dates = await rollDates(run, span.start, span.end);
  return listOnly || dates.every((d) => d.keywords === d.window) ? dates.map((d) => d.date) : null;
}

/**
 * Stages cv_th(t, host_id): the hosts each target matches, once per target (domain filters expand to their
 * hosts), or returns false when a target has a path filter, which only the SERP rows can answer.
 */
export async function stageTargetHosts(run: Run, targets: readonly CvTarget[]): Promise<boolean> {
  if (targets.some((t) => t.filters.some((f) => f.kind === 'path'))) return false;
  await stageTargets(run, targets);
  await run.s.run(`CREATE OR REPLACE TEMP TABLE cv_th AS
    SELECT f.t, h.id AS host_id FROM cv_tf f JOIN hosts h ON h.domain_id = f.domain_id WHERE f.kind = ${KIND_DOMAIN}
    UNION
    SELECT f.t, f.host_id FROM cv_tf f WHERE f.kind = ${KIND_HOST}`);
  return true;
}

/** `FROM cv_roll r WHERE …` for the run's campaign at the snapshot dates, counted result types only. */
export function rollRowsSql(run: Run, snaps: Iterable<string>, join = ''): string {
  const dates = [...new Set(snaps)].map(dateLit).join(', ');
  const types = run.typeCodes === null ? '' : ` AND r.result_type IN (${run.typeCodes.join(', ')})`;
  return `FROM cv_roll r ${join} WHERE r.campaign_id = ${run.scope.campaignId} AND r.date IN (${dates})${types}`;
}

/** `VALUES` rows (point, snap) for joining rollup rows back to point dates. */
export function pointsOfSql(snapOf: SnapOf): string {
  return `(VALUES ${[...snapOf].map(([p, d]) => `(${dateLit(p)}, ${dateLit(d)})`).join(', ')}) AS pd(point, snap)`;
}
