// The src/core references of the keyword-level planned reads (plan-series.test.ts): the lost-and-gained
// keywords (visibilityScoreLost), a page's keywords' best positions per point (bestPosition) and a page's
// URLs' VS per point (urlScores), in the port's shapes and orders, over a case of plan-series-fixture.ts.
import {
  bestPosition,
  buildRankData,
  pointDates,
  visibilityScoreLost,
  type MetricResult,
} from '@core/metrics';
import { urlScores } from '@core/metrics/explorer';
import { mergedResultType } from '@core/metrics/rank-data';
import type {
  CvChanges,
  CvDated,
  CvWeeklyPosition,
  CvWeeklyUrlScore,
} from '@storage/campaign-visibility-reads';
import { caseData, caseOptions, type MarketData, type random, type SeriesCase } from './plan-series-fixture';

/** A case's random page: some of the market's keyword ids (members or not) and URLs (some unknown). */
export function randomPage(
  r: ReturnType<typeof random>,
  d: MarketData,
): { keywordIds: number[]; urls: string[] } {
  const urls = [...new Set(d.results.map((x) => x.url))];
  return {
    keywordIds: r.some(d.keywords, 0.5).map((k) => k.id),
    urls: [...r.some(urls, 0.4), 'https://a.com/none'],
  };
}

/** visibilityScoreLost of a case with the keywords' texts and volumes, as the port answers it. */
export function referenceKeywordChanges(d: MarketData, c: SeriesCase, top: number): CvChanges {
  const { data, selected } = caseData(d, c);
  const impact = visibilityScoreLost(
    data,
    c.targets,
    selected.map((k) => k.id),
    c.span,
    { ...caseOptions(c), top },
  );
  const byId = new Map(d.keywords.map((k) => [k.id, k]));
  const listed = (ks: { keywordId: number; start: number; end: number }[]) =>
    ks.map((k) => ({
      keywordId: k.keywordId,
      keyword: byId.get(k.keywordId)!.text,
      searchVolume: byId.get(k.keywordId)!.sv,
      start: k.start,
      end: k.end,
    }));
  return {
    start: impact.start,
    end: impact.end,
    targets: impact.targets.map((t, target) => ({
      target,
      lost: t.lost,
      gained: t.gained,
      lostKeywords: listed(t.lostKeywords),
      gainedKeywords: listed(t.gainedKeywords),
    })),
  };
}

/** The page's member keywords' best positions at every point of the case's set, by keyword, date, target. */
export function referenceWeeklyPositions(
  d: MarketData,
  c: SeriesCase,
  keywordIds: readonly number[],
): CvDated<CvWeeklyPosition> {
  const { data, selected } = caseData(d, c);
  const dates = pointDates(
    data,
    selected.map((k) => k.id),
    c.span.start,
    c.span.end,
  );
  const page = selected.filter((k) => keywordIds.includes(k.id)).sort((a, b) => a.id - b.id);
  const rows = page.flatMap((k) =>
    dates.flatMap((date) =>
      c.targets.flatMap((t, target) => {
        const position = bestPosition(data, t, k.id, date, caseOptions(c));
        return position === null ? [] : [{ keywordId: k.id, date, target, position }];
      }),
    ),
  );
  return { dates, rows };
}

/**
 * The page's URLs' VS for the case's first target at every point of its set (urlScores over the counted
 * results of the set's keywords), by URL, then date; a URL without a matching result at a date has no row.
 */
export function referenceWeeklyUrlScores(
  d: MarketData,
  c: SeriesCase,
  urls: readonly string[],
): CvDated<CvWeeklyUrlScore> {
  const { data, selected } = caseData(d, c);
  const ids = new Set(selected.map((k) => k.id));
  const counted = new Set(c.scope.resultTypes.map(mergedResultType));
  const countedData = buildRankData(
    selected,
    d.results
      .filter(
        (x) => ids.has(x.keywordId) && (counted.size === 0 || counted.has(mergedResultType(x.resultType))),
      )
      .map((x): MetricResult => ({ ...x })),
  );
  const dates = pointDates(data, [...ids], c.span.start, c.span.end);
  const ctr = caseOptions(c).ctr;
  const byDate = dates.map((date) => [date, urlScores(countedData, c.targets[0]!, date, ctr)] as const);
  const rows = [...new Set(urls)]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap((url) =>
      byDate.flatMap(([date, scores]) => {
        const s = scores.get(url);
        return s === undefined ? [] : [{ url, date, visibilityScore: s.visibilityScore }];
      }),
    );
  return { dates, rows };
}
