// The DuckDB emitter of planned reads (src/storage/rank/plan): SQL building blocks from a query description
// — the CTR model, the date rule, the target match and the raw source — that a read (plan-series.ts) puts
// together for the plan the planner chose. The keyword set is the prologue's cv_kw and the target filters
// its cv_tf (prologue.ts, run.ts), or, in a literal run, the found filters written into the SQL as ids and
// quoted path prefixes (literalMatchSql: no table staged for them, none dropped, and each scan filtered by
// constants). The CTR curve enters SQL here only (scoreSql), so a campaign's own model
// is one argument. Units: scores are estimated monthly clicks (sv × ctr).
import type { CtrModel } from '@core/metrics/ctr-model';
import type { AnyRankQuery } from '../../plan/query';
import type { EngineCapabilities } from '../../plan/planner';
import { KIND_DOMAIN, KIND_HOST, KIND_PATH, typeFilter, type Run } from './run';
import { sqlString } from '../db';
import { dateLit, doublesLit } from './sql';

/** DuckDB keeps a rollup that adds path rows (rollup-plan.ts) and copies sorted for reads (serp_by_domain). */
export const DUCKDB_CAPABILITIES: EngineCapabilities = { rollupPaths: true, sortedCopy: true };

/** `sv × ctr(position)` of SQL expressions: the one place the model's curve is written into SQL. */
export function scoreSql(ctr: CtrModel, sv: string, position: string): string {
  return `${sv} * ${doublesLit(ctr.values)}[${position}]`;
}

/**
 * The date rule of DESIGN §3 over the raw rows, as CTEs: raw_snaps (keyword_id, date) the snapshots of the
 * keyword set in the span and the windows before it, raw_points (point) the span's dates with a snapshot (the
 * first and last of them when the query picks the ends) or the query's explicit dates, raw_use (point,
 * keyword_id, snap) the latest snapshot at most maxAgeDays before each point.
 */
export function rawDateRuleSql(run: Run, q: AnyRankQuery): string {
  const { span, dates, maxAgeDays, pick } = q.points;
  const inSpan = `FROM raw_snaps WHERE date BETWEEN ${dateLit(span.start)} AND ${dateLit(span.end)}`;
  const points =
    dates !== null
      ? `SELECT unnest([${dates.map(dateLit).join(', ')}]) AS point`
      : pick === 'ends'
        ? `SELECT DISTINCT date AS point ${inSpan}
      AND (date = (SELECT min(date) ${inSpan}) OR date = (SELECT max(date) ${inSpan}))`
        : `SELECT DISTINCT date AS point ${inSpan}`;
  return `raw_snaps AS (
      SELECT DISTINCT r.keyword_id, r.date FROM serp_results r
      WHERE r.market_id = ${run.marketId}
        AND r.date BETWEEN ${dateLit(span.start)} - ${maxAgeDays} AND ${dateLit(span.end)}
        AND r.keyword_id IN (SELECT keyword_id FROM cv_kw)),
    raw_points AS (${points}),
    raw_use AS (
      SELECT p.point, s.keyword_id, max(s.date) AS snap
      FROM raw_points p JOIN raw_snaps s ON s.date BETWEEN p.point - ${maxAgeDays} AND p.point
      GROUP BY p.point, s.keyword_id)`;
}

/** CTE raw_res: the counted results of the used snapshots, with their point and the keyword's volume. */
export function rawResultsSql(run: Run): string {
  return `raw_res AS (
      SELECT u.point, r.keyword_id, r.position, r.result_type, r.url_id, r.host_id, r.domain_id, k.sv
      FROM serp_results r
      JOIN raw_use u ON u.keyword_id = r.keyword_id AND u.snap = r.date
      JOIN cv_kw k ON k.keyword_id = r.keyword_id
      WHERE r.market_id = ${run.marketId}${typeFilter(run)})`;
}

/**
 * The rows of `from` (alias x, with domain_id, host_id and url_id) matching each target of a literal run, as
 * t then `cols`: one SELECT per found filter by registrable domain, host, or the URL ids of a host's path
 * prefix, a row once per target however many of its filters match it.
 */
export function literalMatchSql(run: Run, from: string, cols: string): string {
  const branches = run.facts.found.map((f) => {
    const path = f.path ?? '';
    const where =
      f.kind === KIND_DOMAIN
        ? `x.domain_id = ${f.domainId}`
        : f.kind === KIND_HOST
          ? `x.host_id = ${f.hostId}`
          : `x.host_id = ${f.hostId} AND x.url_id IN (SELECT id FROM urls WHERE host_id = ${f.hostId}
              AND (path = ${sqlString(path)} OR starts_with(path, ${sqlString(`${path}/`)})))`;
    return `SELECT ${f.t} AS t, ${cols} FROM ${from} WHERE ${where}`;
  });
  if (branches.length === 0) return `SELECT CAST(NULL AS INTEGER) AS t, ${cols} FROM ${from} WHERE false`;
  return branches.join(run.facts.targets.overlapping ? ' UNION ' : ' UNION ALL ');
}

/**
 * CTE raw_hits: each result of raw_res once per target it matches (cv_tf, or the literal filters: by
 * registrable domain, host, or host and path prefix), however many of the target's filters match it.
 */
export function rawTargetMatchSql(run?: Run): string {
  if (run?.literal === true) {
    const cols = 'x.point, x.keyword_id, x.position, x.result_type, x.url_id, x.sv';
    return `raw_hits AS (${literalMatchSql(run, 'raw_res x', cols)})`;
  }
  return `raw_hits AS (
      SELECT DISTINCT f.t, x.point, x.keyword_id, x.position, x.result_type, x.url_id, x.sv
      FROM raw_res x JOIN cv_tf f
        ON (f.kind = ${KIND_DOMAIN} AND f.domain_id = x.domain_id)
        OR (f.kind = ${KIND_HOST} AND f.host_id = x.host_id)
        OR (f.kind = ${KIND_PATH} AND f.host_id = x.host_id AND EXISTS (
          SELECT 1 FROM urls u WHERE u.id = x.url_id AND (u.path = f.path OR starts_with(u.path, f.path || '/'))))
    )`;
}
