// The explorer's domain summary and result-type prominence (DESIGN §3 over every keyword of the market):
// the host's visibility series, share, rank ranges, result types, top keywords, top URLs and its
// competitors, all from the core metrics on the host's rank data plus the store's market-wide sums.
import type { VeDomainsResponse, VeResultTypeProminenceResponse } from '@contracts/visibility-explorer';
import { percentOf } from '@core/metrics';
import {
  bestResult,
  explorerRankRanges,
  explorerSeries,
  explorerTypeProminence,
  keywordScores,
  rankingSnapshots,
  urlScores,
} from '@core/metrics/explorer';
import { loadHost, type VeRequest } from './request';

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function hostRef(req: VeRequest): VeDomainsResponse['host'] {
  return { value: req.filter.value, kind: req.filter.kind };
}

export async function domainSummary(req: VeRequest, limit: number): Promise<VeDomainsResponse> {
  const { reads, market, target, ctr, date } = req;
  const { data, points } = await loadHost(req);
  const measuredAll = await reads.measured(market, [...new Set([...points, date])]);
  const atDate = measuredAll.find((m) => m.date === date)!;
  const series = explorerSeries(
    data,
    target,
    measuredAll.filter((m) => points.includes(m.date)),
    ctr,
  );
  const scores = keywordScores(data, target, date, ctr);
  let vs = 0;
  for (const v of scores.values()) vs += v;
  // One more than asked, as the host's own registrable domain is left out of its competitors.
  const league = await reads.domainScores(
    market,
    rankingSnapshots(data, target, date),
    ctr.values,
    limit + 1,
  );
  const texts = new Map([...data.keywords].map(([id, k]) => [id, k.text ?? '']));
  const topKeywords = [...scores]
    .sort(([a, x], [b, y]) => y - x || byName(texts.get(a)!, texts.get(b)!))
    .slice(0, limit)
    .map(([id, visibilityScore]) => {
      const best = bestResult(data, target, id, date)!;
      return {
        keyword: texts.get(id)!,
        searchVolume: data.keywords.get(id)!.sv,
        position: best.position,
        url: best.url,
        visibilityScore,
      };
    });
  const topUrls = [...urlScores(data, target, date, ctr).values()]
    .sort((a, b) => b.visibilityScore - a.visibilityScore || byName(a.url, b.url))
    .slice(0, limit)
    .map(({ url, keywords, bestPosition, visibilityScore }) => ({
      url,
      keywords,
      bestPosition,
      visibilityScore,
    }));
  return {
    market,
    host: hostRef(req),
    startDate: req.span.start,
    endDate: req.span.end,
    date,
    dates: points,
    keywords: atDate.keywords,
    unknownVolume: atDate.unknownVolume,
    rankingKeywords: scores.size,
    visibilityScore: series.visibilityScore,
    visibilityScoreDeltas: series.visibilityScoreDeltas,
    visibility: series.visibility,
    visibilityDeltas: series.visibilityDeltas,
    share: percentOf(vs, league.total),
    series: series.series,
    rankRanges: explorerRankRanges(data, target, date),
    resultTypes: explorerTypeProminence(data, target, points, ctr).total,
    topKeywords,
    topUrls,
    competitors: league.rows
      .filter((r) => r.domain !== req.filter.domain)
      .slice(0, limit)
      .map((r) => ({ ...r, share: percentOf(r.visibilityScore, league.total) })),
  };
}

export async function resultTypeProminence(req: VeRequest): Promise<VeResultTypeProminenceResponse> {
  const { data, points } = await loadHost(req);
  const split = explorerTypeProminence(data, req.target, points, req.ctr);
  return {
    market: req.market,
    host: hostRef(req),
    startDate: req.span.start,
    endDate: req.span.end,
    dates: points,
    ...split,
  };
}
