// Reads of what imports store beyond SERP results on DuckDB: snapshots checked and found empty, and Search
// Console rows (for the Search Console screens and CTR models of a later issue, and for tests).
import type { SearchConsoleRow } from '../../rank-store';
import { checkMarket } from '../input';
import { gscRowOf, gscRowsSql } from '../gsc-sql';
import type { Params, Session } from './db';
import { gscDialect } from './gsc/reads';
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

export async function readSearchConsoleRows(s: Session, property: string): Promise<SearchConsoleRow[]> {
  const params: Params = [];
  const rows = await s.all(gscRowsSql(gscDialect(params), property), params);
  return rows.map((r) => gscRowOf(property, r));
}
