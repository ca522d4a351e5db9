// The DuckDB read behind keyword clustering (RankStore.readOrganicTop): each keyword's first organic results
// at one snapshot date. Brand results are organic (DESIGN §2); other result types do not count, so the
// first ten organic results may reach below position 10.
import { INTEGER, VARCHAR } from '@duckdb/node-api';
import { resultTypeCode } from '@core/result-types';
import type { OrganicTop } from '../../rank-store';
import { checkDate, checkMarket, checkOrganicDepth } from '../input';
import type { Session, Value } from './db';
import { marketId } from './dims';

export async function readOrganicTop(
  s: Session,
  market: string,
  date: string,
  depth: number,
): Promise<OrganicTop[]> {
  checkMarket(market);
  checkDate(date);
  checkOrganicDepth(depth);
  const mid = await marketId(s, market);
  if (mid === null) return [];
  const rows = await s.all(
    `SELECT r.keyword_id, list(u.url ORDER BY r.position) AS urls
     FROM (SELECT keyword_id, position, url_id FROM serp_results
           WHERE market_id = $1 AND date = CAST($2 AS DATE)
             AND result_type IN (${resultTypeCode('organic')}, ${resultTypeCode('brand')})
           QUALIFY row_number() OVER (PARTITION BY keyword_id ORDER BY position) <= ${depth}) r
     JOIN urls u ON u.id = r.url_id
     GROUP BY r.keyword_id ORDER BY r.keyword_id`,
    [mid, date],
    [INTEGER, VARCHAR],
  );
  return rows.map((r) => ({ keywordId: Number(r.keyword_id), urls: (r.urls as Value[]).map(String) }));
}
