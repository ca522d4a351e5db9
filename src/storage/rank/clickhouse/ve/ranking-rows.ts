// The explorer's ranking rows of one host on ClickHouse, as the DuckDB adapter's ranking-rows.ts: every
// keyword and every URL where the host ranks at the first or the last point of a range, with its numbers at
// each (the same as the core's keywordScores / bestResult / urlScores). A big host ranks on ~300,000 keywords,
// so the per-keyword and per-URL sums of both points are staged on the owning shard in the session's
// temporary tables (host-rows.ts) and the rows come back in one statement, with their names joined there.
// Units: sv monthly searches, VS estimated monthly clicks (sv × ctr(p)). 18.16 joins one table per SELECT,
// so each join is a nested SELECT; a side where the host has no row is told by its count of 0.
import type { HostFilter } from '@core/host-match';
import type {
  VeKeywordAt,
  VeKeywordRanking,
  VeUrlAt,
  VeUrlRanking,
} from '../../../visibility-explorer-reads';
import type { Row } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { count, ctrArray, dateLit, float, intOrNull, storable } from '../cv/sql';
import { withUsedRows, type HostScope } from './host-rows';

/** The two sides of a range, as the suffixes of the staged columns. */
const SIDES = [0, 1] as const;

/**
 * The condition selecting a side's used rows: `point = date`, or false for a date outside ClickHouse's Date
 * range (usedRows leaves such points out, so nothing is used there).
 */
function atPoint(date: string): string {
  return storable(date, date) === null ? '0' : `point = ${dateLit(date)}`;
}

/** Names of the URL ids in `column` of the staged `table`, as the right side of a join on `column`. */
function urlNamesOf(scope: HostScope, table: string, column: string, name: string): string {
  return `SELECT id AS ${column}, url AS ${name} FROM ${scope.ctx.table('urls')}
    WHERE id IN (SELECT ${column} FROM ${table})`;
}

/** The market's keywords among those of the staged `table`, as the right side of a join on keyword_id. */
function keywordsIn(scope: HostScope, table: string, columns: string): string {
  return `SELECT id AS keyword_id, ${columns} FROM ${scope.ctx.local('keywords')}
    WHERE market_id = ${lit(scope.mid)} AND id IN (SELECT keyword_id FROM ${table})`;
}

/**
 * Runs `fn` over the host's used rows at `start` and `end` (`used`: their SQL; `at`: each point's condition
 * on `point`) in a session of the owning shard, after the input checks; [] when there are none.
 */
async function atEnds<T>(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  [start, end]: [string, string],
  ctr: readonly number[],
  fn: (scope: HostScope, used: string, at: string[]) => Promise<T[]>,
): Promise<T[]> {
  return withUsedRows(
    ctx,
    market,
    filter,
    [start, end],
    ctr,
    () => [],
    (scope, used) => fn(scope, used, [atPoint(start), atPoint(end)]),
  );
}

function keywordAt(r: Row, side: 0 | 1): VeKeywordAt | null {
  if (count(r[`n${side}`]) === 0) return null;
  return {
    position: count(r[`best${side}`]),
    url: String(r[`u${side}`]),
    visibilityScore: float(r[`vs${side}`]),
  };
}

export async function hostKeywordRanking(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  start: string,
  end: string,
  ctr: readonly number[],
): Promise<VeKeywordRanking[]> {
  return atEnds(ctx, market, filter, [start, end], ctr, async (scope, used, at) => {
    // Per keyword and side: the host's results there, its best one (smallest position; its URL) and
    // Σ ctr(p) over them. When start = end both sides read the same rows.
    const c = ctrArray(ctr);
    await scope.temp(
      've_rank_kw',
      `SELECT keyword_id, ${SIDES.map(
        (i) => `countIf(${at[i]}) AS n${i}, minIf(position, ${at[i]}) AS best${i},
            argMinIf(url_id, position, ${at[i]}) AS url${i}, sumIf(${c}[position], ${at[i]}) AS ctr${i}`,
      ).join(', ')}
         FROM (${used}) GROUP BY keyword_id`,
    );
    const staged = 'keyword_id, n0, best0, url0, ctr0, n1, best1, url1, ctr1';
    const rows = await scope.s.rows(
      `SELECT kw_text, kw_sv, n0, best0, u0, ifNull(kw_sv, 0) * ctr0 AS vs0,
           n1, best1, u1, ifNull(kw_sv, 0) * ctr1 AS vs1
         FROM (
           SELECT ${staged}, kw_text, kw_sv, u0 FROM (
             SELECT ${staged}, kw_text, kw_sv FROM ve_rank_kw
             ANY INNER JOIN (${keywordsIn(scope, 've_rank_kw', 'text AS kw_text, sv AS kw_sv')}) USING keyword_id
           ) ANY LEFT JOIN (${urlNamesOf(scope, 've_rank_kw', 'url0', 'u0')}) USING url0
         ) ANY LEFT JOIN (${urlNamesOf(scope, 've_rank_kw', 'url1', 'u1')}) USING url1`,
    );
    return rows.map((r) => ({
      keyword: String(r.kw_text),
      searchVolume: intOrNull(r.kw_sv),
      start: keywordAt(r, 0),
      end: keywordAt(r, 1),
    }));
  });
}

function urlAt(r: Row, side: 0 | 1): VeUrlAt | null {
  if (count(r[`n${side}`]) === 0) return null;
  return {
    keywords: count(r[`n${side}`]),
    visibilityScore: float(r[`vs${side}`]),
    bestPosition: count(r[`best${side}`]),
    searchVolume: count(r[`sv${side}`]),
  };
}

export async function hostUrlRanking(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  start: string,
  end: string,
  ctr: readonly number[],
): Promise<VeUrlRanking[]> {
  return atEnds(ctx, market, filter, [start, end], ctr, async (scope, used, at) => {
    // Per point, URL and keyword first: a keyword counts once per URL (its keywords and Σ sv), while its
    // VS sums every result of the URL there.
    await scope.temp(
      've_rank_uk',
      `SELECT point, url_id, keyword_id, min(position) AS k_best, sum(${ctrArray(ctr)}[position]) AS k_ctr
         FROM (${used}) GROUP BY point, url_id, keyword_id`,
    );
    await scope.temp(
      've_rank_url',
      `SELECT url_id, ${SIDES.map(
        (i) => `countIf(${at[i]}) AS n${i}, minIf(k_best, ${at[i]}) AS best${i},
            sumIf(k_sv * k_ctr, ${at[i]}) AS vs${i}, sumIf(k_sv, ${at[i]}) AS sv${i}`,
      ).join(', ')}
         FROM (SELECT point, url_id, keyword_id, k_best, k_ctr FROM ve_rank_uk)
         ANY INNER JOIN (${keywordsIn(scope, 've_rank_uk', 'ifNull(sv, 0) AS k_sv')}) USING keyword_id
         GROUP BY url_id`,
    );
    const rows = await scope.s.rows(
      `SELECT url_name, n0, best0, vs0, sv0, n1, best1, vs1, sv1 FROM ve_rank_url
         ANY INNER JOIN (${urlNamesOf(scope, 've_rank_url', 'url_id', 'url_name')}) USING url_id`,
    );
    return rows.map((r) => ({
      url: String(r.url_name),
      start: urlAt(r, 0),
      end: urlAt(r, 1),
    }));
  });
}
