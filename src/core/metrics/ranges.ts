// Best position, rank ranges and search-volume ranges of DESIGN §3 at one point date.
import { keywordsOf, snapshotAt, snapshotFloor, type RankData } from './rank-data';
import { matchesTarget, type Target } from './targets';
import { scoring, targetCtrSum, type MetricOptions } from './visibility';

/** Smallest position among the counted results of the keyword at d matching the target; null when none. */
export function bestPosition(
  data: RankData,
  target: Target,
  keywordId: number,
  d: string,
  opts: MetricOptions = {},
): number | null {
  const s = snapshotAt(data, keywordId, d);
  if (s === null) return null;
  const sc = scoring(opts);
  let best: number | null = null;
  for (const r of s.results) {
    if (sc.counts(r) && matchesTarget(target, r) && (best === null || r.position < best)) best = r.position;
  }
  return best;
}

export const RANK_RANGES = [
  { key: '1-3', min: 1, max: 3 },
  { key: '4-10', min: 4, max: 10 },
  { key: '11-20', min: 11, max: 20 },
  { key: '21-50', min: 21, max: 50 },
  { key: '51-100', min: 51, max: 100 },
] as const;

export type RankRangeKey = (typeof RANK_RANGES)[number]['key'];

export function rankRangeOf(position: number): RankRangeKey {
  const range = RANK_RANGES.find((r) => position >= r.min && position <= r.max);
  if (range === undefined) throw new RangeError(`position must be 1–100, got ${position}`);
  return range.key;
}

/** Keywords of the set by the target's best position at d; keywords where it does not rank are not counted. */
export function rankRanges(
  data: RankData,
  target: Target,
  keywordIds: Iterable<number>,
  d: string,
  opts: MetricOptions = {},
): Record<RankRangeKey, number> {
  const out = Object.fromEntries(RANK_RANGES.map((r) => [r.key, 0])) as Record<RankRangeKey, number>;
  for (const k of keywordsOf(data, keywordIds)) {
    const best = bestPosition(data, target, k.id, d, opts);
    if (best !== null) out[rankRangeOf(best)] += 1;
  }
  return out;
}

/**
 * Search-volume ranges in monthly searches. A known volume of 0 falls in the first range (it is a measured
 * volume below 10, not an unknown one).
 */
export const SEARCH_VOLUME_RANGES = [
  { key: '1-10', min: 0, max: 10 },
  { key: '11-100', min: 11, max: 100 },
  { key: '101-1000', min: 101, max: 1_000 },
  { key: '1001-10000', min: 1_001, max: 10_000 },
  { key: '10001-100000', min: 10_001, max: 100_000 },
  { key: '>100000', min: 100_001, max: Number.POSITIVE_INFINITY },
] as const;

export type SearchVolumeRangeKey = (typeof SEARCH_VOLUME_RANGES)[number]['key'] | 'unknown';

export const SEARCH_VOLUME_RANGE_KEYS: readonly SearchVolumeRangeKey[] = [
  ...SEARCH_VOLUME_RANGES.map((r) => r.key),
  'unknown',
];

export function searchVolumeRangeOf(sv: number | null): SearchVolumeRangeKey {
  if (sv === null) return 'unknown';
  // Volumes are integers; a fractional one (an average) belongs to the range its rounded value is in.
  const v = Math.round(sv);
  const range = SEARCH_VOLUME_RANGES.find((r) => v >= r.min && v <= r.max);
  if (range === undefined) throw new RangeError(`search volume must be ≥ 0, got ${sv}`);
  return range.key;
}

export interface SearchVolumeRange {
  key: SearchVolumeRangeKey;
  /** Keywords of the set in the range. */
  keywords: number;
  /** Per target: keywords of the range where it has a counted result at d, and its VS over them. */
  byTarget: Map<string, { ranking: number; visibilityScore: number }>;
}

/** Keywords of the set by search volume, with each target's ranking keywords and VS per range at d. */
export function searchVolumeRanges(
  data: RankData,
  targets: readonly Target[],
  keywordIds: Iterable<number>,
  d: string,
  opts: MetricOptions = {},
): SearchVolumeRange[] {
  const sc = scoring(opts);
  const floor = snapshotFloor(d);
  const out = new Map<SearchVolumeRangeKey, SearchVolumeRange>(
    SEARCH_VOLUME_RANGE_KEYS.map((key) => [
      key,
      {
        key,
        keywords: 0,
        byTarget: new Map(targets.map((t) => [t.key, { ranking: 0, visibilityScore: 0 }])),
      },
    ]),
  );
  for (const k of keywordsOf(data, keywordIds)) {
    const range = out.get(searchVolumeRangeOf(k.sv))!;
    range.keywords += 1;
    const s = snapshotAt(data, k.id, d, floor);
    if (s === null) continue;
    for (const t of targets) {
      const slot = range.byTarget.get(t.key)!;
      if (s.results.some((r) => sc.counts(r) && matchesTarget(t, r))) slot.ranking += 1;
      if (k.sv !== null) slot.visibilityScore += k.sv * targetCtrSum(s, t, sc);
    }
  }
  return [...out.values()];
}
