// The explorer metrics against the reference ones (property test over random small markets): built from
// only the host's own results and the snapshots of its keywords, the host's VS, visibility, rank ranges and
// result-type split equal those the reference computes on the whole market.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../date-range';
import { RESULT_TYPES, type ResultType } from '../result-types';
import { DEFAULT_CTR_MODEL } from './ctr-model';
import { explorerData, explorerRankRanges, explorerSeries, explorerTypeProminence } from './explorer';
import { rankRanges } from './ranges';
import { buildRankData, pointDates, type MetricKeyword, type MetricResult } from './rank-data';
import { resultTypeProminence } from './result-type-prominence';
import { domainTarget, matchesTarget } from './targets';
import { visibilityPoint } from './visibility';
import { parseUrlParts } from '../host-match';

const START = '2024-03-01';
const HOSTS = ['a.com', 'www.a.com', 'blog.a.com', 'b.com'];
const PATHS = ['/', '/x', '/shop', '/shop/y', '/shopping'];

const market = fc
  .array(
    fc.record({
      sv: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      snapshots: fc.uniqueArray(
        fc.record({
          day: fc.integer({ min: 0, max: 20 }),
          results: fc.uniqueArray(
            fc.record({
              position: fc.integer({ min: 1, max: 100 }),
              host: fc.constantFrom(...HOSTS),
              path: fc.constantFrom(...PATHS),
              resultType: fc.constantFrom<ResultType>(...RESULT_TYPES),
            }),
            { minLength: 1, maxLength: 6, selector: (r) => r.position },
          ),
        }),
        { maxLength: 4, selector: (s) => s.day },
      ),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((kws) => {
    const keywords: MetricKeyword[] = kws.map((k, i) => ({ id: i + 1, sv: k.sv, text: `k${i + 1}` }));
    const results: MetricResult[] = kws.flatMap((k, i) =>
      k.snapshots.flatMap((s) =>
        s.results.map((r) => ({
          keywordId: i + 1,
          date: addDays(START, s.day),
          position: r.position,
          resultType: r.resultType,
          url: `https://${r.host}${r.path}`,
        })),
      ),
    );
    return { keywords, results };
  });

const TARGETS = ['a.com', 'www.a.com', 'www.a.com/shop', 'b.com'].map(domainTarget);

describe('explorer metrics', () => {
  it('equal the reference metrics on the whole market', () => {
    fc.assert(
      fc.property(market, fc.constantFrom(...TARGETS), ({ keywords, results }, target) => {
        const full = buildRankData(keywords, results);
        const ids = keywords.map((k) => k.id);
        const mine = results.filter((r) => matchesTarget(target, parseUrlParts(r.url)!));
        const hostKeywords = new Set(mine.map((r) => r.keywordId));
        const snaps = results
          .filter((r) => hostKeywords.has(r.keywordId))
          .map((r) => ({ keywordId: r.keywordId, date: r.date }));
        const data = explorerData(
          keywords.filter((k) => hostKeywords.has(k.id)),
          snaps,
          mine,
        );
        const points = pointDates(full, ids, START, addDays(START, 20));
        const measured = points.map((d) => {
          const p = visibilityPoint(full, [], ids, d);
          return {
            date: d,
            keywords: p.keywords,
            searchVolume: p.maxVisibilityScore / DEFAULT_CTR_MODEL.values[0]!,
          };
        });
        const series = explorerSeries(data, target, measured, DEFAULT_CTR_MODEL);
        points.forEach((d, i) => {
          const want = visibilityPoint(full, [target], ids, d).byTarget.get(target.key)!;
          expect(series.series[i]!.visibilityScore).toBeCloseTo(want.visibilityScore, 6);
          expect(series.series[i]!.visibility).toBeCloseTo(want.visibility, 6);
        });
        for (const d of points) {
          const want = rankRanges(full, target, ids, d);
          expect(
            Object.fromEntries(explorerRankRanges(data, target, d).map((r) => [r.key, r.keywords])),
          ).toEqual(want);
        }
        const split = explorerTypeProminence(data, target, points, DEFAULT_CTR_MODEL);
        const ref = resultTypeProminence(full, [target], ids, { start: START, end: addDays(START, 20) })[0]!;
        expect(split.total.map((t) => t.resultType)).toEqual(ref.total.map((t) => t.resultType));
        split.total.forEach((t, i) =>
          expect(t.visibilityScore).toBeCloseTo(ref.total[i]!.visibilityScore, 6),
        );
      }),
      { numRuns: 300 },
    );
  });
});
