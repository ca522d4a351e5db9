// Positions of rank tracking (DESIGN §3): the absolute rank on the page (`position` as stored) and the classic
// organic rank — 1 + the organic and brand results stored above a result on its page, Linkdex's and Pi's
// "classic" position. It is what a SERP provider reports as its organic `position` even when a block the
// importer could not store (a people-also-ask box without links) took absolute rank 1; on a rank tracker's
// snapshot that holds only the tracked result it is 1. Pure reference of the stores' read-time computation.
import type { ResultType } from '../result-types';

export type PositionKind = 'absolute' | 'classic';

/** Brand counts as organic (DESIGN §2). */
export function isOrganic(t: ResultType): boolean {
  return t === 'organic' || t === 'brand';
}

/** A result of one snapshot page, as the classic position reads it. */
export interface PageResult {
  position: number;
  resultType: ResultType;
}

/** The classic position of each result of one page, in the order given; null for non-organic results. */
export function classicPositions(page: readonly PageResult[]): (number | null)[] {
  const organic = page.filter((r) => isOrganic(r.resultType)).map((r) => r.position);
  return page.map((r) =>
    isOrganic(r.resultType) ? 1 + new Set(organic.filter((p) => p < r.position)).size : null,
  );
}

/** One result of a tracked target on a keyword (RankStore rankTracking.hits). */
export interface RankHit {
  keywordId: number;
  date: string;
  /** Index of the tracked target. */
  target: number;
  position: number;
  classic: number | null;
  resultType: ResultType;
  url: string;
}

/** The position of a hit in the kind asked for; null when it has none (a non-organic result, classic). */
export function positionOf(hit: RankHit, kind: PositionKind): number | null {
  return kind === 'absolute' ? hit.position : hit.classic;
}
