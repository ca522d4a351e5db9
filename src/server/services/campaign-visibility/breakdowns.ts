// Single-date breakdowns of the keyword set and the result-type split: visibility share by keyword tag and
// by keyword group, rank ranges, search-volume ranges, and result-type prominence over the range. Ranges,
// their keys and the rounding rule are those of the core reference (src/core/metrics).
import type {
  CvLabelShareResponse,
  CvRankRangesResponse,
  CvResultTypeProminenceResponse,
  CvSearchVolumeRangesResponse,
} from '@contracts/campaign-visibility';
import {
  PROMINENCE_TYPES,
  RANK_RANGES,
  SEARCH_VOLUME_RANGE_KEYS,
  SEARCH_VOLUME_RANGES,
  percentOf,
  rankRangeOf,
  roundsToZero,
  shareDenominator,
  type MergedResultType,
  type TypeShare,
} from '@core/metrics';
import type { CvRequest } from './request';

const storeTargets = (req: CvRequest) => req.targets.map((t) => t.target);

/** Visibility share by keyword tag or keyword group at the point date. */
export async function labelShare(req: CvRequest, kind: 'tags' | 'groups'): Promise<CvLabelShareResponse> {
  const rows = await req.reads.labelScores(req.scope, storeTargets(req), req.date, kind, {
    market: req.useWholeMarket,
  });
  return {
    date: req.date,
    useWholeMarket: req.useWholeMarket,
    domains: req.targets.map((t) => t.ref),
    items: rows.map((r) => {
      const denominator = req.useWholeMarket
        ? (r.marketVisibilityScore ?? 0)
        : shareDenominator(
            r.visibilityScores,
            req.targets.map((t) => t.ref.kind === 'group'),
          );
      return {
        label: r.label,
        keywords: r.keywords,
        domains: req.targets.map((t, i) => ({
          key: t.ref.key,
          visibilityScore: r.visibilityScores[i]!,
          share: percentOf(r.visibilityScores[i]!, denominator),
        })),
      };
    }),
  };
}

export async function rankRanges(req: CvRequest): Promise<CvRankRangesResponse> {
  const counts = await req.reads.bestPositions(req.scope, storeTargets(req), req.date);
  return {
    date: req.date,
    items: req.targets.map((t, i) => {
      const ranges = new Map<string, number>(RANK_RANGES.map((r) => [r.key, 0]));
      for (const c of counts.filter((x) => x.target === i)) {
        const key = rankRangeOf(c.position);
        ranges.set(key, ranges.get(key)! + c.keywords);
      }
      return {
        ...t.ref,
        ranking: [...ranges.values()].reduce((a, b) => a + b, 0),
        ranges: [...ranges].map(([key, keywords]) => ({ key, keywords })),
      };
    }),
  };
}

/** Upper bounds of every search-volume range but the open last one (monthly searches). */
const VOLUME_BOUNDS = SEARCH_VOLUME_RANGES.slice(0, -1).map((r) => r.max);

export async function searchVolumeRanges(req: CvRequest): Promise<CvSearchVolumeRangesResponse> {
  const buckets = await req.reads.volumeBuckets(req.scope, storeTargets(req), req.date, VOLUME_BOUNDS);
  return {
    date: req.date,
    domains: req.targets.map((t) => t.ref),
    items: SEARCH_VOLUME_RANGE_KEYS.map((key) => {
      const index = key === 'unknown' ? null : SEARCH_VOLUME_RANGES.findIndex((r) => r.key === key);
      const b = buckets.find((x) => x.bucket === index);
      return {
        key,
        keywords: b?.keywords ?? 0,
        domains: req.targets.map((t, i) => ({
          key: t.ref.key,
          ranking: b?.ranking[i] ?? 0,
          visibilityScore: b?.visibilityScores[i] ?? 0,
        })),
      };
    }),
  };
}

/** A target's VS split by type: each type's share of the split; types that round to 0.0 % are dropped. */
function split(byType: ReadonlyMap<MergedResultType, number>): TypeShare[] {
  let sum = 0;
  for (const v of byType.values()) sum += v;
  return PROMINENCE_TYPES.map((resultType) => {
    const visibilityScore = byType.get(resultType) ?? 0;
    return { resultType, visibilityScore, share: percentOf(visibilityScore, sum) };
  }).filter((s) => !roundsToZero(s.share));
}

export async function resultTypeProminence(req: CvRequest): Promise<CvResultTypeProminenceResponse> {
  const { dates, rows: scores } = await req.reads.typeScores(req.scope, storeTargets(req), req.span);
  return {
    startDate: req.span.start,
    endDate: req.span.end,
    dates,
    items: req.targets.map((t, i) => {
      const mine = scores.filter((s) => s.target === i);
      const total = new Map<MergedResultType, number>();
      for (const s of mine) total.set(s.resultType, (total.get(s.resultType) ?? 0) + s.visibilityScore);
      return {
        ...t.ref,
        total: split(total),
        series: dates.map((date) => {
          const byType = new Map<MergedResultType, number>();
          for (const s of mine) if (s.date === date) byType.set(s.resultType, s.visibilityScore);
          return { date, types: split(byType) };
        }),
      };
    }),
  };
}
