// Property test of the one-to-one comparison over random small markets (fast-check): each host's side is
// built as the service loads it (explorerData over the keywords it ranks for), and the groups and scores
// are checked against a brute-force reference that reads the raw results directly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../date-range';
import { DEFAULT_CTR_MODEL, ctrAt } from './ctr-model';
import { explorerData } from './explorer';
import { compareHosts, groupCounts, groupsOf, ONE_TO_ONE_GROUPS, type OneToOneGroup } from './one-to-one';
import type { MetricKeyword, MetricResult } from './rank-data';
import { domainTarget } from './targets';

const START = '2024-03-01';
const END = addDays(START, 14);
const HOSTS = ['a.com', 'www.a.com', 'b.com', 'shop.b.com', 'c.org'];

const snapshot = fc.record({
  day: fc.integer({ min: 0, max: 14 }),
  results: fc.uniqueArray(
    fc.record({ position: fc.integer({ min: 1, max: 100 }), host: fc.constantFrom(...HOSTS) }),
    { maxLength: 6, selector: (r) => r.position },
  ),
});
const keyword = fc.record({
  sv: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  snapshots: fc.uniqueArray(snapshot, { maxLength: 4, selector: (s) => s.day }),
});

interface Market {
  keywords: MetricKeyword[];
  results: MetricResult[];
  snapshots: { keywordId: number; date: string }[];
}

const market: fc.Arbitrary<Market> = fc.array(keyword, { minLength: 1, maxLength: 8 }).map((kws) => ({
  keywords: kws.map((k, i) => ({ id: i + 1, sv: k.sv, text: `k${i + 1}` })),
  snapshots: kws.flatMap((k, i) =>
    k.snapshots.map((s) => ({ keywordId: i + 1, date: addDays(START, s.day) })),
  ),
  results: kws.flatMap((k, i) =>
    k.snapshots.flatMap((s) =>
      s.results.map((r) => ({
        keywordId: i + 1,
        date: addDays(START, s.day),
        position: r.position,
        resultType: 'organic' as const,
        url: `https://${r.host}/p${r.position}`,
      })),
    ),
  ),
}));

const isOf = (domain: string) => (url: string) => {
  const host = new URL(url).host;
  return host === domain || host.endsWith(`.${domain}`);
};

/** The host's side as the service builds it: only its results, every snapshot of the keywords it ranks for. */
function side(m: Market, domain: string) {
  const mine = m.results.filter((r) => isOf(domain)(r.url));
  const ids = new Set(mine.map((r) => r.keywordId));
  return {
    data: explorerData(
      m.keywords.filter((k) => ids.has(k.id)),
      m.snapshots,
      mine,
    ),
    target: domainTarget(domain),
  };
}

/** Brute force: the keyword's latest snapshot on or before d, at most 6 days old, read from the raw rows. */
function bruteSnapshot(m: Market, keywordId: number, d: string): MetricResult[] | null {
  const dates = m.snapshots
    .filter((s) => s.keywordId === keywordId && s.date <= d && s.date >= addDays(d, -6))
    .map((s) => s.date)
    .sort();
  const date = dates.at(-1);
  return date === undefined ? null : m.results.filter((r) => r.keywordId === keywordId && r.date === date);
}

function bruteBest(m: Market, keywordId: number, d: string, domain: string): number | null {
  const positions = (bruteSnapshot(m, keywordId, d) ?? [])
    .filter((r) => isOf(domain)(r.url))
    .map((r) => r.position);
  return positions.length === 0 ? null : Math.min(...positions);
}

function bruteScore(m: Market, keywordId: number, d: string, domain: string): number {
  const sv = m.keywords.find((k) => k.id === keywordId)!.sv;
  if (sv === null) return 0;
  const rows = (bruteSnapshot(m, keywordId, d) ?? []).filter((r) => isOf(domain)(r.url));
  return sv * rows.reduce((s, r) => s + ctrAt(DEFAULT_CTR_MODEL, r.position), 0);
}

describe('one-to-one comparison (property)', () => {
  it('partitions the union into shared / only A / only B and counts like a brute-force reference', () => {
    fc.assert(
      fc.property(market, (m) => {
        const rows = compareHosts(side(m, 'a.com'), side(m, 'b.com'), START, END, DEFAULT_CTR_MODEL);
        const expected = Object.fromEntries(ONE_TO_ONE_GROUPS.map((g) => [g, 0])) as Record<
          OneToOneGroup,
          number
        >;
        const union: number[] = [];
        for (const k of m.keywords) {
          const pa = bruteBest(m, k.id, END, 'a.com');
          const pb = bruteBest(m, k.id, END, 'b.com');
          if (pa === null && pb === null) continue;
          union.push(k.id);
          if (pa !== null && pb !== null) {
            expected.shared += 1;
            if (pa < pb) expected.aAhead += 1;
            if (pb < pa) expected.bAhead += 1;
          } else if (pa !== null) expected.onlyA += 1;
          else expected.onlyB += 1;
        }
        expect(rows.map((r) => r.keywordId)).toEqual(union);
        expect(groupCounts(rows)).toEqual(expected);
        for (const row of rows) {
          const g = groupsOf(row);
          // Exactly one of the three partition groups; ahead groups only within shared, never both.
          expect(g.filter((x) => x === 'shared' || x === 'onlyA' || x === 'onlyB')).toHaveLength(1);
          expect(g.includes('aAhead') && g.includes('bAhead')).toBe(false);
          if (g.includes('aAhead') || g.includes('bAhead')) expect(g).toContain('shared');
          for (const [cell, domain] of [
            [row.a, 'a.com'],
            [row.b, 'b.com'],
          ] as const) {
            expect(cell.position).toBe(bruteBest(m, row.keywordId, END, domain));
            expect(cell.positionStart).toBe(bruteBest(m, row.keywordId, START, domain));
            expect(cell.score).toBeCloseTo(bruteScore(m, row.keywordId, END, domain), 9);
            const start = bruteScore(m, row.keywordId, START, domain);
            expect(cell.scoreDeltas.delta).toBeCloseTo(cell.score - start, 9);
          }
        }
        expect(expected.onlyA + expected.onlyB + expected.shared).toBe(union.length);
      }),
      { numRuns: 300 },
    );
  });
});
