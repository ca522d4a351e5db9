// Campaign-visibility sums answered from the campaign rollup (cv_roll, derived.ts) instead of the SERP rows,
// as the DuckDB adapter's rollup-plan.ts does. The rollup answers when the keyword set is the whole campaign
// (no tag, group or keyword filter), the targets match by domain or host (not path), and at every point date
// each measured keyword uses one same snapshot date D (cv_use, staged by snapshots.ts): the keywords using D
// there are then exactly the campaign's keywords with a result on D, so the point's sums are the rollup's
// at D. A VS is Σ ctr(position) × Σ sv over rollup rows (estimated monthly clicks).
import type { CvTarget } from '../../../campaign-visibility-reads';
import { lit } from '../escape';
import type { Row } from '../client';
import { typeFilter, type Run, type TargetSet } from './run';
import type { Used } from './snapshots';
import { ctrArray, dateLit, float, idSet } from './sql';

/** Point date → the snapshot date whose rollup rows answer it (points measuring no keyword are absent). */
export type SnapOf = Map<string, string>;

/**
 * The snapshot date of each point staged in cv_use (`used`, stageUse's answer), or null when the rollup
 * cannot answer: the set is filtered, a target has a path filter, or some point's keywords use snapshots of
 * different dates.
 */
export function rollupSnapshots(run: Run, used: Used, targets: readonly CvTarget[] = []): SnapOf | null {
  const { scope } = run;
  if (scope.tags.length > 0 || scope.groups.length > 0 || scope.keywords.length > 0) return null;
  if (targets.some((t) => t.filters.some((f) => f.kind === 'path'))) return null;
  const points = [...used.points];
  if (points.some(([, u]) => u.snaps !== 1)) return null;
  return new Map(points.map(([p, u]) => [p, u.snap]));
}

/** `FROM cv_roll WHERE …`: the campaign's rollup rows at the snapshot dates, counted result types only. */
function rollupRowsSql(run: Run, snapOf: SnapOf, where = ''): string {
  const dates = [...new Set(snapOf.values())].map(dateLit).join(', ');
  return `FROM ${run.local('cv_roll')}
    WHERE market_id = ${lit(run.marketId)} AND campaign_id = ${lit(run.scope.campaignId)}
      AND date IN (${dates})${typeFilter(run)}${where}`;
}

/** `Σ ctr(position) × sv` over rollup rows. */
const vsSql = (run: Run) => `sum(${ctrArray(run.scope.ctr)}[position] * sv)`;

/**
 * Rows (d: snapshot date, t: target index, `extra` columns, vs) of the targets' VS at the snapshot dates,
 * grouped by `extra` too; a rollup row matching a target by several filters counts once.
 */
export async function rollupTargetScores(
  run: Run,
  targets: TargetSet,
  snapOf: SnapOf,
  extra: { select: string; group: string } | null = null,
): Promise<Row[]> {
  if (snapOf.size === 0 || targets.domainIds.length === 0) return [];
  // As in snapshots.ts stageHits: the per-target conditions sit beside the lambda, not inside it (18.16).
  const matches = `[${targets.conditions.map((c) => `toUInt8(${c})`).join(', ')}]`;
  return run.s.rows(
    `SELECT toString(date) AS d, toUInt32(ti) AS t${extra === null ? '' : `, ${extra.select}`}, ${vsSql(run)} AS vs
     FROM (
       SELECT date, position, result_type, sv,
         arrayFilter((i, ok) -> ok = 1, range(${targets.count}), ${matches}) AS matched
       ${rollupRowsSql(run, snapOf, ` AND domain_id IN ${idSet(targets.domainIds)}`)}
     ) ARRAY JOIN matched AS ti
     GROUP BY d, t${extra === null ? '' : `, ${extra.group}`}`,
  );
}

/** Per snapshot date, the VS of every host (the whole-market share denominator). */
export async function rollupMarketScores(run: Run, snapOf: SnapOf): Promise<Map<string, number>> {
  if (snapOf.size === 0) return new Map();
  const rows = await run.s.rows(
    `SELECT toString(date) AS d, ${vsSql(run)} AS vs ${rollupRowsSql(run, snapOf)} GROUP BY d`,
  );
  return new Map(rows.map((r) => [String(r.d), float(r.vs)]));
}

/**
 * SELECT (point, domain_id, vs) of every registrable domain with a positive VS at each point date, from the
 * rollup at the point's snapshot date.
 */
export function rollupDomainScoresSql(run: Run, snapOf: SnapOf): string {
  const pairs = [...snapOf].map(([point, snap]) => `(${dateLit(point)}, ${dateLit(snap)})`).join(', ');
  return `SELECT point, domain_id, vs FROM (
      SELECT date, domain_id, ${vsSql(run)} AS vs ${rollupRowsSql(run, snapOf)}
      GROUP BY date, domain_id HAVING vs > 0
    ) ALL INNER JOIN (
      SELECT tupleElement(pd, 1) AS point, tupleElement(pd, 2) AS date FROM (SELECT arrayJoin([${pairs}]) AS pd)
    ) USING date`;
}
