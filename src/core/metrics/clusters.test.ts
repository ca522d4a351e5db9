import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Clusterer,
  clusterKeywords,
  clusterOrder,
  type ClusterKeyword,
  type KeywordCluster,
} from './clusters';

/** The O(n²) reference: every hub compared with every remaining keyword, URL sets intersected directly. */
function bruteForce(keywords: readonly ClusterKeyword[], minShared: number): KeywordCluster[] {
  const sorted = [...keywords].sort(clusterOrder);
  const done = new Set<number>();
  const out: KeywordCluster[] = [];
  sorted.forEach((hub, i) => {
    if (done.has(i)) return;
    done.add(i);
    const mine = new Set(hub.urls);
    const members = [hub.id];
    sorted.forEach((k, j) => {
      if (done.has(j)) return;
      const shared = new Set(k.urls.filter((u) => mine.has(u))).size;
      if (shared >= minShared) {
        done.add(j);
        members.push(k.id);
      }
    });
    out.push({ hub: hub.id, members });
  });
  return out;
}

const kw = (id: number, text: string, sv: number | null, urls: string[]): ClusterKeyword => ({
  id,
  text,
  sv,
  urls,
});

describe('keyword clusters', () => {
  it('builds soft clusters around the highest-volume keyword (hand-checked)', () => {
    const keywords = [
      kw(1, 'cheap flights', 5000, ['a', 'b', 'c', 'd']),
      kw(2, 'flights cheap', 800, ['a', 'b', 'c', 'x']), // shares a, b, c with 1: joins 1
      kw(3, 'budget flights', 900, ['b', 'c', 'd', 'y']), // shares b, c, d with 1: joins 1
      kw(4, 'flight deals', 100, ['x', 'y', 'c', 'z']), // shares only c with 1; x, y, c with 2 and 3,
      // but soft clustering compares with the hub only, so it starts its own cluster
      kw(5, 'hotels', null, ['h1', 'h2', 'h3']),
      kw(6, 'hotel', 40, ['h1', 'h2', 'h3', 'a']), // known volume sorts before unknown: 6 is the hub
    ];
    expect(clusterKeywords(keywords)).toEqual([
      { hub: 1, members: [1, 3, 2] },
      { hub: 4, members: [4] },
      { hub: 6, members: [6, 5] },
    ]);
    expect(clusterKeywords(keywords, 2)).toEqual([
      { hub: 1, members: [1, 3, 2] },
      { hub: 4, members: [4] },
      { hub: 6, members: [6, 5] },
    ]);
    expect(clusterKeywords(keywords, 1).map((c) => c.members)).toEqual([[1, 3, 2, 4, 6], [5]]);
  });

  it('counts a URL repeated in one keyword once, and breaks volume ties by text then id', () => {
    const keywords = [
      kw(9, 'b', 10, ['u', 'u', 'u', 'v']),
      kw(8, 'a', 10, ['u', 'v', 'w']),
      kw(7, 'a', 10, ['w', 'q', 'r']),
    ];
    expect(clusterKeywords(keywords)).toEqual([
      { hub: 7, members: [7] },
      { hub: 8, members: [8] },
      { hub: 9, members: [9] },
    ]);
    expect(clusterKeywords(keywords, 2)).toEqual([
      { hub: 7, members: [7] },
      { hub: 8, members: [8, 9] },
    ]);
  });

  it('refuses a threshold that is not a positive integer', () => {
    expect(() => clusterKeywords([], 0)).toThrow(/positive integer/);
    expect(() => clusterKeywords([], 2.5)).toThrow(/positive integer/);
  });

  it('equals the brute-force O(n²) reference and puts every keyword in exactly one cluster', () => {
    const input = fc
      .uniqueArray(
        fc.record({
          id: fc.integer({ min: 1, max: 10_000 }),
          text: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
          sv: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
          urls: fc.array(fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8'), {
            maxLength: 10,
          }),
        }),
        { selector: (k) => k.id, maxLength: 40 },
      )
      .map((ks) => ks as ClusterKeyword[]);
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 4 }), (keywords, minShared) => {
        const got = clusterKeywords(keywords, minShared);
        expect(got).toEqual(bruteForce(keywords, minShared));
        const ids = got.flatMap((c) => c.members);
        expect(ids.sort((a, b) => a - b)).toEqual(keywords.map((k) => k.id).sort((a, b) => a - b));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same clusters when run in steps of any size, reporting progress up to 1', () => {
    const input = fc
      .uniqueArray(
        fc.record({
          id: fc.integer({ min: 1, max: 10_000 }),
          text: fc.constantFrom('a', 'b', 'c'),
          sv: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
          urls: fc.array(fc.constantFrom('u1', 'u2', 'u3', 'u4', 'u5', 'u6'), { maxLength: 10 }),
        }),
        { selector: (k) => k.id, maxLength: 40 },
      )
      .map((ks) => ks as ClusterKeyword[]);
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 3 }), (keywords, n, m) => {
        const c = new Clusterer(keywords, m);
        const seen: number[] = [];
        while (!c.finished) seen.push(c.step(n));
        expect(c.done).toBe(2 * keywords.length);
        expect(c.clusters()).toEqual(clusterKeywords(keywords, m));
        expect(seen).toEqual([...seen].sort((a, b) => a - b));
        if (seen.length > 0) expect(seen[seen.length - 1]).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('steps through a hand-checked run: the URLs interned, then after the first hub one cluster of three', () => {
    const c = new Clusterer([
      kw(1, 'cheap flights', 5000, ['a', 'b', 'c', 'd']),
      kw(2, 'flights cheap', 800, ['a', 'b', 'c', 'x']),
      kw(3, 'budget flights', 900, ['b', 'c', 'd', 'y']),
      kw(4, 'flight deals', 100, ['x', 'y', 'c', 'z']),
    ]);
    // Eight units: four keywords interned, then four gone through as possible hubs.
    expect(c.total).toBe(8);
    expect(c.step(4)).toBe(0.5);
    expect(c.clusters()).toEqual([]);
    expect(c.step(1)).toBe(0.625);
    expect(c.clusters()).toEqual([{ hub: 1, members: [1, 3, 2] }]);
    expect(c.step(10)).toBe(1);
    expect(c.finished).toBe(true);
    expect(c.clusters()).toEqual([
      { hub: 1, members: [1, 3, 2] },
      { hub: 4, members: [4] },
    ]);
  });
});
