// The DuckDB emitter of planned reads (src/storage/rank/plan): SQL building blocks from a query description
// — the CTR model, the date rule, the target match and the raw source — that a read (plan-series.ts) puts
// together for the plan the planner chose. The keyword set is the prologue's cv_kw; the targets are the
// filters it found, written into the SQL as ids and quoted path prefixes (literalMatchSql: no table staged
// for them, none dropped, and each scan filtered by constants). The CTR curve enters SQL here only
// (scoreSql), so a campaign's own model is one argument. Units: scores are estimated monthly clicks
// (sv × ctr).
import type { CtrModel } from '@core/metrics/ctr-model';
import type { AnyRankQuery } from '../../plan/query';
import type { EngineCapabilities } from '../../plan/planner';
import type { FoundFilter } from './prologue';
import { KIND_DOMAIN, KIND_HOST, KIND_PATH, typeFilter, type Run } from './run';
import { sqlString } from '../db';
import { dateLit, doublesLit } from './sql';

/** DuckDB keeps a rollup that adds path rows (rollup-plan.ts) and copies sorted for reads (serp_by_domain). */
export const DUCKDB_CAPABILITIES: EngineCapabilities = {
  rollupPaths: true,
  sortedCopy: true,
  rawOwnDate: false,
};

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
 * `(t, host_id, url_id)` rows: the URLs on the path prefixes of `filters` (KIND_PATH), once per target
 * however many of its paths they are on.
 */
export function pathUrlsSql(filters: readonly FoundFilter[]): string {
  const on = (path: string) => `(path = ${sqlString(path)} OR starts_with(path, ${sqlString(`${path}/`)}))`;
  const rows = filters.map(
    (f) =>
      `SELECT ${f.t} AS t, host_id, id AS url_id FROM urls WHERE host_id = ${f.hostId} AND ${on(f.path ?? '')}`,
  );
  return rows.length === 0
    ? 'SELECT CAST(NULL AS INTEGER) AS t, CAST(NULL AS INTEGER) AS host_id, CAST(NULL AS INTEGER) AS url_id WHERE false'
    : rows.join(' UNION ');
}

/**
 * `(t, id)` VALUES rows, each once, of the found filters of host-match `kind`: domain ids for KIND_DOMAIN,
 * host ids for KIND_HOST; '' when there are none.
 */
export function targetIdPairs(run: Run, kind: number): string {
  const ids = run.facts.found.filter((f) => f.kind === kind);
  return [...new Set(ids.map((f) => `(${f.t}, ${kind === KIND_DOMAIN ? f.domainId : f.hostId})`))].join(', ');
}

/**
 * The rows of `from` (alias x, with domain_id, host_id and url_id) matching each target, as t then `cols`,
 * a row once per target however many of its filters match it: one join per host-match kind, to the
 * (target, id) pairs of its domain or host filters as VALUES, or to the URLs of its path filters, so `from`
 * is read at most three times however many filters there are (a SELECT per filter read it once per filter;
 * a CASE over the ids took 660 ms for 1,000 domains where the join takes 20 ms).
 */
export function literalMatchSql(run: Run, from: string, cols: string): string {
  const { found, targets } = run.facts;
  const joined = (kind: number, column: string): string[] => {
    const pairs = targetIdPairs(run, kind);
    return pairs === ''
      ? []
      : [`SELECT f.t, ${cols} FROM ${from} JOIN (VALUES ${pairs}) f(t, id) ON f.id = ${column}`];
  };
  const paths = found.filter((f) => f.kind === KIND_PATH);
  const branches = [...joined(KIND_DOMAIN, 'x.domain_id'), ...joined(KIND_HOST, 'x.host_id')];
  if (paths.length > 0)
    branches.push(`SELECT p.t, ${cols} FROM ${from}
      JOIN (${pathUrlsSql(paths)}) p ON p.url_id = x.url_id AND p.host_id = x.host_id`);
  if (branches.length === 0) return `SELECT CAST(NULL AS INTEGER) AS t, ${cols} FROM ${from} WHERE false`;
  return branches.join(targets.overlapping ? ' UNION ' : ' UNION ALL ');
}

/** CTE raw_hits: each result of raw_res once per target it matches (literalMatchSql). */
export function rawTargetMatchSql(run: Run): string {
  const cols = 'x.point, x.keyword_id, x.position, x.result_type, x.url_id, x.sv';
  return `raw_hits AS (${literalMatchSql(run, 'raw_res x', cols)})`;
}
