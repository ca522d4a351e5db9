// Project visibility (DESIGN §2: over the union of a project's campaigns). The union counts every keyword once
// per market: a keyword tracked by two campaigns of the project belongs to the earliest of them (lowest id) in
// the total, so the total is the sum of disjoint parts, each part measured like a campaign. This module splits
// the keyword sets into those parts, adds the parts' series into the total and turns a series into the figures
// of the domain summary. Units: visibility scores are estimated monthly clicks (Σ sv × ctr), visibility and
// share percentages 0–100, dates `YYYY-MM-DD`.
import { seriesDeltas } from './deltas';
import { snapshotFloor } from './rank-data';
import { percentOf, type TargetSummary } from './visibility';

export interface CampaignKeywordSet {
  campaignId: number;
  market: string;
  keywordIds: readonly number[];
}

/** The keywords a campaign adds to the project total: none of them is in an earlier campaign of its market. */
export interface UnionPart {
  campaignId: number;
  market: string;
  /** Every keyword of the campaign counts: its own series is the part. */
  whole: boolean;
  /** The part's keyword ids (ascending); empty when every keyword is in an earlier campaign. */
  keywordIds: number[];
}

/** Splits the union of the campaigns' keyword sets (by market + keyword) into disjoint parts, by campaign id. */
export function unionParts(sets: readonly CampaignKeywordSet[]): UnionPart[] {
  const seen = new Map<string, Set<number>>();
  return [...sets]
    .sort((a, b) => a.campaignId - b.campaignId)
    .map((s) => {
      const taken = seen.get(s.market) ?? new Set<number>();
      seen.set(s.market, taken);
      const own = [...new Set(s.keywordIds)].filter((id) => !taken.has(id)).sort((a, b) => a - b);
      for (const id of own) taken.add(id);
      return {
        campaignId: s.campaignId,
        market: s.market,
        whole: own.length === new Set(s.keywordIds).size,
        keywordIds: own,
      };
    });
}

/** One point of a part or of the total: the reads' series point without the whole-market denominator. */
export interface PvPoint {
  date: string;
  /** Keywords measured at the date. */
  keywords: number;
  /** Σ sv × ctr(1) over those keywords (the visibility denominator). */
  maxVisibilityScore: number;
  /** Per target, in the order of the targets. */
  visibilityScores: number[];
}

export interface PvSeries {
  keywords: number;
  unknownVolume: number;
  points: PvPoint[];
}

/**
 * The total of disjoint parts. Its point dates are every point date of a part; at date d a part contributes its
 * point of the latest date on or before d and at most 6 days earlier (the snapshot rule of DESIGN §3 applied to
 * the part's points), nothing otherwise. Parts whose keywords are checked on the same dates — every campaign of
 * one market, weekly — give exactly the union's series.
 */
export function sumSeries(parts: readonly PvSeries[], targets: number): PvSeries {
  const dates = [...new Set(parts.flatMap((p) => p.points.map((x) => x.date)))].sort();
  const cursor = parts.map(() => -1);
  const points = dates.map((date) => {
    const floor = snapshotFloor(date);
    const point: PvPoint = {
      date,
      keywords: 0,
      maxVisibilityScore: 0,
      visibilityScores: new Array<number>(targets).fill(0),
    };
    parts.forEach((part, i) => {
      while (cursor[i]! + 1 < part.points.length && part.points[cursor[i]! + 1]!.date <= date) cursor[i]!++;
      const p = part.points[cursor[i]!];
      if (p === undefined || p.date < floor) return;
      point.keywords += p.keywords;
      point.maxVisibilityScore += p.maxVisibilityScore;
      p.visibilityScores.forEach((vs, t) => (point.visibilityScores[t]! += vs));
    });
    return point;
  });
  return {
    keywords: parts.reduce((n, p) => n + p.keywords, 0),
    unknownVolume: parts.reduce((n, p) => n + p.unknownVolume, 0),
    points,
  };
}

/**
 * Target t of a series: VS, visibility (VS / Σ sv × ctr(1)) and share (VS / Σ VS of the targets) at the last
 * point, deltas from the first point, and the points behind them; zeros for an empty series.
 */
export function targetSummary(series: PvSeries, t: number): Omit<TargetSummary, 'key'> {
  const points = series.points.map((p) => {
    const vs = p.visibilityScores[t] ?? 0;
    return {
      date: p.date,
      visibilityScore: vs,
      visibility: percentOf(vs, p.maxVisibilityScore),
      share: percentOf(
        vs,
        p.visibilityScores.reduce((a, b) => a + b, 0),
      ),
    };
  });
  const last = points[points.length - 1];
  return {
    visibilityScore: last?.visibilityScore ?? 0,
    visibilityScoreDeltas: seriesDeltas(points.map((p) => p.visibilityScore)),
    visibility: last?.visibility ?? 0,
    visibilityDeltas: seriesDeltas(points.map((p) => p.visibility)),
    share: last?.share ?? 0,
    shareDeltas: seriesDeltas(points.map((p) => p.share)),
    series: points,
  };
}
