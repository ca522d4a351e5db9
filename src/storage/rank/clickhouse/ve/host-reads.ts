// The explorer's aggregate reads of one host on ClickHouse, as the DuckDB adapter's host-reads.ts: the
// keywords and URLs where it ranks at a date, and the domain league over the snapshots it ranks in (its VS
// per point and result type is a planned read, ../cv/plan-type-scores.ts). Every sum is taken on the owning
// shard over the host's used rows (host-rows.ts), so a host ranking on 250,000 keywords over 26 weeks never
// sends its results to JS. Units: sv monthly searches, VS estimated monthly clicks (sv × ctr(p)). 18.16
// joins one table per SELECT and has no window functions, so each join is a nested SELECT, and a step's rows
// that two answers need (a histogram and a top list, a total and a league's head) are folded into arrays in
// one statement, so the step is evaluated once and no temporary table is staged (issue 28 item 8).
import { addDays } from '@core/date-range';
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { CV_TIE_DIGITS } from '../../../campaign-visibility-reads';
import type {
  VeDomainScores,
  VeHostKeywords,
  VeHostPoint,
  VeHostUrl,
} from '../../../visibility-explorer-reads';
import { checkLimit } from '../../ve-input';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { count, ctrArray, dateLit, float, intOrNull, storable } from '../cv/sql';
import { idIn, urlNames, withUsedRows, type HostScope } from './host-rows';

/** The market's keywords with their volume (null when unknown) and text, as the right side of a join. */
function keywordsOf(scope: HostScope, columns = 'sv'): string {
  return `SELECT id AS keyword_id, ${columns} FROM ${scope.ctx.local('keywords')}
    WHERE market_id = ${lit(scope.mid)}`;
}

/** `round(vs, CV_TIE_DIGITS)`: the order of every league, so VS equal to that many decimals tie. */
const rounded = () => `round(vs, ${CV_TIE_DIGITS})`;

/** Bytewise order of UTF-8 strings, as ClickHouse sorts a String column (memcmp, then length). */
function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const noKeywords = (): VeHostKeywords => ({
  rankingKeywords: 0,
  visibilityScore: 0,
  bestPositions: [],
  top: [],
});

/** A keyword's top entry before its URL is named: its best result's URL id. */
type KeywordTop = Omit<VeHostKeywords['top'][number], 'url'> & { urlId: number };

/**
 * Keywords where the host ranks in `used`: count, VS and best positions, and the `limit` highest (their
 * URLs unnamed). One statement: per keyword the best result (smallest position; its URL) and sv × Σ ctr over
 * the host's results; per best position the count, Σ VS and the position's own `limit` highest, whose union
 * holds the overall `limit` highest.
 */
async function keywordsAt(
  scope: HostScope,
  used: string,
  ctr: readonly number[],
  limit: number,
): Promise<{ keywords: Omit<VeHostKeywords, 'top'>; top: KeywordTop[] }> {
  const perKeyword = `SELECT keyword_id, min(position) AS best, argMin(url_id, position) AS best_url,
      any(kw_text) AS text, any(kw_sv) AS sv, ifNull(any(kw_sv), 0) * sum(${ctrArray(ctr)}[position]) AS vs
    FROM (${used}) ANY INNER JOIN (${keywordsOf(scope, 'sv AS kw_sv, text AS kw_text')}) USING keyword_id
    GROUP BY keyword_id`;
  const order = 'x -> (-x.1, x.2)'; // rounded VS descending, then text
  const [r] = await scope.s.rows(
    `SELECT arraySort(groupArray((best, n, vs_sum))) AS hist,
       arraySlice(arraySort(${order}, groupArrayArray(best_top)), 1, ${limit}) AS top
     FROM (
       SELECT best, count() AS n, sum(vs) AS vs_sum,
         arraySlice(arraySort(${order}, groupArray((${rounded()}, text, sv, best, best_url, vs))), 1, ${limit}) AS best_top
       FROM (${perKeyword}) GROUP BY best
     )`,
  );
  const hist = (r?.hist ?? []) as [unknown, unknown, unknown][];
  return {
    keywords: {
      rankingKeywords: hist.reduce((n, [, k]) => n + count(k), 0),
      visibilityScore: hist.reduce((v, [, , vs]) => v + float(vs), 0),
      bestPositions: hist.map(([best, k]) => ({ position: count(best), keywords: count(k) })),
    },
    top: ((r?.top ?? []) as unknown[][]).map(([, text, sv, best, url, vs]) => ({
      keyword: String(text),
      searchVolume: intOrNull(sv),
      position: count(best),
      urlId: count(url),
      visibilityScore: float(vs),
    })),
  };
}

/**
 * The rows of `select` (columns vs and `columns`) whose rounded VS reaches the `limit`-th highest, as
 * tuples (rounded VS, …columns): every row that can be among the first `limit` once ties are broken by
 * name, so only those names are read. With the count and Σ vs of all rows; `select` is evaluated once.
 */
function contenders(select: string, columns: string, limit: number): string {
  return `SELECT rows_n, total, arrayFilter(x -> x.1 >= cut, ranked) AS kept, ranks[least(length(ranks), ${limit})] AS cut
    FROM (
      SELECT count() AS rows_n, sum(vs) AS total, groupArray((${rounded()}, ${columns})) AS ranked,
        arrayReverseSort(arrayMap(x -> x.1, ranked)) AS ranks
      FROM (${select})
    )`;
}

/** The first `limit` of named contenders: rounded VS descending, then name bytewise (ORDER BY rv DESC, name). */
function firstByName<R extends { rv: number; name: string }>(rows: R[], limit: number): R[] {
  return rows.sort((a, b) => b.rv - a.rv || byBytes(a.name, b.name)).slice(0, limit);
}

/** The contenders of the host's URLs in `used` by VS (URL ids unnamed): keywords, best position, VS. */
async function urlsAt(
  scope: HostScope,
  used: string,
  ctr: readonly number[],
  limit: number,
): Promise<{ rv: number; urlId: number; url: Omit<VeHostUrl, 'url'> }[]> {
  const perUrl = `SELECT url_id, uniqExact(keyword_id) AS n, min(position) AS best,
      sum(ifNull(sv, 0) * ${ctrArray(ctr)}[position]) AS vs
    FROM (${used}) ANY INNER JOIN (${keywordsOf(scope)}) USING keyword_id
    GROUP BY url_id`;
  const [r] = await scope.s.rows(contenders(perUrl, 'url_id, n, best, vs', limit));
  return ((r?.kept ?? []) as unknown[][]).map(([rv, id, n, best, vs]) => ({
    rv: float(rv),
    urlId: count(id),
    url: { keywords: count(n), bestPosition: count(best), visibilityScore: float(vs) },
  }));
}

const noDomains = (): VeDomainScores => ({ total: 0, rows: [] });

/**
 * Σ sv × ctr(p) and keywords (snapshots) per domain over every result of the snapshots in `used`, then the
 * names of the shown domains. The used rows are read once: their (keyword, snapshot date) pairs are the IN
 * set, which bounds the scan to their granules, and each result takes its keyword's volume from the market's
 * keywords (joining the used pairs back in read them twice per statement, and a second statement counted
 * the shown domains' keywords over them again).
 */
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
  const results = `SELECT keyword_id, position, domain_id FROM ${ctx.local('serp_results')}
    WHERE market_id = ${lit(scope.mid)}
      AND date BETWEEN ${dateLit(window.lo)} AND ${dateLit(window.hi)}
      AND (keyword_id, date) IN (SELECT keyword_id, date FROM (${used}))`;
  // One point: a keyword's used rows share one snapshot, so its distinct keywords are its snapshots.
  const perDomain = `SELECT domain_id, sum(ifNull(sv, 0) * ${ctrArray(ctr)}[position]) AS vs,
      uniqExact(keyword_id) AS n
    FROM (${results}) ANY INNER JOIN (${keywordsOf(scope)}) USING keyword_id
    GROUP BY domain_id`;
  const [head] = await scope.s.rows(contenders(perDomain, 'domain_id, vs, n', limit));
  if (head === undefined || count(head.rows_n) === 0) return noDomains();
  const kept = (head.kept as unknown[][]).map(([rv, id, vs, n]) => ({
    rv: float(rv),
    id: count(id),
    vs: float(vs),
    n: count(n),
  }));
  const named = await scope.s.rows(
    `SELECT id, domain FROM ${ctx.table('domains')} WHERE ${idIn(
      'id',
      kept.map((k) => k.id),
    )}`,
  );
  const byId = new Map(named.map((r) => [count(r.id), String(r.domain)]));
  const rows = kept.flatMap((k) => {
    const name = byId.get(k.id);
    return name === undefined
      ? []
      : [{ rv: k.rv, name, row: { domain: name, keywords: k.n, visibilityScore: k.vs } }];
  });
  return { total: float(head.total), rows: firstByName(rows, limit).map((x) => x.row) };
}

const nothing = (): VeHostPoint => ({ keywords: noKeywords(), urls: [], league: noDomains() });

/** The host at a date: its keywords, URLs and league, from one pick of its used rows. */
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
    const { keywords, top } = await keywordsAt(scope, used, ctr, limit);
    if (keywords.rankingKeywords === 0) return nothing();
    const urls = await urlsAt(scope, used, ctr, limit);
    const league = await leagueAt(scope, used, date, ctr, leagueLimit);
    // One lookup names the top keywords' URLs and the URL contenders.
    const names = await urlNames(scope, [...top.map((t) => t.urlId), ...urls.map((u) => u.urlId)]);
    const named = urls.flatMap((u) => {
      const url = names.get(u.urlId);
      return url === undefined ? [] : [{ rv: u.rv, name: url, row: { url, ...u.url } }];
    });
    return {
      keywords: {
        ...keywords,
        top: top.map(({ urlId, ...t }) => ({ ...t, url: names.get(urlId) ?? '' })),
      },
      urls: firstByName(named, limit).map((x) => x.row),
      league,
    };
  });
}
