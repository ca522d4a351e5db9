// The DuckDB read behind keyword clustering (RankStore.readOrganicTop): each keyword's first organic results
// at one snapshot date. Brand results are organic (DESIGN §2); other result types do not count, so the
// first ten organic results may reach below position 10.
import { INTEGER, VARCHAR } from '@duckdb/node-api';
import { resultTypeCode } from '@core/result-types';
import type { OrganicTop } from '../../rank-store';
import { checkDate, checkMarket, checkOrganicDepth } from '../input';
import type { Session } from './db';
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
  // Streamed chunk by chunk (≈2,000 rows each, every fetch awaited) rather than read whole: at 100,000
  // keywords a single conversion of the result held the event loop for seconds.
  const result = await s.stream(
    `SELECT r.keyword_id, u.url
     FROM (SELECT keyword_id, position, url_id FROM serp_results
           WHERE market_id = $1 AND date = CAST($2 AS DATE)
             AND result_type IN (${resultTypeCode('organic')}, ${resultTypeCode('brand')})
           QUALIFY row_number() OVER (PARTITION BY keyword_id ORDER BY position) <= ${depth}) r
     JOIN urls u ON u.id = r.url_id
     ORDER BY r.keyword_id, r.position`,
    [mid, date],
    [INTEGER, VARCHAR],
  );
  const out: OrganicTop[] = [];
  let current: OrganicTop | null = null;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) break;
    const ids = chunk.getColumnVector(0);
    const urls = chunk.getColumnVector(1);
    for (let i = 0; i < chunk.rowCount; i++) {
      const id = Number(ids.getItem(i));
      if (current === null || current.keywordId !== id) {
        current = { keywordId: id, urls: [] };
        out.push(current);
      }
      current.urls.push(String(urls.getItem(i)));
    }
  }
  return out;
}
