// Opportunity (recommendations, DESIGN §3): for each URL of a target ranking 4–20 at d, the clicks it would
// gain by moving up three places: Σ_k sv(k) × (ctr(max(1, p − 3)) − ctr(p)). Units: estimated monthly clicks.
import { ctrAt } from './ctr-model';
import { keywordsOf, snapshotAt, snapshotFloor, type RankData } from './rank-data';
import { matchesTarget, type Target } from './targets';
import { scoring, type MetricOptions } from './visibility';

export const OPPORTUNITY_MIN_POSITION = 4;
export const OPPORTUNITY_MAX_POSITION = 20;
/** Places a URL is assumed to climb. */
export const OPPORTUNITY_STEP = 3;

/** One keyword behind a URL's opportunity. */
export interface OpportunityKeyword {
  keywordId: number;
  /** The URL's best position on the keyword, 4–20. */
  position: number;
  /** Estimated monthly clicks gained by climbing OPPORTUNITY_STEP places from every 4–20 result. */
  gain: number;
}

export interface UrlOpportunity {
  url: string;
  opportunity: number;
  /** Keywords (with known volume) on which the URL ranks 4–20. */
  keywords: number;
  /** Those keywords, by gain descending, then keyword id. */
  behind: OpportunityKeyword[];
}

/** URLs by opportunity descending, ties by URL; keywords of unknown volume add nothing and are not counted. */
export function opportunity(
  data: RankData,
  target: Target,
  keywordIds: Iterable<number>,
  d: string,
  opts: MetricOptions = {},
): UrlOpportunity[] {
  const sc = scoring(opts);
  const floor = snapshotFloor(d);
  const byUrl = new Map<string, Map<number, OpportunityKeyword>>();
  for (const k of keywordsOf(data, keywordIds)) {
    if (k.sv === null) continue;
    const s = snapshotAt(data, k.id, d, floor);
    if (s === null) continue;
    for (const r of s.results) {
      const p = r.position;
      if (p < OPPORTUNITY_MIN_POSITION || p > OPPORTUNITY_MAX_POSITION) continue;
      if (!sc.counts(r) || !matchesTarget(target, r)) continue;
      const gain = k.sv * (ctrAt(sc.ctr, Math.max(1, p - OPPORTUNITY_STEP)) - ctrAt(sc.ctr, p));
      const keywords = byUrl.get(r.url) ?? new Map<number, OpportunityKeyword>();
      const seen = keywords.get(k.id);
      // Results come by position, so the first one of a keyword is the URL's best position on it.
      if (seen === undefined) keywords.set(k.id, { keywordId: k.id, position: p, gain });
      else seen.gain += gain;
      byUrl.set(r.url, keywords);
    }
  }
  return [...byUrl]
    .map(([url, keywords]) => {
      const behind = [...keywords.values()].sort((a, b) => b.gain - a.gain || a.keywordId - b.keywordId);
      return {
        url,
        opportunity: behind.reduce((sum, b) => sum + b.gain, 0),
        keywords: behind.length,
        behind,
      };
    })
    .sort((a, b) => b.opportunity - a.opportunity || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
