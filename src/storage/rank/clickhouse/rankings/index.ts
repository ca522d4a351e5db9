// The rank-tracking reads of the ClickHouse RankStore (rank-tracking-reads.ts), run on the shard that owns the
// market (cv/run.ts onOwningShard) against its _local tables and its complete dimension copies. When the
// campaign declared every target's registrable domain, its targets are read from the rank-tracking copy
// (rt_hits, ../derived-copies.ts), ordered by (campaign, keyword, date): a page of keywords reads a few
// granules per date instead of the market's results. Otherwise the raw read: 18.16 has no window functions
// or correlated subqueries, so the classic position — 1 + the organic and brand results above a result on
// its page (DESIGN §3) — joins each hit to its page's organic positions as one array and counts those above
// it (the copy stores it computed the same way).
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type {
  RankTrackingReads,
  RtHit,
  RtPage,
  RtPageKeyword,
  RtPageQuery,
  RtPageTypes,
  RtQuery,
  RtTarget,
} from '../../../rank-tracking-reads';
import { checkMarket } from '../../input';
import { checkRtPageQuery, checkRtQuery, pageDates, typeBits } from '../../rt-input';
import { int, type ChServer } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { onOwningShard } from '../cv/run';
import * as plain from '../../read-rows';
import { dateLit, idSet, storable } from '../cv/sql';
import { rtPageSql } from './page';

const ORGANIC = lit([resultTypeCode('organic'), resultTypeCode('brand')]);
/** The same codes as an IN tuple. */
const ORGANIC_IN = `(${ORGANIC.slice(1, -1)})`;

/** Conditions every read shares: the market, the dates and the campaign's keywords of the query. */
function scopeWhere(
  ctx: ChContext,
  q: Omit<RtQuery, 'targets'>,
  mid: number,
  lo: string,
  hi: string,
): string {
  const only = q.keywordIds === null ? '' : ` AND keyword_id IN ${idSet(q.keywordIds)}`;
  const dates = q.dates === undefined ? '' : ` AND date IN (${q.dates.map(dateLit).join(', ')})`;
  return `market_id = ${lit(mid)} AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}${dates}
    AND keyword_id IN (SELECT keyword_id FROM ${ctx.local('campaign_keywords')}
      WHERE campaign_id = ${lit(q.campaignId)} AND market_id = ${lit(mid)}${only})`;
}

/**
 * The SELECT of every target's results from `table` (serp_results, or the copy with its `classic` column) in
 * one scan: the rows of the targets' registrable domains, each tagged with the targets it matches (the
 * domain, narrowed to the host and path a target names), a row once per matching target. A UNION ALL of one
 * SELECT per target scanned the table once per target: 443 ms against 85 ms for 20 domains' history of 50
 * keywords on the two-shard cluster.
 */
function targetsRows(
  ctx: ChContext,
  targets: readonly RtTarget[],
  where: string,
  table: 'serp_results' | 'rt_hits' = 'serp_results',
): string {
  const tagged = targets.map((t, i) => {
    const f = t.filter;
    const hostIds = `(SELECT id FROM ${ctx.table('hosts')} WHERE host = ${lit(f.host)})`;
    const host = f.kind === 'domain' ? '' : ` AND host_id IN ${hostIds}`;
    const path =
      f.kind === 'path'
        ? ` AND url_id IN (SELECT id FROM ${ctx.table('urls')} WHERE host_id IN ${hostIds}
             AND (path = ${lit(f.path!)} OR startsWith(path, ${lit(`${f.path!}/`)})))`
        : '';
    const match = `domain_id IN (SELECT id FROM ${ctx.table('domains')} WHERE domain = ${lit(f.domain)})${host}${path}`;
    return `if(${match}, [toUInt32(${lit(i)})], emptyArrayUInt32())`;
  });
  const domains = [...new Set(targets.map((t) => lit(t.filter.domain)))].join(', ');
  const classic = table === 'rt_hits' ? ', ifNull(toInt32(classic), -1) AS classic' : '';
  return `SELECT arrayJoin(arrayConcat(${tagged.join(', ')})) AS target, keyword_id, date, position, result_type,
      url_id${classic}
    FROM ${ctx.local(table)}
    WHERE ${where} AND domain_id IN (SELECT id FROM ${ctx.table('domains')} WHERE domain IN (${domains}))`;
}

/** True when the campaign declared every target domain that is stored (a domain never stored has no rows). */
async function copied(ctx: ChContext, server: ChServer, q: RtQuery, mid: number): Promise<boolean> {
  const names = [...new Set(q.targets.map((t) => t.filter.domain))];
  const row = await server.one(
    `SELECT count() AS n FROM ${ctx.table('domains')} WHERE domain IN (${names.map(lit).join(', ')})
       AND domain NOT IN (SELECT domain FROM ${ctx.local('campaign_domains')}
         WHERE market_id = ${lit(mid)} AND campaign_id = ${lit(q.campaignId)})`,
  );
  return int(row.n) === 0;
}

/**
 * `read`'s answer over the targets' hits: sent on the copy while `copied` asks whether the copy holds them
 * (one round trip, not two: the common case), and again on the raw results when it does not. (The check as a
 * scalar subquery in the read's WHERE cost the read 10 ms on the cluster, more than the statement beside it.)
 */
async function fromCopyOrRaw<T>(
  ctx: ChContext,
  server: ChServer,
  q: RtQuery,
  mid: number,
  span: { lo: string; hi: string },
  read: (hits: string) => Promise<T>,
): Promise<T> {
  const [inCopy, answer] = await Promise.all([
    copied(ctx, server, q, mid),
    read(copiedRows(ctx, q, mid, span.lo, span.hi)),
  ]);
  return inCopy ? answer : read(rawRows(ctx, q, mid, span.lo, span.hi));
}

/** The targets' rows from the copy, with the classic position as the raw read gives it (−1: none). */
function copiedRows(ctx: ChContext, q: RtQuery, mid: number, lo: string, hi: string): string {
  const only = q.keywordIds === null ? '' : ` AND keyword_id IN ${idSet(q.keywordIds)}`;
  const dates = q.dates === undefined ? '' : ` AND date IN (${q.dates.map(dateLit).join(', ')})`;
  const where = `campaign_id = ${lit(q.campaignId)} AND market_id = ${lit(mid)}${only}
    AND date BETWEEN ${dateLit(lo)} AND ${dateLit(hi)}${dates}`;
  return targetsRows(ctx, q.targets, where, 'rt_hits');
}

/** The targets' rows from serp_results, each joined to its page's organic positions for the classic one. */
function rawRows(ctx: ChContext, q: RtQuery, mid: number, lo: string, hi: string): string {
  const where = scopeWhere(ctx, q, mid, lo, hi);
  const h = targetsRows(ctx, q.targets, where);
  const n = `SELECT keyword_id, date, groupUniqArray(position) AS organic FROM ${ctx.local('serp_results')}
    WHERE ${where} AND result_type IN ${ORGANIC_IN} GROUP BY keyword_id, date`;
  return `SELECT target, keyword_id, date, position, result_type, url_id,
      if(has(${ORGANIC}, result_type), 1 + toInt32(arrayCount(x -> x < position, organic)), -1) AS classic
    FROM (${h}) ANY LEFT JOIN (${n}) USING (keyword_id, date)`;
}

/**
 * One page in two round trips on the owning shard: its keywords with their texts and memberships and the
 * count (./page.ts, from the copy when it holds the focus), then the end-page types of those keywords.
 */
async function page(ctx: ChContext, q: RtPageQuery): Promise<RtPage> {
  checkRtPageQuery(q);
  const on = pageDates(q);
  const span = storable(on[0]!, q.end);
  if (span === null) return { total: 0, keywords: [] };
  return onOwningShard(
    ctx,
    q.market,
    () => ({ total: 0, keywords: [] }),
    async (shard, mid) => {
      const focus = { ...q, targets: [q.focus], from: on[0]!, to: q.end, keywordIds: null, dates: on };
      const rows = await fromCopyOrRaw(ctx, shard.server, focus, mid, span, (hits) =>
        shard.server.rows(rtPageSql(ctx, q, mid, hits)),
      );
      const count = rows.find((r) => int(r.total) === 1);
      const kept = rows.filter((r) => int(r.total) === 0).sort((x, y) => int(x.i) - int(y.i));
      const ids = kept.map((r) => int(r.keyword_id));
      const scope = { campaignId: q.campaignId, market: q.market, keywordIds: ids, from: q.end, to: q.end };
      const end = storable(q.end, q.end);
      const types =
        ids.length === 0 || end === null ? [] : await typeRows(ctx, shard.server, scope, mid, end);
      const typesOf = new Map(types.map((t) => [t.keywordId, t.types]));
      const keywords = kept.map((r): RtPageKeyword => {
        const m = plain.campaignKeywordRow(r, int);
        const k = plain.keywordRow({ ...r, id: r.keyword_id }, int);
        return { ...k, tags: m.tags, groups: m.groups, types: typesOf.get(k.id) ?? [] };
      });
      return { total: count === undefined ? 0 : int(count.i), keywords };
    },
  );
}

async function hits(ctx: ChContext, q: RtQuery): Promise<RtHit[]> {
  checkRtQuery(q);
  const span = storable(q.from, q.to);
  if (q.targets.length === 0 || q.keywordIds?.length === 0 || q.dates?.length === 0 || span === null) {
    return [];
  }
  return onOwningShard(
    ctx,
    q.market,
    () => [],
    async (shard, mid) => {
      // Every hit is a result of a target's registrable domain, so only those domains' URLs are joined: the
      // hash of the market's every URL (224,000 in the bench's) took the first page's hits from 62 to 85 ms.
      const domains = [...new Set(q.targets.map((t) => lit(t.filter.domain)))].join(', ');
      const rows = await fromCopyOrRaw(ctx, shard.server, q, mid, span, (hits) =>
        shard.server.rows(
          `SELECT target, keyword_id, toString(date) AS d, position, result_type, classic, url
           FROM (${hits})
           ANY LEFT JOIN (SELECT id AS url_id, url FROM ${ctx.table('urls')} WHERE host_id IN (
             SELECT id FROM ${ctx.table('hosts')} WHERE domain_id IN (
               SELECT id FROM ${ctx.table('domains')} WHERE domain IN (${domains})))) USING (url_id)
           ORDER BY keyword_id, d, target, position`,
        ),
      );
      return rows.map((r) => {
        const classic = int(r.classic);
        return {
          keywordId: int(r.keyword_id),
          date: String(r.d),
          target: int(r.target),
          position: int(r.position),
          classic: classic < 0 ? null : classic,
          resultType: resultTypeOf(int(r.result_type)),
          url: String(r.url),
        };
      });
    },
  );
}

/** The result types of each keyword's pages in the scope, on the shard that owns its market. */
async function typeRows(
  ctx: ChContext,
  server: ChServer,
  q: Omit<RtQuery, 'targets'>,
  mid: number,
  span: { lo: string; hi: string },
): Promise<RtPageTypes[]> {
  const rows = await server.rows(
    `SELECT keyword_id, toString(date) AS d, groupBitOr(bitShiftLeft(toUInt32(1), result_type)) AS bits
     FROM ${ctx.local('serp_results')} WHERE ${scopeWhere(ctx, q, mid, span.lo, span.hi)}
     GROUP BY keyword_id, date ORDER BY keyword_id, d`,
  );
  return rows.map((r) => ({
    keywordId: int(r.keyword_id),
    date: String(r.d),
    types: typeBits(int(r.bits)).map(resultTypeOf),
  }));
}

async function pageTypes(ctx: ChContext, q: Omit<RtQuery, 'targets'>): Promise<RtPageTypes[]> {
  checkRtQuery(q);
  const span = storable(q.from, q.to);
  if (q.keywordIds?.length === 0 || span === null) return [];
  return onOwningShard(
    ctx,
    q.market,
    () => [],
    (shard, mid) => typeRows(ctx, shard.server, q, mid, span),
  );
}

async function snapshotDates(ctx: ChContext, market: string): Promise<string[]> {
  checkMarket(market);
  return onOwningShard(
    ctx,
    market,
    () => [],
    async (shard, mid) => {
      const rows = await shard.server.rows(
        `SELECT DISTINCT toString(date) AS d FROM ${ctx.local('serp_snapshots')}
         WHERE market_id = ${lit(mid)} AND keywords > 0 ORDER BY d`,
      );
      return rows.map((r) => String(r.d));
    },
  );
}

export function rankTrackingReads(ctx: ChContext): RankTrackingReads {
  return {
    page: (q) => page(ctx, q),
    hits: (q) => hits(ctx, q),
    pageTypes: (q) => pageTypes(ctx, q),
    snapshotDates: (market) => snapshotDates(ctx, market),
  };
}
