// The market-share overview: share of visibility per point date of the market's leading registrable domains,
// the tracked ones and the request's host, over every host of the market (one store read), and their league.
import type { MarketShareResponse } from '@contracts/market-share';
import { DEFAULT_CTR } from '@core/ctr';
import { shareLeague, shareSeries, type DomainRanks } from '@core/metrics/market-share';
import type { RankStore } from '@storage/rank-store';
import { extraDomains, flagsOf, type MsRequest } from './request';

export async function overview(rank: RankStore, req: MsRequest): Promise<MarketShareResponse> {
  const base = {
    market: req.market,
    time: req.time,
    startDate: req.span.start,
    endDate: req.span.end,
    host: req.host,
    dates: req.points,
  };
  if (req.points.length === 0) return { ...base, marketVisibilityScores: [], hosts: [] };
  const read = await rank.marketShare.domainSeries(
    req.rankMarket,
    req.points,
    DEFAULT_CTR,
    extraDomains(req),
    req.limit,
  );
  const leaders = new Set(read.leaders);
  const names = [...new Set([...read.leaders, ...extraDomains(req)])];
  const m = { points: req.points, totals: read.totals, scores: read.scores };
  const series = shareSeries(m, names);
  const ranks = new Map<string, DomainRanks>(read.ranks.map((r) => [r.domain, r]));
  const byHost = new Map(series.map((s) => [s.host, s]));
  return {
    ...base,
    marketVisibilityScores: read.totals,
    hosts: shareLeague(series, ranks).map((row) => {
      const s = byHost.get(row.host)!;
      return {
        ...row,
        ...flagsOf(req, leaders, row.host),
        visibilityScores: s.visibilityScores,
        shares: s.shares,
      };
    }),
  };
}
