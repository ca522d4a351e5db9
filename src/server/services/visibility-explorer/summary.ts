// The explorer's domain summary and result-type prominence (DESIGN §3 over every keyword of the market):
// the host's visibility series, share, rank ranges, result types, top keywords, top URLs and its
// competitors: the store sums the host's rows, the core metrics fold the sums into the answer.
import type { VeDomainsResponse, VeResultTypeProminenceResponse } from '@contracts/visibility-explorer';
import { percentOf } from '@core/metrics';
import { rankRangeCounts, seriesOf, typeProminenceOf } from '@core/metrics/explorer';
import type { VeRequest } from './request';

export function hostRef(req: VeRequest): VeDomainsResponse['host'] {
  return { value: req.filter.value, kind: req.filter.kind };
}

/** Point dates of the range: the market's snapshot dates in it. */
function pointsOf(req: VeRequest): Promise<string[]> {
  return req.reads.snapshotDates(req.rankMarket, req.span.start, req.span.end);
}

/**
 * The summary's numbers are summed by the store over the host's rows (VS per point and result type, the
 * keywords and URLs where it ranks at the date, the league of the snapshots it ranks in), and folded here by
 * the core metrics, so a host ranking on a quarter of a million keywords never sends its rows to JS.
 */
export async function domainSummary(req: VeRequest, limit: number): Promise<VeDomainsResponse> {
  const { reads, rankMarket, filter, ctr, date } = req;
  const points = await pointsOf(req);
  const [measuredAll, typeScores, { keywords: kw, urls, league }] = await Promise.all([
    reads.measured(rankMarket, [...new Set([...points, date])]),
    reads.hostTypeScores(rankMarket, filter, points, ctr.values),
    // One more domain than asked, as the host's own registrable domain is left out of its competitors.
    reads.hostPoint(rankMarket, filter, date, ctr.values, limit, limit + 1),
  ]);
  const atDate = measuredAll.find((m) => m.date === date)!;
  const vsAt = new Map<string, number>();
  for (const t of typeScores) vsAt.set(t.date, (vsAt.get(t.date) ?? 0) + t.visibilityScore);
  const series = seriesOf(
    measuredAll.filter((m) => points.includes(m.date)),
    (d) => vsAt.get(d) ?? 0,
    ctr,
  );
  return {
    market: req.market,
    host: hostRef(req),
    startDate: req.span.start,
    endDate: req.span.end,
    date,
    dates: points,
    keywords: atDate.keywords,
    unknownVolume: atDate.unknownVolume,
    rankingKeywords: kw.rankingKeywords,
    visibilityScore: series.visibilityScore,
    visibilityScoreDeltas: series.visibilityScoreDeltas,
    visibility: series.visibility,
    visibilityDeltas: series.visibilityDeltas,
    share: percentOf(kw.visibilityScore, league.total),
    series: series.series,
    rankRanges: rankRangeCounts(kw.bestPositions),
    resultTypes: typeProminenceOf(points, typeScores).total,
    topKeywords: kw.top,
    topUrls: urls,
    competitors: league.rows
      .filter((r) => r.domain !== filter.domain)
      .slice(0, limit)
      .map((r) => ({ ...r, share: percentOf(r.visibilityScore, league.total) })),
  };
}

export async function resultTypeProminence(req: VeRequest): Promise<VeResultTypeProminenceResponse> {
  const points = await pointsOf(req);
  const scores = await req.reads.hostTypeScores(req.rankMarket, req.filter, points, req.ctr.values);
  const split = typeProminenceOf(points, scores);
  return {
    market: req.market,
    host: hostRef(req),
    startDate: req.span.start,
    endDate: req.span.end,
    dates: points,
    ...split,
  };
}
