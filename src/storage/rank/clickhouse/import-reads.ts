// Reads of what imports store beyond SERP results on ClickHouse: snapshots checked and found empty (on the
// shard that owns the market) and Search Console rows (on the primary shard).
import type { SearchConsoleRow } from '../../rank-store';
import { checkMarket } from '../input';
import { int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import { marketId } from './dims';
import { gscRowOf, gscRowsSql } from '../gsc-sql';
import { gscDialect } from './gsc/reads';

export async function readEmptySnapshots(
  ctx: ChContext,
  market: string,
): Promise<{ date: string; keywordId: number }[]> {
  checkMarket(market);
  const mid = await marketId(ctx, market);
  if (mid === null) return [];
  const rows = await ctx.shardOf(mid).server.rows(
    `SELECT toString(date) AS d, keyword_id FROM ${ctx.local('empty_snapshots')}
     WHERE market_id = ${lit(mid)} ORDER BY date, keyword_id`,
  );
  return rows.map((r) => ({ date: String(r.d), keywordId: int(r.keyword_id) }));
}

export async function readSearchConsoleRows(ctx: ChContext, property: string): Promise<SearchConsoleRow[]> {
  const rows = await ctx.primary.rows(gscRowsSql(gscDialect(ctx), property));
  return rows.map((r) => gscRowOf(property, r));
}
