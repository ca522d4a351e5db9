import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  existingContentClusters,
  newContentClusters,
  pageOf,
  topicalCompetitors,
  type ClusterMember,
  type ClusterOfKeywords,
} from './cluster-content';

const m = (id: number, text: string, sv: number | null): ClusterMember => ({ id, text, sv });
const cluster = (...members: ClusterMember[]): ClusterOfKeywords => ({
  hub: members[0]!,
  members,
  searchVolume: members.reduce((s, k) => s + (k.sv ?? 0), 0),
});

// Four clusters: the host is best at 5 in A, at 2 in B, at 31 in C, absent from D.
const A = cluster(m(1, 'cheap flights', 1000), m(2, 'flights cheap', 200));
const B = cluster(m(3, 'hotels', 5000));
const C = cluster(m(4, 'car hire', 800), m(5, 'hire car', null));
const D = cluster(m(6, 'ferries', 1200), m(7, 'ferry', 300));
const E = cluster(m(8, 'trains', 1500));

describe('existing content clusters', () => {
  const best = new Map([
    [1, { position: 7, url: 'https://me.com/a' }],
    [2, { position: 5, url: 'https://me.com/b' }],
    [3, { position: 2, url: 'https://me.com/h' }],
    [4, { position: 31, url: 'https://me.com/c' }],
  ]);
  const scoreNow = new Map([
    [1, 1000 * 0.04],
    [2, 200 * 0.072],
  ]);
  const scoreThen = new Map([[1, 1000 * 0.025]]);

  it('keeps clusters whose best position is 4–30, with best URL, VS and deltas (hand-checked)', () => {
    const got = existingContentClusters([A, B, C, D], { best, scoreNow, scoreThen });
    expect(got).toHaveLength(1);
    const a = got[0]!;
    expect(a).toMatchObject({ hub: 'cheap flights', searchVolume: 1200, bestPosition: 5 });
    expect(a.url).toBe('https://me.com/b');
    expect(a.visibilityScore).toBeCloseTo(40 + 14.4, 9);
    expect(a.visibilityScoreDeltas.delta).toBeCloseTo(54.4 - 25, 9);
    expect(a.visibilityScoreDeltas.percentageDelta).toBeCloseTo(((54.4 - 25) / 25) * 100, 9);
    expect(a.keywords).toEqual([
      { keyword: 'cheap flights', searchVolume: 1000, position: 7, url: 'https://me.com/a' },
      { keyword: 'flights cheap', searchVolume: 200, position: 5, url: 'https://me.com/b' },
    ]);
  });

  it('takes 4 and 30 in, 3 and 31 out, and a null percentage when nothing was there before', () => {
    const edge = (p: number) =>
      existingContentClusters([C], {
        best: new Map([[5, { position: p, url: 'u' }]]),
        scoreNow: new Map(),
        scoreThen: new Map(),
      }).length;
    expect([3, 4, 30, 31].map(edge)).toEqual([0, 1, 1, 0]);
    const [c] = existingContentClusters([C], {
      best: new Map([[5, { position: 4, url: 'u' }]]),
      scoreNow: new Map(),
      scoreThen: new Map(),
    });
    expect(c!.visibilityScoreDeltas).toEqual({ delta: 0, percentageDelta: null });
  });
});

describe('new content clusters', () => {
  it('keeps clusters without the host where a competitor is top 10, competitors by best position', () => {
    const got = newContentClusters([A, D, E], {
      hostRanked: new Set([2]),
      competitorBest: new Map([
        [
          'rival.com',
          new Map([
            [6, 3],
            [7, 1],
            [1, 1],
          ]),
        ],
        [
          'other.com',
          new Map([
            [7, 1],
            [8, 11],
          ]),
        ],
        ['far.com', new Map([[6, 40]])],
      ]),
    });
    expect(got).toEqual([
      {
        hub: 'ferries',
        keywords: [
          { keyword: 'ferries', searchVolume: 1200 },
          { keyword: 'ferry', searchVolume: 300 },
        ],
        searchVolume: 1500,
        competitors: [
          { domain: 'other.com', bestPosition: 1 },
          { domain: 'rival.com', bestPosition: 1 },
        ],
      },
    ]);
  });

  it('sorts by volume descending then hub text, and pages', () => {
    const clusters = [cluster(m(1, 'b', 10)), cluster(m(2, 'a', 10)), cluster(m(3, 'c', 20))];
    const got = newContentClusters(clusters, {
      hostRanked: new Set(),
      competitorBest: new Map([
        [
          'x.com',
          new Map([
            [1, 10],
            [2, 10],
            [3, 10],
          ]),
        ],
      ]),
    });
    expect(got.map((c) => c.hub)).toEqual(['c', 'a', 'b']);
    expect(pageOf(got, 2, 2)).toMatchObject({ total: 3, page: 2, limit: 2, items: [{ hub: 'b' }] });
  });

  it('never lists a cluster the host ranks in, nor one without a competitor in the top 10', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 100 })), {
          maxLength: 20,
        }),
        (ranked, comp) => {
          const clusters = [1, 4, 7, 10].map((i) =>
            cluster(m(i, `k${i}`, i), m(i + 1, `k${i + 1}`, 1), m(i + 2, `k${i + 2}`, null)),
          );
          const positions = new Map<number, number>();
          for (const [k, p] of comp) positions.set(k, Math.min(p, positions.get(k) ?? p));
          const got = newContentClusters(clusters, {
            hostRanked: new Set(ranked),
            competitorBest: new Map([['c.com', positions]]),
          });
          for (const c of clusters) {
            const listed = got.some((g) => g.hub === c.hub.text);
            const hostIn = c.members.some((k) => ranked.includes(k.id));
            const top = c.members.some((k) => (positions.get(k.id) ?? 101) <= 10);
            expect(listed).toBe(!hostIn && top);
          }
        },
      ),
    );
  });
});

describe('topicalCompetitors', () => {
  const host = new Set([1, 2, 3, 4]);
  const best = new Map<string, Map<number, number>>([
    // A travel rival: three of its four keywords are the host's.
    [
      'rival.com',
      new Map([
        [1, 2],
        [2, 5],
        [3, 9],
        [90, 4],
      ]),
    ],
    // A reference site on every subject: one of ten.
    ['wiki.org', new Map([[1, 1], ...Array.from({ length: 9 }, (_, i) => [100 + i, 3] as [number, number])])],
    // Ranks on the host's keywords, but only beyond the second page.
    [
      'deep.net',
      new Map([
        [1, 40],
        [2, 50],
      ]),
    ],
    [
      'other.com',
      new Map([
        [2, 3],
        [4, 7],
      ]),
    ],
  ]);
  const league = ['wiki.org', 'rival.com', 'deep.net', 'other.com'];

  it('keeps topical domains in league order, up to the limit, saying why the others are left out', () => {
    const out = topicalCompetitors(league, host, best, { limit: 1 });
    expect(out.map((c) => [c.domain, c.leftOut, c.keywords])).toEqual([
      ['wiki.org', 'not topical', 10],
      ['rival.com', null, 4],
      ['deep.net', 'not topical', 0],
      ['other.com', 'beyond the limit', 2],
    ]);
    expect(out[1]!.topicalShare).toBe(0.75);
  });

  it('leaves out excluded domains, and uses a chosen list as it is', () => {
    const ex = topicalCompetitors(league, host, best, { limit: 10, excluded: new Set(['rival.com']) });
    expect(ex.filter((c) => c.leftOut === null).map((c) => c.domain)).toEqual(['other.com']);
    const chosen = topicalCompetitors(league, host, best, { limit: 10, chosen: ['wiki.org'] });
    expect(chosen.filter((c) => c.leftOut === null).map((c) => c.domain)).toEqual(['wiki.org']);
  });
});
