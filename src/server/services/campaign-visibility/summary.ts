// The domain summary (domains) and the whole-market view: per target the VS, visibility % and share at the
// last point of the range, their deltas from the first point and the series behind them (DESIGN §3).
// Visibility divides by Σ sv × ctr(1) over the keywords measured at the point; share divides by the VS of
// the selected domains (groups are shown beside them with their share of the same sum, core shareDenominator),
// or of every host in the market with useWholeMarket.
import type { CvDomainsResponse, CvWholeMarketResponse } from '@contracts/campaign-visibility';
import { percentOf, seriesDeltas, shareDenominator } from '@core/metrics';
import type { CvRequest } from './request';

export async function domainSummary(req: CvRequest): Promise<CvDomainsResponse> {
  const { reads, scope, targets, span, useWholeMarket } = req;
  const groups = targets.map((t) => t.ref.kind === 'group');
  const series = await reads.series(
    scope,
    targets.map((t) => t.target),
    span,
    { market: useWholeMarket },
  );
  return {
    startDate: span.start,
    endDate: span.end,
    dates: series.points.map((p) => p.date),
    keywords: series.keywords,
    unknownVolume: series.unknownVolume,
    useWholeMarket,
    items: targets.map((t, i) => {
      const points = series.points.map((p) => {
        const vs = p.visibilityScores[i]!;
        const denominator = useWholeMarket
          ? (p.marketVisibilityScore ?? 0)
          : shareDenominator(p.visibilityScores, groups);
        return {
          date: p.date,
          visibilityScore: vs,
          visibility: percentOf(vs, p.maxVisibilityScore),
          share: percentOf(vs, denominator),
        };
      });
      const last = points[points.length - 1];
      return {
        ...t.ref,
        visibilityScore: last?.visibilityScore ?? 0,
        visibilityScoreDeltas: seriesDeltas(points.map((p) => p.visibilityScore)),
        visibility: last?.visibility ?? 0,
        visibilityDeltas: seriesDeltas(points.map((p) => p.visibility)),
        share: last?.share ?? 0,
        shareDeltas: seriesDeltas(points.map((p) => p.share)),
        series: points,
      };
    }),
  };
}

export async function wholeMarket(req: CvRequest): Promise<CvWholeMarketResponse> {
  const { reads, scope, targets, span } = req;
  const series = await reads.series(
    scope,
    targets.map((t) => t.target),
    span,
    { market: true },
  );
  return {
    startDate: span.start,
    endDate: span.end,
    dates: series.points.map((p) => p.date),
    market: series.points.map((p) => ({
      date: p.date,
      keywords: p.keywords,
      maxVisibilityScore: p.maxVisibilityScore,
      visibilityScore: p.marketVisibilityScore ?? 0,
    })),
    items: targets.map((t, i) => {
      const points = series.points.map((p) => ({
        date: p.date,
        visibilityScore: p.visibilityScores[i]!,
        share: percentOf(p.visibilityScores[i]!, p.marketVisibilityScore ?? 0),
      }));
      const last = points[points.length - 1];
      return {
        ...t.ref,
        visibilityScore: last?.visibilityScore ?? 0,
        share: last?.share ?? 0,
        shareDeltas: seriesDeltas(points.map((p) => p.share)),
        series: points,
      };
    }),
  };
}
