// The visibility-explorer reads of the ClickHouse RankStore (visibility-explorer-reads.ts). Every statement
// runs on the shard that owns the market and reads its _local tables and its copies of the dimension
// tables, as the campaign-visibility reads do; ClickHouse 18.16 has no query parameters, so values are
// rendered by escape.ts lit() after the shared checks.
import { addDays } from '@core/date-range';
import { DEFAULT_CTR_MODEL } from '@core/metrics';
import type { HostFilter } from '@core/host-match';
import { MAX_SNAPSHOT_AGE_DAYS } from '@core/metrics/rank-data';
import { resultTypeOf } from '@core/result-types';
import type {
  VeMeasured,
  VeResult,
  VeSnapshot,
  VeSuggestion,
  VisibilityExplorerReads,
} from '../../../visibility-explorer-reads';
import { AUTOCOMPLETE_DAYS } from '../../../visibility-explorer-reads';
import { checkMarket } from '../../input';
import { checkLimit, fastPoints } from '../../ve-input';
import type { ChServer } from '../client';
import type { ChContext } from '../context';
import { marketId } from '../dims';
import { lit } from '../escape';
import { count, ctrArray, dateArray, dateLit, float, idSet, storable } from '../cv/sql';
import { hostPoint } from './host-reads';
import { hostTypeScoresByPlan } from '../cv/plan-type-scores';
import { hostTypeScoresOn } from '../../plan/cv-reads';
import { marketDates } from './host-rows';
import { hostKeywordRanking, hostUrlRanking } from './ranking-rows';

interface Market {
  server: ChServer;
  mid: number;
}

/** The shard and id of the market, or `empty` when the store has never seen it. */
async function inMarket<T>(
  ctx: ChContext,
  market: string,
  empty: T,
  fn: (m: Market) => Promise<T>,
): Promise<T> {
  checkMarket(market);
  const mid = await marketId(ctx, market);
  if (mid === null) return empty;
  return fn({ server: ctx.shardOf(mid).server, mid });
}

function datesIn(ctx: ChContext, m: Market, lo: string, hi: string): Promise<string[]> {
  return marketDates(ctx, m.server, m.mid, lo, hi);
}

function snapshotDates(ctx: ChContext, market: string, start: string, end: string): Promise<string[]> {
  dateLit(start);
  dateLit(end);
  return inMarket(ctx, market, [], (m) => datesIn(ctx, m, start, end));
}

/**
 * Keywords measured at each point, with their volume: the (keyword, snapshot date) pairs come from
 * serp_keyword_dates, the distinct pairs of serp_results kept in step by every write (derived.ts): one row
 * per pair where serp_results holds up to 100 (a top 100), so the scan is about 100 times smaller.
 */
async function measured(ctx: ChContext, market: string, points: readonly string[]): Promise<VeMeasured[]> {
  points.forEach(dateLit);
  if (points.length === 0) return [];
  const sorted = [...points].sort();
  const lo = addDays(sorted[0]!, -MAX_SNAPSHOT_AGE_DAYS);
  const hi = sorted.at(-1)!;
  return inMarket(ctx, market, [], async (m) => {
    const dates = await datesIn(ctx, m, lo, hi);
    const inRange = points.filter((p) => storable(p, p) !== null);
    const rows =
      dates.length === 0 || inRange.length === 0
        ? []
        : await m.server.rows(
            `SELECT toString(point) AS d, count() AS n, countIf(isNull(sv)) AS unknown,
               sum(ifNull(sv, 0)) AS volume
             FROM (${
               fastPoints(points, dates)
                 ? `SELECT DISTINCT date AS point, keyword_id FROM ${ctx.local('serp_keyword_dates')}
                    WHERE market_id = ${lit(m.mid)} AND date IN (${inRange.map(dateLit).join(', ')})`
                 : `SELECT DISTINCT point, keyword_id FROM (
                      SELECT date, keyword_id FROM ${ctx.local('serp_keyword_dates')}
                      WHERE market_id = ${lit(m.mid)} AND date BETWEEN ${dateLit(dates[0]!)} AND ${dateLit(hi)}
                    ) ARRAY JOIN ${dateArray(inRange)} AS point
                    WHERE date <= point AND date >= point - ${MAX_SNAPSHOT_AGE_DAYS}`
             }) ANY LEFT JOIN (
               SELECT id AS keyword_id, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(m.mid)}
             ) USING keyword_id
             GROUP BY point`,
          );
    const byDate = new Map(rows.map((r) => [String(r.d), r]));
    return points.map((date) => {
      const r = byDate.get(date);
      return {
        date,
        keywords: r === undefined ? 0 : count(r.n),
        unknownVolume: r === undefined ? 0 : count(r.unknown),
        searchVolume: r === undefined ? 0 : float(r.volume),
      };
    });
  });
}

async function targetResults(
  ctx: ChContext,
  market: string,
  filter: HostFilter,
  lo: string,
  hi: string,
): Promise<VeResult[]> {
  dateLit(lo);
  dateLit(hi);
  const range = storable(lo, hi);
  return inMarket(ctx, market, [], async (m) => {
    if (range === null) return [];
    const dom = await m.server.rows(
      `SELECT id FROM ${ctx.table('domains')} WHERE domain = ${lit(filter.domain)} LIMIT 1`,
    );
    if (dom.length === 0) return [];
    const domainId = count(dom[0]!.id);
    let urls = `SELECT id AS url_id, url FROM ${ctx.table('urls')}
      WHERE host_id IN (SELECT id FROM ${ctx.table('hosts')} WHERE domain_id = ${lit(domainId)})`;
    if (filter.kind !== 'domain') {
      urls = `SELECT id AS url_id, url FROM ${ctx.table('urls')}
        WHERE host_id IN (SELECT id FROM ${ctx.table('hosts')} WHERE host = ${lit(filter.host)})`;
      if (filter.kind === 'path') {
        const p = filter.path ?? '';
        urls += ` AND (path = ${lit(p)} OR startsWith(path, ${lit(`${p}/`)}))`;
      }
    }
    const rows = await m.server.rows(
      `SELECT keyword_id, toString(date) AS d, position, result_type, url FROM (
         SELECT keyword_id, date, position, result_type, url_id FROM ${ctx.local('serp_results')}
         WHERE market_id = ${lit(m.mid)} AND domain_id = ${lit(domainId)}
           AND date BETWEEN ${dateLit(range.lo)} AND ${dateLit(range.hi)}
       ) ANY INNER JOIN (${urls}) USING url_id
       ORDER BY keyword_id, date, position`,
    );
    return rows.map((r) => ({
      keywordId: count(r.keyword_id),
      date: String(r.d),
      position: count(r.position),
      resultType: resultTypeOf(count(r.result_type)),
      url: String(r.url),
    }));
  });
}

async function keywordSnapshots(
  ctx: ChContext,
  market: string,
  keywordIds: readonly number[],
  lo: string,
  hi: string,
): Promise<VeSnapshot[]> {
  dateLit(lo);
  dateLit(hi);
  if (keywordIds.length === 0) return [];
  const ids = idSet(new Set(keywordIds));
  const range = storable(lo, hi);
  return inMarket(ctx, market, [], async (m) => {
    if (range === null) return [];
    const rows = await m.server.rows(
      `SELECT DISTINCT keyword_id, toString(date) AS d FROM ${ctx.local('serp_results')}
       WHERE market_id = ${lit(m.mid)} AND date BETWEEN ${dateLit(range.lo)} AND ${dateLit(range.hi)}
         AND keyword_id IN ${ids}
       ORDER BY keyword_id, d`,
    );
    return rows.map((r) => ({ keywordId: count(r.keyword_id), date: String(r.d) }));
  });
}

/** Names an autocomplete weighs: enough that the market's leaders are among them. */
const AUTOCOMPLETE_NAMES = 2000;

async function autocomplete(
  ctx: ChContext,
  market: string,
  text: string,
  limit: number,
): Promise<VeSuggestion[]> {
  checkLimit(limit);
  const needle = text.trim().toLowerCase();
  const q = lit(needle);
  return inMarket(ctx, market, [], async (m) => {
    // 18.16 has no CTEs: the names first (no result scanned), then their scores at the latest date.
    const names = await m.server.rows(
      `SELECT value, kind, id FROM (
         SELECT DISTINCT domain AS value, 'domain' AS kind, id FROM ${ctx.table('domains')}
         WHERE position(domain, ${q}) > 0
         UNION ALL
         SELECT DISTINCT host AS value, 'host' AS kind, id FROM ${ctx.table('hosts')}
         WHERE position(host, ${q}) > 0
           AND host NOT IN (SELECT domain FROM ${ctx.table('domains')} WHERE position(domain, ${q}) > 0)
       ) ORDER BY startsWith(value, ${q}) DESC, lengthUTF8(value), value LIMIT ${AUTOCOMPLETE_NAMES}`,
    );
    if (names.length === 0) return [];
    const ids = (kind: string) => names.filter((n) => n.kind === kind).map((n) => count(n.id));
    const domains = ids('domain');
    const hosts = ids('host');
    const ctr = ctrArray(DEFAULT_CTR_MODEL.values);
    const scores = await m.server.rows(
      `SELECT domain_id, host_id, sum(${ctr}[position] * ifNull(sv, 0)) AS vs FROM (
         SELECT keyword_id, position, domain_id, host_id FROM ${ctx.local('serp_results')}
         WHERE market_id = ${lit(m.mid)}
           AND date > (SELECT max(date) FROM ${ctx.local('serp_snapshots')} WHERE market_id = ${lit(m.mid)})
             - ${AUTOCOMPLETE_DAYS}
           AND (${domains.length > 0 ? `domain_id IN ${idSet(domains)}` : '0'}
             OR ${hosts.length > 0 ? `host_id IN ${idSet(hosts)}` : '0'})
       ) ALL LEFT JOIN (
         SELECT id AS keyword_id, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(m.mid)}
       ) USING (keyword_id)
       GROUP BY domain_id, host_id`,
    );
    const byDomain = new Map<number, number>();
    const byHost = new Map<number, number>();
    for (const r of scores) {
      const vs = float(r.vs);
      byDomain.set(count(r.domain_id), (byDomain.get(count(r.domain_id)) ?? 0) + vs);
      byHost.set(count(r.host_id), (byHost.get(count(r.host_id)) ?? 0) + vs);
    }
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    return names
      .map((n) => ({
        value: String(n.value),
        kind: n.kind === 'domain' ? ('domain' as const) : ('host' as const),
        vs: (n.kind === 'domain' ? byDomain : byHost).get(count(n.id)),
      }))
      .filter((n): n is { value: string; kind: 'domain' | 'host'; vs: number } => n.vs !== undefined)
      .sort(
        (a, b) =>
          Number(b.value.startsWith(needle)) - Number(a.value.startsWith(needle)) ||
          round(b.vs) - round(a.vs) ||
          a.value.length - b.value.length ||
          (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
      )
      .slice(0, limit)
      .map(({ value, kind }) => ({ value, kind }));
  });
}

export function visibilityExplorerReads(ctx: ChContext): VisibilityExplorerReads {
  return {
    snapshotDates: (market, start, end) => snapshotDates(ctx, market, start, end),
    measured: (market, points) => measured(ctx, market, points),
    targetResults: (market, filter, lo, hi) => targetResults(ctx, market, filter, lo, hi),
    keywordSnapshots: (market, ids, lo, hi) => keywordSnapshots(ctx, market, ids, lo, hi),
    hostTypeScores: hostTypeScoresOn((...a) => hostTypeScoresByPlan(ctx, ...a, null)),
    hostPoint: (market, filter, date, ctr, limit, leagueLimit) =>
      hostPoint(ctx, market, filter, date, ctr, limit, leagueLimit),
    hostKeywordRanking: (market, filter, start, end, ctr) =>
      hostKeywordRanking(ctx, market, filter, start, end, ctr),
    hostUrlRanking: (market, filter, start, end, ctr) => hostUrlRanking(ctx, market, filter, start, end, ctr),
    autocomplete: (market, text, limit) => autocomplete(ctx, market, text, limit),
  };
}
