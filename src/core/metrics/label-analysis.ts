// Tag Analysis (issue 29 item 5): per keyword tag or keyword group, at every point date of a span and for
// every target — VS (estimated monthly clicks), the keywords where the target ranks, the sum of its best
// positions there (average position = sum ÷ ranked) and its rank distribution (DESIGN §3 rank ranges by best
// position) — with each label's measured keywords and Σ sv × ctr(1). `labelAnalysis` is the reference the
// RankStore's labelSeries read is checked against; `labelView` turns those sums into the screen's visibility,
// share, average position and start→end deltas. A keyword with several labels counts in each.
import { ctrAt } from './ctr-model';
import { deltas, type XDeltas } from './deltas';
import { RANK_RANGES, rankRangeOf } from './ranges';
import { keywordsOf, pointDates, snapshotAt, snapshotFloor, type RankData } from './rank-data';
import { matchesTarget, shareDenominator, type Target } from './targets';
import { percentOf, scoring, type DateSpan, type MetricOptions } from './visibility';

/** The sums of one target over one label's keywords at one point. */
export interface LabelTargetSums {
  visibilityScore: number;
  /** Keywords where the target has a counted result. */
  ranked: number;
  /** Σ of the target's best position over those keywords. */
  positionSum: number;
  /** Keywords per rank range of the best position, in RANK_RANGES order. */
  ranges: number[];
}

export interface LabelPointSums {
  date: string;
  label: string;
  /** Keywords of the label with a snapshot used at the date. */
  keywords: number;
  /** Σ sv × ctr(1) over those keywords with known volume. */
  maxVisibilityScore: number;
  /** Per target, in the order given. */
  targets: LabelTargetSums[];
}

const emptySums = (): LabelTargetSums => ({
  visibilityScore: 0,
  ranked: 0,
  positionSum: 0,
  ranges: RANK_RANGES.map(() => 0),
});

const RANGE_INDEX = new Map<string, number>(RANK_RANGES.map((r, i) => [r.key, i]));

/**
 * Rows by point date, then label (ascending), for labels with at least one keyword measured at the date.
 * `kind` picks the keywords' tags or groups.
 */
export function labelAnalysis(
  data: RankData,
  targets: readonly Target[],
  keywordIds: readonly number[],
  kind: 'tags' | 'groups',
  span: DateSpan,
  opts: MetricOptions = {},
): LabelPointSums[] {
  const sc = scoring(opts);
  const top = ctrAt(sc.ctr, 1);
  const keywords = keywordsOf(data, keywordIds);
  const out: LabelPointSums[] = [];
  for (const d of pointDates(data, keywordIds, span.start, span.end)) {
    const floor = snapshotFloor(d);
    const byLabel = new Map<string, LabelPointSums>();
    for (const k of keywords) {
      const s = snapshotAt(data, k.id, d, floor);
      if (s === null) continue;
      const per = targets.map((t) => {
        let best: number | null = null;
        let ctrSum = 0;
        for (const r of s.results) {
          if (!sc.counts(r) || !matchesTarget(t, r)) continue;
          ctrSum += ctrAt(sc.ctr, r.position);
          if (best === null || r.position < best) best = r.position;
        }
        return { best, score: k.sv === null ? 0 : k.sv * ctrSum };
      });
      for (const label of new Set(k[kind] ?? [])) {
        let row = byLabel.get(label);
        if (row === undefined) {
          row = { date: d, label, keywords: 0, maxVisibilityScore: 0, targets: targets.map(emptySums) };
          byLabel.set(label, row);
        }
        row.keywords += 1;
        if (k.sv !== null) row.maxVisibilityScore += k.sv * top;
        per.forEach((p, i) => {
          const t = row.targets[i]!;
          t.visibilityScore += p.score;
          if (p.best === null) return;
          t.ranked += 1;
          t.positionSum += p.best;
          t.ranges[RANGE_INDEX.get(rankRangeOf(p.best))!]! += 1;
        });
      }
    }
    out.push(...[...byLabel.keys()].sort().map((l) => byLabel.get(l)!));
  }
  return out;
}

/** One target's figures for one label at one point. */
export interface LabelTargetFigures {
  visibilityScore: number;
  /** VS ÷ the label's Σ sv × ctr(1) × 100. */
  visibility: number;
  /** VS ÷ Σ VS of the targets on the label × 100 (the selected domains, DESIGN §3). */
  share: number;
  /** Average best position over the keywords where it ranks; null when it ranks on none. */
  averagePosition: number | null;
  ranked: number;
  ranges: number[];
}

export interface LabelView {
  label: string;
  /** Keywords of the label measured at the end point. */
  keywords: number;
  /** Per target: the figures at the end point, their changes from the start point, and the series. */
  targets: {
    end: LabelTargetFigures;
    start: LabelTargetFigures;
    visibilityScoreDeltas: XDeltas;
    shareDeltas: XDeltas;
    /** end − start of the average position; null unless both exist. */
    averagePositionChange: number | null;
    /** The figures at each point of the span (zeros where the label has no measured keyword). */
    series: LabelTargetFigures[];
  }[];
}

function figures(row: LabelPointSums | undefined, targets: number, isGroup: readonly boolean[]) {
  if (row === undefined) {
    return Array.from({ length: targets }, () => ({
      visibilityScore: 0,
      visibility: 0,
      share: 0,
      averagePosition: null,
      ranked: 0,
      ranges: RANK_RANGES.map(() => 0),
    }));
  }
  const denominator = shareDenominator(
    row.targets.map((t) => t.visibilityScore),
    isGroup,
  );
  return row.targets.map((t): LabelTargetFigures => ({
    visibilityScore: t.visibilityScore,
    visibility: percentOf(t.visibilityScore, row.maxVisibilityScore),
    share: percentOf(t.visibilityScore, denominator),
    averagePosition: t.ranked === 0 ? null : t.positionSum / t.ranked,
    ranked: t.ranked,
    ranges: [...t.ranges],
  }));
}

/**
 * The screen's view of labelAnalysis rows over `points` (ascending): every label seen, ascending, with each
 * target's figures at the first and last point, their deltas and the series.
 */
export function labelView(
  rows: readonly LabelPointSums[],
  points: readonly string[],
  isGroup: readonly boolean[],
): LabelView[] {
  const at = new Map(rows.map((r) => [`${r.date}\u0000${r.label}`, r]));
  const labels = [...new Set(rows.map((r) => r.label))].sort();
  const n = isGroup.length;
  return labels.map((label) => {
    const series = points.map((d) => figures(at.get(`${d}\u0000${label}`), n, isGroup));
    const first = series[0] ?? figures(undefined, n, isGroup);
    const last = series[series.length - 1] ?? first;
    const endRow = points.length === 0 ? undefined : at.get(`${points[points.length - 1]}\u0000${label}`);
    return {
      label,
      keywords: endRow?.keywords ?? 0,
      targets: isGroup.map((_, i) => {
        const s = first[i]!;
        const e = last[i]!;
        return {
          end: e,
          start: s,
          visibilityScoreDeltas: deltas(s.visibilityScore, e.visibilityScore),
          shareDeltas: deltas(s.share, e.share),
          averagePositionChange:
            s.averagePosition === null || e.averagePosition === null
              ? null
              : e.averagePosition - s.averagePosition,
          series: series.map((p) => p[i]!),
        };
      }),
    };
  });
}
