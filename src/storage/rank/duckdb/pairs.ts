// The (market, date) pairs a SERP write refreshes its derived tables for, read from their staged table as one
// constant filter per market. DuckDB prunes a scan's row groups by min/max only on constants: a join on the
// staged pairs read every stored result, so each of the demo generator's 52 weekly refreshes re-read the
// growing serp_results for the campaign rollup (645 of 875 s at 2 × 20,000 keywords × 26 weeks).
import { dateLit } from './cv/sql';
import type { Session } from './db';

/** One market's refreshed snapshot dates, `YYYY-MM-DD`, ascending. */
export interface MarketDates {
  marketId: number;
  dates: string[];
}

/** The pairs of temp table `table` (market_id, date) per market, markets ascending. */
export async function pairsByMarket(s: Session, table: string): Promise<MarketDates[]> {
  const rows = await s.all(`SELECT market_id, list(DISTINCT strftime(date, '%Y-%m-%d') ORDER BY 1) AS dates
    FROM ${table} GROUP BY market_id ORDER BY market_id`);
  return rows.map((r) => ({
    marketId: Number(r.market_id),
    dates: (Array.isArray(r.dates) ? r.dates : []).map(String),
  }));
}

/** `alias.market_id = m AND alias.date IN (…)`: the rows of one market's pairs, as constants. */
export function pairFilter(alias: string, pairs: MarketDates): string {
  return `${alias}.market_id = ${pairs.marketId} AND ${alias}.date IN (${pairs.dates.map(dateLit).join(', ')})`;
}
