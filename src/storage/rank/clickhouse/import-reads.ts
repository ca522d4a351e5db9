// Reads of what imports store beyond SERP results on ClickHouse: snapshots checked and found empty (on the
// shard that owns the market) and Search Console rows (on the primary shard).
import type { SearchConsoleRow } from '../../rank-store';
import { checkMarket } from '../input';
import { int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import { marketId } from './dims';

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

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function readSearchConsoleRows(ctx: ChContext, property: string): Promise<SearchConsoleRow[]> {
  const rows = await ctx.primary.rows(
    `SELECT search_type, period, source, dimensions, toString(date) AS d, query, page, country, device,
       search_appearance, clicks, impressions, ctr, position
     FROM ${ctx.table('gsc_rows')} WHERE property = ${lit(property)}
     ORDER BY search_type, period, source, dimensions, date, query, page, country, device, search_appearance`,
  );
  return rows.map((r) => ({
    property,
    searchType: String(r.search_type),
    period: String(r.period),
    source: r.source === 'api' ? 'api' : 'export',
    dimensions: String(r.dimensions),
    date: text(r.d),
    query: text(r.query),
    page: text(r.page),
    country: text(r.country),
    device: text(r.device),
    searchAppearance: text(r.search_appearance),
    clicks: int(r.clicks),
    impressions: int(r.impressions),
    ctr: Number(r.ctr),
    position: Number(r.position),
  }));
}
