// Property tests of the market-share metrics over random small markets (fast-check): shares of every host
// sum to 100, and series, league and matrix equal a brute-force reference computed from the raw SERP rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ctr } from '../ctr';
import { addDays } from '../date-range';
import { parseUrlParts } from '../host-match';
import {
  marketRanks,
  marketScores,
  shareLeague,
  shareMatrix,
  shareSeries,
  type SetScores,
} from './market-share';
import { buildRankData, type MetricKeyword, type MetricResult } from './rank-data';

const START = '2024-03-01';
const HOSTS = ['a.com', 'www.a.com', 'blog.a.com', 'b.com', 'shop.b.com', 'c.org', 'd.co.uk'];

interface Raw {
  keywords: MetricKeyword[];
  results: MetricResult[];
}

const raw: fc.Arbitrary<Raw> = fc
  .array(
    fc.record({
      sv: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      tags: fc.subarray(['t1', 't2']),
      snapshots: fc.uniqueArray(
        fc.record({
          day: fc.integer({ min: 0, max: 20 }),
          results: fc.uniqueArray(
            fc.record({ position: fc.integer({ min: 1, max: 100 }), host: fc.constantFrom(...HOSTS) }),
            { maxLength: 6, selector: (r) => r.position },
          ),
        }),
        { maxLength: 4, selector: (s) => s.day },
      ),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((kws) => ({
    keywords: kws.map((k, i) => ({ id: i + 1, sv: k.sv, tags: k.tags })),
    results: kws.flatMap((k, i) =>
      k.snapshots.flatMap((s) =>
        s.results.map((r): MetricResult => ({
          keywordId: i + 1,
          date: addDays(START, s.day),
          position: r.position,
          resultType: 'organic',
          url: `https://${r.host}/p`,
        })),
      ),
    ),
  }));

/** Brute force: each keyword's latest snapshot in [d − 6, d] found by scanning every raw row. */
function bruteScores(r: Raw, keywordIds: readonly number[], d: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of r.keywords) {
    if (!keywordIds.includes(k.id) || k.sv === null) continue;
    let used: string | null = null;
    for (const x of r.results) {
      if (
        x.keywordId === k.id &&
        x.date <= d &&
        x.date >= addDays(d, -6) &&
        (used === null || x.date > used)
      ) {
        used = x.date;
      }
    }
    for (const x of r.results) {
      if (x.keywordId !== k.id || x.date !== used) continue;
      const domain = parseUrlParts(x.url)!.domain;
      out.set(domain, (out.get(domain) ?? 0) + k.sv * ctr(x.position));
    }
  }
  return out;
}

const approx = (a: number, b: number) =>
  expect(Math.abs(a - b)).toBeLessThan(1e-7 * Math.max(1, Math.abs(b)));

const points = fc
  .uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: 1, maxLength: 4 })
  .map((ns) => ns.sort((a, b) => a - b).map((n) => addDays(START, n)));

describe('market share properties', () => {
  it('shares of every host sum to 100 at each point with visibility, 0 without', () => {
    fc.assert(
      fc.property(raw, points, (r, ps) => {
        const ids = r.keywords.map((k) => k.id);
        const m = marketScores(buildRankData(r.keywords, r.results), ids, ps);
        const all = [...new Set(m.scores.map((s) => s.domain))];
        const series = shareSeries(m, all);
        ps.forEach((_, i) => {
          const sum = series.reduce((s, x) => s + x.shares[i]!, 0);
          if (m.totals[i]! > 0) approx(sum, 100);
          else expect(sum).toBe(0);
        });
      }),
    );
  });

  it('series, league and matrix equal the brute-force reference from raw SERP rows', () => {
    fc.assert(
      fc.property(
        raw,
        points,
        fc.subarray(['a.com', 'b.com', 'c.org', 'd.co.uk', 'e.net']),
        (r, ps, hosts) => {
          const ids = r.keywords.map((k) => k.id);
          const m = marketScores(buildRankData(r.keywords, r.results), ids, ps);
          const brute = ps.map((d) => bruteScores(r, ids, d));
          const totals = brute.map((b) => [...b.values()].reduce((s, v) => s + v, 0));
          const series = shareSeries(m, hosts);
          series.forEach((s) =>
            ps.forEach((_, i) => {
              const v = brute[i]!.get(s.host) ?? 0;
              approx(s.visibilityScores[i]!, v);
              approx(s.shares[i]!, totals[i]! > 0 ? (v / totals[i]!) * 100 : 0);
            }),
          );
          const startRanks = marketRanks(brute[0]!);
          const endRanks = marketRanks(brute.at(-1)!);
          const ranks = new Map(
            hosts.map((h) => [h, { start: startRanks.get(h) ?? null, end: endRanks.get(h) ?? null }]),
          );
          const league = shareLeague(series, ranks);
          for (let i = 1; i < league.length; i++) {
            expect(league[i - 1]!.share).toBeGreaterThanOrEqual(league[i]!.share);
          }
          for (const row of league) {
            const s = series.find((x) => x.host === row.host)!;
            approx(row.shareDeltas.delta, s.shares.at(-1)! - s.shares[0]!);
            const rk = ranks.get(row.host)!;
            expect(row.rankChange).toBe(rk.start !== null && rk.end !== null ? rk.start - rk.end : null);
          }
          const end = ps.at(-1)!;
          const sets: SetScores[] = ['t1', 't2'].map((label) => {
            const tagged = r.keywords.filter((k) => k.tags?.includes(label)).map((k) => k.id);
            const scores = bruteScores(r, tagged, end);
            const total = [...scores.values()].reduce((s, v) => s + v, 0);
            return { label, keywords: tagged.length, total, scores };
          });
          const matrix = shareMatrix(sets, hosts);
          matrix.rows.forEach((row) =>
            row.cells.forEach((c, j) => {
              const set = sets[j]!;
              const v = set.scores.get(row.host) ?? 0;
              approx(c.share, set.total > 0 ? (v / set.total) * 100 : 0);
            }),
          );
        },
      ),
    );
  });
});
