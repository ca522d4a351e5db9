// Property tests of the reference metrics over random small markets (fast-check).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../date-range';
import { RESULT_TYPES, type ResultType } from '../result-types';
import { competitorsLeague } from './competitors';
import { visibilityScoreLost } from './lost-gained';
import { opportunity } from './opportunity';
import { bestPosition, rankRanges, searchVolumeRanges } from './ranges';
import { visibilityByLabel } from './by-label';
import {
  buildRankData,
  pointDates,
  snapshotAt,
  type MetricKeyword,
  type MetricResult,
  type RankData,
} from './rank-data';
import { resultTypeProminence, roundsToZero } from './result-type-prominence';
import { domainTarget, groupTarget } from './targets';
import { domainSummary, keywordScore, visibilityPoint, visibilityScore } from './visibility';

const START = '2024-03-01';
const END = addDays(START, 20);
const HOSTS = ['a.com', 'www.a.com', 'blog.a.com', 'b.com', 'shop.b.com', 'c.org'];
const PATHS = ['/', '/x', '/shop', '/shop/y'];

interface Market {
  data: RankData;
  ids: number[];
}

const result = fc.record({
  position: fc.integer({ min: 1, max: 100 }),
  host: fc.constantFrom(...HOSTS),
  path: fc.constantFrom(...PATHS),
  resultType: fc.constantFrom<ResultType>(...RESULT_TYPES),
});

const snapshot = fc.record({
  day: fc.integer({ min: 0, max: 20 }),
  results: fc.uniqueArray(result, { maxLength: 8, selector: (r) => r.position }),
});

const keyword = fc.record({
  sv: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
  tags: fc.subarray(['t1', 't2', 't3']),
  snapshots: fc.uniqueArray(snapshot, { maxLength: 4, selector: (s) => s.day }),
});

const market: fc.Arbitrary<Market> = fc.array(keyword, { minLength: 1, maxLength: 5 }).map((kws) => {
  const keywords: MetricKeyword[] = kws.map((k, i) => ({ id: i + 1, sv: k.sv, tags: k.tags }));
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
  return { data: buildRankData(keywords, results), ids: keywords.map((k) => k.id) };
});

const day = fc.integer({ min: 0, max: 22 }).map((n) => addDays(START, n));

const A = domainTarget('a.com');
const WWW = domainTarget('www.a.com');
const SHOP = domainTarget('www.a.com/shop');
const B = domainTarget('b.com');
const C = domainTarget('c.org');
const approx = (a: number, b: number) =>
  expect(Math.abs(a - b)).toBeLessThan(1e-7 * Math.max(1, Math.abs(b)));

describe('metric properties', () => {
  it('VS, visibility and share are never negative; share is at most 100', () => {
    fc.assert(
      fc.property(market, day, fc.boolean(), ({ data, ids }, d, whole) => {
        const p = visibilityPoint(data, [A, WWW, SHOP, B, C], ids, d, { useWholeMarket: whole });
        for (const v of p.byTarget.values()) {
          expect(v.visibilityScore).toBeGreaterThanOrEqual(0);
          expect(v.visibility).toBeGreaterThanOrEqual(0);
          expect(v.share).toBeGreaterThanOrEqual(0);
          expect(v.share).toBeLessThanOrEqual(100 + 1e-9);
        }
      }),
    );
  });

  it('share sums to 100 over the selected set (0 everywhere when nobody is visible)', () => {
    fc.assert(
      fc.property(
        market,
        day,
        fc.subarray([A, WWW, SHOP, B, C], { minLength: 1 }),
        ({ data, ids }, d, ts) => {
          const p = visibilityPoint(data, ts, ids, d);
          const vs = [...p.byTarget.values()];
          const shares = vs.reduce((s, v) => s + v.share, 0);
          if (vs.some((v) => v.visibilityScore > 0)) approx(shares, 100);
          else expect(shares).toBe(0);
        },
      ),
    );
  });

  it('with the whole market, disjoint targets covering every host sum to 100', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        const p = visibilityPoint(data, [A, B, C], ids, d, { useWholeMarket: true });
        const shares = [...p.byTarget.values()].reduce((s, v) => s + v.share, 0);
        if (p.marketVisibilityScore > 0) approx(shares, 100);
      }),
    );
  });

  it('VS is the sum of keyword scores', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        for (const t of [A, SHOP]) {
          approx(
            visibilityScore(data, t, ids, d),
            ids.reduce((s, id) => s + keywordScore(data, t, id, d), 0),
          );
        }
      }),
    );
  });

  it('a domain group counts a result once', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        const vs = (t: Parameters<typeof visibilityScore>[1]) => visibilityScore(data, t, ids, d);
        // www.a.com and www.a.com/shop lie inside a.com: the union is a.com, not a sum
        approx(vs(groupTarget('g', ['a.com', 'www.a.com', 'www.a.com/shop'])), vs(A));
        // disjoint members add up
        approx(vs(groupTarget('g', ['www.a.com', 'b.com'])), vs(WWW) + vs(B));
      }),
    );
  });

  it('visibility is 100 % iff the target is at position 1 on every measured keyword with volume', () => {
    // x.com holds at most one result per snapshot, so only position 1 everywhere reaches ctr(1)
    const own = fc.array(
      fc.record({
        sv: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
        dates: fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 3 }),
        position: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(own, day, (kws, d) => {
        const keywords = kws.map((k, i) => ({ id: i + 1, sv: k.sv }));
        const results = kws.flatMap((k, i) =>
          k.dates.map((n) => ({
            keywordId: i + 1,
            date: addDays(START, n),
            position: k.position,
            resultType: 'organic' as const,
            url: 'https://x.com/',
          })),
        );
        const data = buildRankData(keywords, results);
        const ids = keywords.map((k) => k.id);
        const x = domainTarget('x.com');
        const p = visibilityPoint(data, [x], ids, d);
        if (p.maxVisibilityScore === 0) return;
        // every snapshot holds x.com, so a measured keyword is one where x.com has a best position
        const measuredWithVolume = ids.filter((id) => {
          const k = data.keywords.get(id)!;
          return k.sv !== null && k.sv > 0 && bestPosition(data, x, id, d) !== null;
        });
        const atOne = measuredWithVolume.every((id) => bestPosition(data, x, id, d) === 1);
        expect(Math.abs(p.byTarget.get('x.com')!.visibility - 100) < 1e-9).toBe(atOne);
      }),
    );
  });

  it('the domain summary ends at the last point and deltas are last − first', () => {
    fc.assert(
      fc.property(market, ({ data, ids }) => {
        const s = domainSummary(data, [A, B], ids, { start: START, end: END });
        expect(s.dates).toEqual(pointDates(data, ids, START, END));
        for (const t of s.targets) {
          const first = t.series[0]?.visibilityScore ?? 0;
          const last = t.series[t.series.length - 1]?.visibilityScore ?? 0;
          expect(t.visibilityScore).toBe(last);
          approx(t.visibilityScoreDeltas.delta, last - first);
          expect(t.visibilityScoreDeltas.percentageDelta === null).toBe(first === 0);
        }
      }),
    );
  });

  it('lost − gained = VS at start − VS at end', () => {
    fc.assert(
      fc.property(market, ({ data, ids }) => {
        const impact = visibilityScoreLost(data, [A, SHOP], ids, { start: START, end: END }, { top: 100 });
        impact.targets.forEach((c, i) => {
          const t = [A, SHOP][i]!;
          const at = (d: string | null) => (d === null ? 0 : visibilityScore(data, t, ids, d));
          approx(c.lost - c.gained, at(impact.start) - at(impact.end));
          expect(c.lost).toBeGreaterThanOrEqual(0);
          expect(c.gained).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  it('result-type shares: kept types show above 0.0 % and sum to 100 less what was dropped', () => {
    fc.assert(
      fc.property(market, ({ data, ids }) => {
        for (const p of resultTypeProminence(data, [A, B], ids, { start: START, end: END })) {
          for (const split of [p.total, ...p.points.map((x) => x.types)]) {
            expect(split.some((t) => (t.resultType as string) === 'brand')).toBe(false);
            for (const t of split) expect(roundsToZero(t.share)).toBe(false);
            const sum = split.reduce((s, t) => s + t.share, 0);
            if (split.length > 0) {
              expect(sum).toBeLessThanOrEqual(100 + 1e-9);
              expect(sum).toBeGreaterThan(100 - 0.05 * 12);
            }
          }
        }
      }),
    );
  });

  it('competitors league: ranks 1…n by VS descending, shares sum to 100', () => {
    fc.assert(
      fc.property(market, ({ data, ids }) => {
        const { rows } = competitorsLeague(data, ids, { start: START, end: END });
        expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
        for (let i = 1; i < rows.length; i += 1) {
          expect(rows[i]!.visibilityScore).toBeLessThanOrEqual(rows[i - 1]!.visibilityScore);
        }
        if (rows.length > 0)
          approx(
            rows.reduce((s, r) => s + r.share, 0),
            100,
          );
      }),
    );
  });

  it('rank ranges count each keyword with a best position once; opportunity is never negative and its keywords add up', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        const ranges = rankRanges(data, A, ids, d);
        const ranked = ids.filter((id) => bestPosition(data, A, id, d) !== null).length;
        expect(Object.values(ranges).reduce((s, n) => s + n, 0)).toBe(ranked);
        for (const o of opportunity(data, A, ids, d)) {
          expect(o.opportunity).toBeGreaterThanOrEqual(0);
          // The keywords behind a URL account for all of its opportunity, each once, ranked 4–20.
          expect(o.behind).toHaveLength(o.keywords);
          expect(new Set(o.behind.map((b) => b.keywordId)).size).toBe(o.keywords);
          expect(o.behind.reduce((sum, b) => sum + b.gain, 0)).toBeCloseTo(o.opportunity, 9);
          for (const b of o.behind) expect(b.position >= 4 && b.position <= 20).toBe(true);
        }
      }),
    );
  });

  it('search-volume ranges partition the keyword set and each target’s VS', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        const ranges = searchVolumeRanges(data, [A, B], ids, d);
        expect(ranges.reduce((n, r) => n + r.keywords, 0)).toBe(ids.length);
        for (const t of [A, B]) {
          const vs = ranges.reduce((sum, r) => sum + r.byTarget.get(t.key)!.visibilityScore, 0);
          approx(vs, visibilityScore(data, t, ids, d));
        }
      }),
    );
  });

  it('visibility by tag equals the visibility over the keywords carrying the tag', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        for (const row of visibilityByLabel(data, [A, B], ids, 'tags', d)) {
          const tagged = ids.filter((id) => data.keywords.get(id)!.tags!.includes(row.label));
          expect(row.keywords).toBe(tagged.length);
          approx(row.byTarget.get('a.com')!.visibilityScore, visibilityScore(data, A, tagged, d));
        }
      }),
    );
  });

  it('best position is the smallest matching position of the snapshot used', () => {
    fc.assert(
      fc.property(market, day, ({ data, ids }, d) => {
        for (const id of ids) {
          const s = snapshotAt(data, id, d);
          const positions = (s?.results ?? []).filter((r) => r.domain === 'a.com').map((r) => r.position);
          expect(bestPosition(data, A, id, d)).toBe(positions.length > 0 ? Math.min(...positions) : null);
        }
      }),
    );
  });
});
