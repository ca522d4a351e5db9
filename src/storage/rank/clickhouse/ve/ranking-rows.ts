// The explorer's ranking rows of one host on ClickHouse, as the DuckDB adapter's ranking-rows.ts: every
// keyword and every URL where the host ranks at the first or the last point of a range, with its numbers at
// each (the same as the core's keywordScores / bestResult / urlScores). A big host ranks on ~300,000 keywords,
// so the per-keyword and per-URL sums of both points are taken on the owning shard in one statement, which
// returns the rows with their keywords' text and volume; a second names their URLs (an id set over the
// sorted urls table) — no temporary table is staged (issue 28 item 8). Units: sv monthly searches, VS
// estimated monthly clicks (sv × ctr(p)). 18.16 joins one table per SELECT, so each join is a nested SELECT;
// a side where the host has no row is told by its count of 0.
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
import { urlNames, withUsedRows, type HostScope } from './host-rows';

/** The two sides of a range, as the suffixes of the staged columns. */
const SIDES = [0, 1] as const;

/**
 * The condition selecting a side's used rows: `point = date`, or false for a date outside ClickHouse's Date
 * range (usedRows leaves such points out, so nothing is used there).
 */
function atPoint(date: string): string {
  return storable(date, date) === null ? '0' : `point = ${dateLit(date)}`;
}

/** The market's keywords, as the right side of a join on keyword_id. */
function keywordsOf(scope: HostScope, columns: string): string {
  return `SELECT id AS keyword_id, ${columns} FROM ${scope.ctx.local('keywords')}
    WHERE market_id = ${lit(scope.mid)}`;
}

/**
 * Runs `fn` over the host's used rows at `start` and `end` (`used`: their SQL; `at`: each point's condition
 * on `point`) on the owning shard, after the input checks; [] when there are none.
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

function keywordAt(r: Row, side: 0 | 1, names: ReadonlyMap<number, string>): VeKeywordAt | null {
  if (count(r[`n${side}`]) === 0) return null;
  return {
    position: count(r[`best${side}`]),
    url: names.get(count(r[`url${side}`])) ?? '',
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
    const perKeyword = `SELECT keyword_id, ${SIDES.map(
      (i) => `countIf(${at[i]}) AS n${i}, minIf(position, ${at[i]}) AS best${i},
          argMinIf(url_id, position, ${at[i]}) AS url${i}, sumIf(${c}[position], ${at[i]}) AS ctr${i}`,
    ).join(', ')}
       FROM (${used}) GROUP BY keyword_id`;
    const rows = await scope.s.rows(
      `SELECT kw_text, kw_sv, n0, best0, url0, ifNull(kw_sv, 0) * ctr0 AS vs0,
           n1, best1, url1, ifNull(kw_sv, 0) * ctr1 AS vs1
         FROM (${perKeyword}) ANY INNER JOIN (${keywordsOf(scope, 'text AS kw_text, sv AS kw_sv')}) USING keyword_id`,
    );
    const names = await urlNames(
      scope,
      rows.flatMap((r) => SIDES.filter((i) => count(r[`n${i}`]) > 0).map((i) => count(r[`url${i}`]))),
    );
    return rows.map((r) => ({
      keyword: String(r.kw_text),
      searchVolume: intOrNull(r.kw_sv),
      start: keywordAt(r, 0, names),
      end: keywordAt(r, 1, names),
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
    const perUrlKeyword = `SELECT point, url_id, keyword_id, min(position) AS k_best,
        sum(${ctrArray(ctr)}[position]) AS k_ctr
      FROM (${used}) GROUP BY point, url_id, keyword_id`;
    const found = await scope.s.rows(
      `SELECT url_id, ${SIDES.map(
        (i) => `countIf(${at[i]}) AS n${i}, minIf(k_best, ${at[i]}) AS best${i},
            sumIf(k_sv * k_ctr, ${at[i]}) AS vs${i}, sumIf(k_sv, ${at[i]}) AS sv${i}`,
      ).join(', ')}
         FROM (${perUrlKeyword}) ANY INNER JOIN (${keywordsOf(scope, 'ifNull(sv, 0) AS k_sv')}) USING keyword_id
         GROUP BY url_id`,
    );
    const names = await urlNames(
      scope,
      found.map((r) => count(r.url_id)),
    );
    // A URL the urls table does not name is left out, as the inner join with the names did.
    const rows = found.flatMap((r) => {
      const name = names.get(count(r.url_id));
      return name === undefined ? [] : [{ ...r, url_name: name }];
    });
    return rows.map((r) => ({
      url: String(r.url_name),
      start: urlAt(r, 0),
      end: urlAt(r, 1),
    }));
  });
}
