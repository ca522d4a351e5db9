// Reads of what imports store beyond SERP results on DuckDB: snapshots checked and found empty, and Search
// Console rows (for the Search Console screens and CTR models of a later issue, and for tests).
import type { SearchConsoleRow } from '../../rank-store';
import { checkMarket } from '../input';
import type { Session, Value } from './db';
import { marketId } from './dims';

export async function readEmptySnapshots(
  s: Session,
  market: string,
): Promise<{ date: string; keywordId: number }[]> {
  checkMarket(market);
  const mid = await marketId(s, market);
  if (mid === null) return [];
  const rows = await s.all(
    `SELECT strftime(date, '%Y-%m-%d') AS d, keyword_id FROM empty_snapshots
     WHERE market_id = $1 ORDER BY date, keyword_id`,
    [mid],
  );
  return rows.map((r) => ({ date: String(r.d), keywordId: Number(r.keyword_id) }));
}

const text = (v: Value) => (v === null ? null : String(v));

export async function readSearchConsoleRows(s: Session, property: string): Promise<SearchConsoleRow[]> {
  const rows = await s.all(
    `SELECT search_type, period, source, dimensions, strftime(date, '%Y-%m-%d') AS d, query, page, country,
       device, search_appearance, clicks, impressions, ctr, position
     FROM gsc_rows WHERE property = $1
     ORDER BY search_type, period, source, dimensions, date, query, page, country, device, search_appearance`,
    [property],
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
    clicks: Number(r.clicks),
    impressions: Number(r.impressions),
    ctr: Number(r.ctr),
    position: Number(r.position),
  }));
}
