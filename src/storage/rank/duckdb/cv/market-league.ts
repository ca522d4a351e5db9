// Whole-market league: every host of a market ranked by VS over all of the market's keywords at one snapshot
// date, under the default CTR curve (no campaign, so no CTR model, keyword set or result-type filter).
import { DEFAULT_CTR } from '@core/ctr';
import { CV_TIE_DIGITS, type MarketLeague } from '../../../campaign-visibility-reads';
import { checkMarket, RankInputError } from '../../input';
import type { DuckDb } from '../db';
import { marketId } from '../dims';
import { Binds, dateLit } from './sql';

export async function marketLeague(
  db: DuckDb,
  market: string,
  date: string,
  limit: number,
): Promise<MarketLeague> {
  checkMarket(market);
  const day = dateLit(date);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RankInputError(`limit must be a positive integer, got ${limit}`);
  }
  return db.read(async (s) => {
    const mid = await marketId(s, market);
    if (mid === null) return { total: 0, rows: [] };
    const b = new Binds();
    const ctr = b.doubles(DEFAULT_CTR);
    // The market and date are literals so that DuckDB skips the row groups of other snapshots by min/max.
    // The total as a scalar subquery, not count(*) OVER (): see ../rankings/page.ts (duckdb/duckdb#25713).
    const rows = await s.all(
      `WITH scored AS MATERIALIZED (
         SELECT r.host_id, count(DISTINCT r.keyword_id) AS keywords,
           coalesce(sum(k.sv * ${ctr}[r.position]), 0) AS vs
         FROM serp_results r JOIN keywords k ON k.id = r.keyword_id
         WHERE r.market_id = ${mid} AND r.date = ${day}
         GROUP BY r.host_id
       )
       SELECT h.host, d.domain, x.keywords, x.vs, (SELECT count(*) FROM scored) AS total
       FROM scored x JOIN hosts h ON h.id = x.host_id JOIN domains d ON d.id = h.domain_id
       ORDER BY round(x.vs, ${CV_TIE_DIGITS}) DESC, h.host LIMIT ${limit}`,
      b.values,
      b.types,
    );
    return {
      total: rows.length === 0 ? 0 : Number(rows[0]!.total),
      rows: rows.map((r) => ({
        host: String(r.host),
        domain: String(r.domain),
        keywords: Number(r.keywords),
        visibilityScore: Number(r.vs),
      })),
    };
  });
}
