// Result-type prominence (DESIGN §3): a target's VS split by result type, brand merged into organic, as a
// total over the range and per point date. In each split a type whose share rounds to 0.0 % at one decimal is
// dropped (spec §3: such series are not drawn).
import { RESULT_TYPES, type ResultType } from '../result-types';
import { ctrAt } from './ctr-model';
import { keywordsOf, pointDates, snapshotAt, snapshotFloor, type RankData } from './rank-data';
import { matchesTarget, type Target } from './targets';
import { percentOf, scoring, type DateSpan, type MetricOptions } from './visibility';

export type MergedResultType = Exclude<ResultType, 'brand'>;

/** Result types in display order (the append-only order of RESULT_TYPES), brand merged away. */
export const PROMINENCE_TYPES: readonly MergedResultType[] = RESULT_TYPES.filter(
  (t): t is MergedResultType => t !== 'brand',
);

export interface TypeShare {
  resultType: MergedResultType;
  /** VS from results of this type. */
  visibilityScore: number;
  /** Percent of the target's VS in the same split. */
  share: number;
}

export interface ResultTypeProminence {
  key: string;
  /** Over every point date of the range (VS summed over the points). */
  total: TypeShare[];
  points: { date: string; types: TypeShare[] }[];
}

/** True when a percentage shows as 0.0 (or less) at one decimal. */
export function roundsToZero(share: number): boolean {
  return Math.round(share * 10) / 10 <= 0;
}

function split(byType: ReadonlyMap<MergedResultType, number>): TypeShare[] {
  let sum = 0;
  for (const v of byType.values()) sum += v;
  return PROMINENCE_TYPES.map((resultType) => {
    const visibilityScore = byType.get(resultType) ?? 0;
    return { resultType, visibilityScore, share: percentOf(visibilityScore, sum) };
  }).filter((s) => !roundsToZero(s.share));
}

export function resultTypeProminence(
  data: RankData,
  targets: readonly Target[],
  keywordIds: readonly number[],
  span: DateSpan,
  opts: MetricOptions = {},
): ResultTypeProminence[] {
  const sc = scoring(opts);
  const dates = pointDates(data, keywordIds, span.start, span.end);
  const keywords = keywordsOf(data, keywordIds).filter((k) => k.sv !== null);
  return targets.map((t) => {
    const total = new Map<MergedResultType, number>();
    const points = dates.map((d) => {
      const byType = new Map<MergedResultType, number>();
      const floor = snapshotFloor(d);
      for (const k of keywords) {
        const s = snapshotAt(data, k.id, d, floor);
        if (s === null) continue;
        for (const r of s.results) {
          if (!sc.counts(r) || !matchesTarget(t, r)) continue;
          const v = k.sv! * ctrAt(sc.ctr, r.position);
          byType.set(r.resultType, (byType.get(r.resultType) ?? 0) + v);
          total.set(r.resultType, (total.get(r.resultType) ?? 0) + v);
        }
      }
      return { date: d, types: split(byType) };
    });
    return { key: t.key, total: split(total), points };
  });
}
