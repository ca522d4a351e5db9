// Whole-market league: every host of a market ranked by VS over all of the market's keywords at one snapshot
// date, under the default CTR curve (no campaign, so no CTR model, keyword set or result-type filter). Both
// statements read the owning shard's _local tables only, admitted by its gate like the campaign reads.
import { DEFAULT_CTR } from '@core/ctr';
import { CV_TIE_DIGITS, type MarketLeague } from '../../../campaign-visibility-reads';
import { checkMarket, RankInputError } from '../../input';
import { int } from '../client';
import type { ChContext } from '../context';
import { lit } from '../escape';
import { onOwningShard } from './run';
import { ctrArray, dateLit, float, storable } from './sql';

export async function marketLeague(
  ctx: ChContext,
  market: string,
  date: string,
  limit: number,
): Promise<MarketLeague> {
  checkMarket(market);
  const day = dateLit(date);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RankInputError(`limit must be a positive integer, got ${limit}`);
  }
  const none = (): MarketLeague => ({ total: 0, rows: [] });
  if (storable(date, date) === null) return none();
  return onOwningShard(ctx, market, none, async ({ server }, mid) => {
    const results = `SELECT keyword_id, position, host_id FROM ${ctx.local('serp_results')}
    WHERE market_id = ${lit(mid)} AND date = ${day}`;
    const [rows, count] = await Promise.all([
      server.rows(
        `SELECT host, domain, keywords, vs FROM (
         SELECT host_id, keywords, vs, host, domain_id FROM (
           SELECT host_id, uniqExact(keyword_id) AS keywords,
             ifNull(sum(sv * ${ctrArray(DEFAULT_CTR)}[position]), 0) AS vs
           FROM (${results})
           ANY LEFT JOIN (
             SELECT id AS keyword_id, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)}
           ) USING keyword_id
           GROUP BY host_id
         ) ANY INNER JOIN (
           SELECT id AS host_id, host, domain_id FROM ${ctx.table('hosts')}
         ) USING host_id
       ) ANY INNER JOIN (SELECT id AS domain_id, domain FROM ${ctx.table('domains')}) USING domain_id
       ORDER BY round(vs, ${CV_TIE_DIGITS}) DESC, host LIMIT ${limit}`,
      ),
      server.rows(`SELECT uniqExact(host_id) AS total FROM (${results})`),
    ]);
    return {
      total: int(count[0]!.total),
      rows: rows.map((r) => ({
        host: String(r.host),
        domain: String(r.domain),
        keywords: int(r.keywords),
        visibilityScore: float(r.vs),
      })),
    };
  });
}
