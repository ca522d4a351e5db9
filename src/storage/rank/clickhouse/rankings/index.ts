// The rank-tracking reads of the ClickHouse RankStore (rank-tracking-reads.ts), run on the shard that owns the
// market (cv/run.ts onOwningShard) against its _local tables and its complete dimension copies. 18.16 has no
// window functions or correlated subqueries, so the classic position — 1 + the organic and brand results
// above a result on its page (DESIGN §3) — joins each hit to its page's organic positions as one array and
// counts those above it.
import { resultTypeCode, resultTypeOf } from '@core/result-types';
import type { RankTrackingReads, RtHit, RtPageTypes, RtQuery, RtTarget } from '../../../rank-tracking-reads';
import { checkMarket } from '../../input';
import { checkRtQuery, typeBits } from '../../rt-input';
import { int } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { onOwningShard } from '../cv/run';
import { dateLit, idSet, storable } from '../cv/sql';

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

/** The SELECT of one target's results: its registrable domain, narrowed to the host (and path) it names. */
function targetRows(ctx: ChContext, t: RtTarget, index: number, where: string): string {
  const f = t.filter;
  const hostIds = `(SELECT id FROM ${ctx.table('hosts')} WHERE host = ${lit(f.host)})`;
  const host = f.kind === 'domain' ? '' : ` AND host_id IN ${hostIds}`;
  const path =
    f.kind === 'path'
      ? ` AND url_id IN (SELECT id FROM ${ctx.table('urls')} WHERE host_id IN ${hostIds}
           AND (path = ${lit(f.path!)} OR startsWith(path, ${lit(`${f.path!}/`)})))`
      : '';
  return `SELECT toUInt32(${lit(index)}) AS target, keyword_id, date, position, result_type, url_id
    FROM ${ctx.local('serp_results')}
    WHERE ${where} AND domain_id IN (SELECT id FROM ${ctx.table('domains')} WHERE domain = ${lit(f.domain)})${host}${path}`;
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
      const where = scopeWhere(ctx, q, mid, span.lo, span.hi);
      const h = q.targets.map((t, i) => targetRows(ctx, t, i, where)).join(' UNION ALL ');
      const n = `SELECT keyword_id, date, groupUniqArray(position) AS organic FROM ${ctx.local('serp_results')}
        WHERE ${where} AND result_type IN ${ORGANIC_IN} GROUP BY keyword_id, date`;
      const withClassic = `SELECT target, keyword_id, date, position, result_type, url_id,
          if(has(${ORGANIC}, result_type), 1 + toInt32(arrayCount(x -> x < position, organic)), -1) AS classic
        FROM (${h}) ANY LEFT JOIN (${n}) USING (keyword_id, date)`;
      const rows = await shard.server.rows(
        `SELECT target, keyword_id, toString(date) AS d, position, result_type, classic, url
         FROM (${withClassic})
         ANY LEFT JOIN (SELECT id AS url_id, url FROM ${ctx.table('urls')}) USING (url_id)
         ORDER BY keyword_id, d, target, position`,
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

async function pageTypes(ctx: ChContext, q: Omit<RtQuery, 'targets'>): Promise<RtPageTypes[]> {
  checkRtQuery(q);
  const span = storable(q.from, q.to);
  if (q.keywordIds?.length === 0 || span === null) return [];
  return onOwningShard(
    ctx,
    q.market,
    () => [],
    async (shard, mid) => {
      const rows = await shard.server.rows(
        `SELECT keyword_id, toString(date) AS d, groupBitOr(bitShiftLeft(toUInt32(1), result_type)) AS bits
         FROM ${ctx.local('serp_results')} WHERE ${scopeWhere(ctx, q, mid, span.lo, span.hi)}
         GROUP BY keyword_id, date ORDER BY keyword_id, d`,
      );
      return rows.map((r) => ({
        keywordId: int(r.keyword_id),
        date: String(r.d),
        types: typeBits(int(r.bits)).map(resultTypeOf),
      }));
    },
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
    hits: (q) => hits(ctx, q),
    pageTypes: (q) => pageTypes(ctx, q),
    snapshotDates: (market) => snapshotDates(ctx, market),
  };
}
