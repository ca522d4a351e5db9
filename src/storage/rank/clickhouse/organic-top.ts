// The ClickHouse read behind keyword clustering (RankStore.readOrganicTop), on the shard that owns the
// market: each keyword's first organic results (organic and brand, DESIGN §2) at one snapshot date. Result
// ids are grouped and cut per keyword on the server; their URLs are named in a second, small query.
import { resultTypeCode } from '@core/result-types';
import type { OrganicTop } from '../../rank-store';
import { checkDate, checkMarket, checkOrganicDepth } from '../input';
import { int } from './client';
import type { ChContext } from './context';
import { marketId } from './dims';
import { lit } from './escape';

export async function readOrganicTop(
  ctx: ChContext,
  market: string,
  date: string,
  depth: number,
): Promise<OrganicTop[]> {
  checkMarket(market);
  checkDate(date);
  checkOrganicDepth(depth);
  const mid = await marketId(ctx, market);
  if (mid === null) return [];
  const server = ctx.shardOf(mid).server;
  const top = `SELECT keyword_id,
      arrayMap(t -> tupleElement(t, 2), arraySlice(arraySort(groupArray((position, url_id))), 1, ${depth})) AS ids
    FROM ${ctx.local('serp_results')}
    WHERE market_id = ${lit(mid)} AND date = ${lit(date)}
      AND result_type IN (${resultTypeCode('organic')}, ${resultTypeCode('brand')})
    GROUP BY keyword_id`;
  const rows = await server.rows(`SELECT keyword_id, ids FROM (${top}) ORDER BY keyword_id`);
  const names = new Map<number, string>();
  for (const r of await server.rows(
    `SELECT id, url FROM ${ctx.table('urls')} WHERE id IN (SELECT arrayJoin(ids) FROM (${top}))`,
  )) {
    names.set(int(r.id), String(r.url));
  }
  return rows.map((r) => ({
    keywordId: int(r.keyword_id),
    urls: (r.ids as unknown[]).map((id) => names.get(int(id))!),
  }));
}
