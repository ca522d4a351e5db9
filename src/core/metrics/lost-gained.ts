// Visibility score lost and gained (DESIGN §3): per target, from the first to the last point of the range,
// Σ_k max(0, score_start(k) − score_end(k)) with the keywords that lost most; gained likewise. Units: VS.
import { keywordsOf, pointDates, snapshotAt, snapshotFloor, type RankData } from './rank-data';
import type { Target } from './targets';
import { scoring, targetCtrSum, type DateSpan, type MetricOptions } from './visibility';

export interface KeywordChange {
  keywordId: number;
  /** Keyword score at the first and last point. */
  start: number;
  end: number;
  /** end − start: negative for a loss. */
  change: number;
}

export interface VisibilityChange {
  key: string;
  lost: number;
  gained: number;
  /** Up to `top` keywords with the largest loss, largest first (ties by keyword id). */
  lostKeywords: KeywordChange[];
  gainedKeywords: KeywordChange[];
}

export interface VisibilityImpact {
  /** First and last point dates of the range; null when the range has no point. */
  start: string | null;
  end: string | null;
  targets: VisibilityChange[];
}

/** Keywords listed per target and direction. */
export const DEFAULT_TOP_KEYWORDS = 10;

export function visibilityScoreLost(
  data: RankData,
  targets: readonly Target[],
  keywordIds: readonly number[],
  span: DateSpan,
  opts: MetricOptions & { top?: number } = {},
): VisibilityImpact {
  const sc = scoring(opts);
  const top = opts.top ?? DEFAULT_TOP_KEYWORDS;
  const dates = pointDates(data, keywordIds, span.start, span.end);
  const start = dates[0] ?? null;
  const end = dates[dates.length - 1] ?? null;
  const floors = new Map(dates.map((d) => [d, snapshotFloor(d)]));
  const score = (t: Target, keywordId: number, sv: number, d: string | null) => {
    const s = d === null ? null : snapshotAt(data, keywordId, d, floors.get(d));
    return s === null ? 0 : sv * targetCtrSum(s, t, sc);
  };
  const keywords = keywordsOf(data, keywordIds);
  return {
    start,
    end,
    targets: targets.map((t) => {
      const changes: KeywordChange[] = [];
      for (const k of keywords) {
        if (k.sv === null) continue;
        const a = score(t, k.id, k.sv, start);
        const b = score(t, k.id, k.sv, end);
        if (a !== b) changes.push({ keywordId: k.id, start: a, end: b, change: b - a });
      }
      const losses = changes
        .filter((c) => c.change < 0)
        .sort((x, y) => x.change - y.change || x.keywordId - y.keywordId);
      const gains = changes
        .filter((c) => c.change > 0)
        .sort((x, y) => y.change - x.change || x.keywordId - y.keywordId);
      return {
        key: t.key,
        lost: losses.reduce((sum, c) => sum - c.change, 0),
        gained: gains.reduce((sum, c) => sum + c.change, 0),
        lostKeywords: losses.slice(0, top),
        gainedKeywords: gains.slice(0, top),
      };
    }),
  };
}
