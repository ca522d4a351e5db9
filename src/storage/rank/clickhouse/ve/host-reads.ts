// The explorer's aggregate reads of one host on ClickHouse, as the DuckDB adapter's host-reads.ts: VS per
// point and result type, the keywords and URLs where it ranks at a date, and the domain league over the
// snapshots it ranks in. Every sum is taken on the owning shard over the host's used rows (host-rows.ts), so
// a host ranking on 250,000 keywords over 26 weeks never sends its results to JS. Units: sv monthly
// searches, VS estimated monthly clicks (sv × ctr(p)). 18.16 joins one table per SELECT and has no window
// functions, so each join is a nested SELECT and per-row sums are staged in the session's temporary tables.
import { addDays } from '@core/date-range';
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { resultTypeOf } from '@core/result-types';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  VeDomainScores,
  VeHostKeywords,
  VeHostPoint,
  VeHostUrl,
  VeTypeScore,
} from '../../../visibility-explorer-reads';
import { checkCtr, checkLimit } from '../../ve-input';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { count, ctrArray, dateLit, float, idSet, intOrNull, storable } from '../cv/sql';
import { withUsedRows, type HostScope } from './host-rows';

/** The market's keywords with their volume (null when unknown) and text, as the right side of a join. */
function keywordsOf(scope: HostScope, columns = 'sv'): string {
  return `SELECT id AS keyword_id, ${columns} FROM ${scope.ctx.local('keywords')}
    WHERE market_id = ${lit(scope.mid)}`;
}

/** `round(vs, CV_TIE_DIGITS)`: the order of every league, so VS equal to that many decimals tie. */
const rounded = () => `round(vs, ${CV_TIE_DIGITS})`;

export async function hostTypeScores(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  points: readonly string[],
  ctr: readonly number[],
): Promise<VeTypeScore[]> {
  if (points.length === 0) {
    checkCtr(ctr);
    return [];
  }
  return withUsedRows(
    ctx,
    market,
    filter,
    points,
    ctr,
    () => [],
    async (scope, used) => {
      // Keywords of unknown volume score nothing and are left out, as a type with only them is. (An alias
      // named like its column would replace the column in WHERE too in 18.16, keeping the NULLs.)
      const rows = await scope.s.rows(
        `SELECT toString(point) AS d, result_type, sum(known_sv * ${ctrArray(ctr)}[position]) AS vs
         FROM (${used}) ANY INNER JOIN (
           ${keywordsOf(scope, 'assumeNotNull(sv) AS known_sv')} AND isNotNull(sv)
         ) USING keyword_id
         GROUP BY point, result_type ORDER BY point, result_type`,
      );
      return rows.map((r) => ({
        date: String(r.d),
        resultType: resultTypeOf(count(r.result_type)),
        visibilityScore: float(r.vs),
      }));
    },
  );
}

/** Names of URL ids, for the few rows a read returns (urls is sorted by id, so the set prunes it). */
async function urlNames(scope: HostScope, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.s.rows(
    `SELECT id, url FROM ${scope.ctx.table('urls')} WHERE id IN ${idSet(new Set(ids))}`,
  );
  return new Map(rows.map((r) => [count(r.id), String(r.url)]));
}

const noKeywords = (): VeHostKeywords => ({
  rankingKeywords: 0,
  visibilityScore: 0,
  bestPositions: [],
  top: [],
});

/** Keywords where the host ranks in `used`: count, VS and best positions, and the `limit` highest. */
async function keywordsAt(
  scope: HostScope,
  used: string,
  ctr: readonly number[],
  limit: number,
): Promise<VeHostKeywords> {
  // Per keyword: the best result (smallest position; its URL) and sv × Σ ctr over the host's results,
  // staged once for the histogram and the top.
  await scope.temp(
    've_kw',
    `SELECT keyword_id, min(position) AS best, argMin(url_id, position) AS best_url, any(kw_text) AS text,
       any(kw_sv) AS sv, ifNull(any(kw_sv), 0) * sum(${ctrArray(ctr)}[position]) AS vs
     FROM (${used}) ANY INNER JOIN (${keywordsOf(scope, 'sv AS kw_sv, text AS kw_text')}) USING keyword_id
     GROUP BY keyword_id`,
  );
  const hist = await scope.s.rows(
    'SELECT best, count() AS n, sum(vs) AS vs FROM ve_kw GROUP BY best ORDER BY best',
  );
  const top = await scope.s.rows(
    `SELECT text, sv, best, best_url, vs FROM ve_kw ORDER BY ${rounded()} DESC, text LIMIT ${limit}`,
  );
  const urls = await urlNames(
    scope,
    top.map((r) => count(r.best_url)),
  );
  return {
    rankingKeywords: hist.reduce((n, r) => n + count(r.n), 0),
    visibilityScore: hist.reduce((v, r) => v + float(r.vs), 0),
    bestPositions: hist.map((r) => ({ position: count(r.best), keywords: count(r.n) })),
    top: top.map((r) => ({
      keyword: String(r.text),
      searchVolume: intOrNull(r.sv),
      position: count(r.best),
      url: urls.get(count(r.best_url)) ?? '',
      visibilityScore: float(r.vs),
    })),
  };
}

/**
 * Rows of a staged `(id, vs)` table whose rounded VS reaches the `limit`-th highest: every row that can be
 * among the first `limit` once ties are broken by name, so only those names are read.
 */
function contenders(table: string, limit: number): string {
  return `${rounded()} >= (
    SELECT min(rv) FROM (SELECT ${rounded()} AS rv FROM ${table} ORDER BY rv DESC LIMIT ${limit}))`;
}

/** The host's `limit` URLs in `used` with the highest VS, then by URL. */
async function urlsAt(
  scope: HostScope,
  used: string,
  ctr: readonly number[],
  limit: number,
): Promise<VeHostUrl[]> {
  const { ctx } = scope;
  await scope.temp(
    've_urls',
    `SELECT url_id, uniqExact(keyword_id) AS n, min(position) AS best,
       sum(ifNull(sv, 0) * ${ctrArray(ctr)}[position]) AS vs
     FROM (${used}) ANY INNER JOIN (${keywordsOf(scope)}) USING keyword_id
     GROUP BY url_id`,
  );
  const cut = contenders('ve_urls', limit);
  const rows = await scope.s.rows(
    `SELECT url, n, best, vs FROM (SELECT url_id, n, best, vs FROM ve_urls WHERE ${cut})
     ANY INNER JOIN (
       SELECT id AS url_id, url FROM ${ctx.table('urls')}
       WHERE id IN (SELECT url_id FROM ve_urls WHERE ${cut})
     ) USING url_id
     ORDER BY ${rounded()} DESC, url LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    url: String(r.url),
    keywords: count(r.n),
    bestPosition: count(r.best),
    visibilityScore: float(r.vs),
  }));
}

const noDomains = (): VeDomainScores => ({ total: 0, rows: [] });

/** Σ sv × ctr(p) per domain over every result of the snapshots in `used`, and the shown domains' keywords. */
async function leagueAt(
  scope: HostScope,
  used: string,
  date: string,
  ctr: readonly number[],
  limit: number,
): Promise<VeDomainScores> {
  const { ctx } = scope;
  // usedRows answered, so the date lies inside the Date range and its window holds a part of it.
  const window = storable(addDays(date, -MAX_SNAPSHOT_AGE_DAYS), date)!;
  await scope.temp(
    've_snaps',
    `SELECT keyword_id, date, sv FROM (SELECT DISTINCT keyword_id, date FROM (${used}))
     ANY INNER JOIN (${keywordsOf(scope)}) USING keyword_id`,
  );
  // Every result of those snapshots, each with its keyword's volume, summed per domain in one pass; the
  // window's dates bound the scan to its partitions.
  const results = (extra: string) => `SELECT keyword_id, date, position, domain_id
    FROM ${ctx.local('serp_results')}
    WHERE market_id = ${lit(scope.mid)}
      AND date BETWEEN ${dateLit(window.lo)} AND ${dateLit(window.hi)}
      AND keyword_id IN (SELECT keyword_id FROM ve_snaps)${extra}`;
  await scope.temp(
    've_dom',
    `SELECT domain_id, sum(ifNull(sv, 0) * ${ctrArray(ctr)}[position]) AS vs
     FROM (${results('')}) ALL INNER JOIN (SELECT keyword_id, date, sv FROM ve_snaps) USING (keyword_id, date)
     GROUP BY domain_id`,
  );
  const [total] = await scope.s.rows('SELECT count() AS n, sum(vs) AS total FROM ve_dom');
  if (total === undefined || count(total.n) === 0) return noDomains();
  const cut = contenders('ve_dom', limit);
  const top = await scope.s.rows(
    `SELECT domain_id, domain, vs FROM (SELECT domain_id, vs FROM ve_dom WHERE ${cut})
     ANY INNER JOIN (
       SELECT id AS domain_id, domain FROM ${ctx.table('domains')}
       WHERE id IN (SELECT domain_id FROM ve_dom WHERE ${cut})
     ) USING domain_id
     ORDER BY ${rounded()} DESC, domain LIMIT ${limit}`,
  );
  // Keywords (snapshots) per shown domain, from its own rows: a distinct count over every domain of the
  // pass above would cost more than the sums.
  const ids = top.map((r) => count(r.domain_id));
  const counts = await scope.s.rows(
    `SELECT domain_id, uniqExact(keyword_id) AS n
     FROM (${results(` AND domain_id IN ${idSet(ids)}`)})
     ALL INNER JOIN (SELECT keyword_id, date FROM ve_snaps) USING (keyword_id, date)
     GROUP BY domain_id`,
  );
  const n = new Map(counts.map((r) => [count(r.domain_id), count(r.n)]));
  return {
    total: float(total.total),
    rows: top.map((r) => ({
      domain: String(r.domain),
      keywords: n.get(count(r.domain_id)) ?? 0,
      visibilityScore: float(r.vs),
    })),
  };
}

const nothing = (): VeHostPoint => ({ keywords: noKeywords(), urls: [], league: noDomains() });

/** The host at a date: its keywords, URLs and league, from one pick of its used rows in one session. */
export async function hostPoint(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  date: string,
  ctr: readonly number[],
  limit: number,
  leagueLimit: number,
): Promise<VeHostPoint> {
  checkLimit(limit);
  checkLimit(leagueLimit);
  return withUsedRows(ctx, market, filter, [date], ctr, nothing, async (scope, used) => {
    const keywords = await keywordsAt(scope, used, ctr, limit);
    if (keywords.rankingKeywords === 0) return nothing();
    return {
      keywords,
      urls: await urlsAt(scope, used, ctr, limit),
      league: await leagueAt(scope, used, date, ctr, leagueLimit),
    };
  });
}
