import { describe, expect, it } from 'vitest';
import { ALL, D1, D2, DATA, SPAN } from './fixture.test-support';
import { competitorsLeague, domainScores } from './competitors';
import { buildRankData } from './rank-data';

describe('competitors league', () => {
  it('VS per registrable domain (shop.c.co.uk counts for c.co.uk)', () => {
    const d1 = domainScores(DATA, ALL, D1);
    // a.com 458.59, b.com 167, c.co.uk 90.05, d.org 200 × .157 = 31.4
    expect([...d1.keys()].sort()).toEqual(['a.com', 'b.com', 'c.co.uk', 'd.org']);
    expect(d1.get('d.org')).toBeCloseTo(31.4, 9);
  });

  it('ranks by VS at the end date with share, delta and rank change against the start', () => {
    const league = competitorsLeague(DATA, ALL, SPAN);
    expect([league.start, league.end]).toEqual([D1, D2]);
    // D2: b.com 342, a.com 195, c.co.uk 40 (577 in all); D1 ranks: a 1, b 2, c 3, d.org 4
    expect(league.rows.map((r) => [r.domain, r.rank, r.rankChange])).toEqual([
      ['b.com', 1, 1],
      ['a.com', 2, -1],
      ['c.co.uk', 3, 0],
    ]);
    const [b, a, c] = league.rows;
    expect(b!.visibilityScore).toBeCloseTo(342, 9);
    expect(b!.share).toBeCloseTo((342 / 577) * 100, 9);
    // b.com 167 → 342: +175, +104.79 %
    expect(b!.visibilityScoreDeltas.delta).toBeCloseTo(175, 9);
    expect(b!.visibilityScoreDeltas.percentageDelta!).toBeCloseTo((175 / 167) * 100, 9);
    expect(a!.visibilityScoreDeltas.delta).toBeCloseTo(-263.59, 9);
    // c.co.uk 90.05 → 40
    expect(c!.visibilityScoreDeltas.delta).toBeCloseTo(-50.05, 9);
  });

  it('a domain without VS at the start has no rank change and a null percentage delta', () => {
    // one keyword, sv 100: D1 x.com at 1 (28.5); D2 y.com at 1 (28.5), x.com at 2 (100 × .157 = 15.7)
    const data = buildRankData(
      [{ id: 1, sv: 100 }],
      [
        { keywordId: 1, date: D1, position: 1, resultType: 'organic', url: 'https://x.com/' },
        { keywordId: 1, date: D2, position: 1, resultType: 'organic', url: 'https://y.com/' },
        { keywordId: 1, date: D2, position: 2, resultType: 'organic', url: 'https://x.com/' },
      ],
    );
    const [y, x] = competitorsLeague(data, [1], SPAN).rows;
    expect(y).toMatchObject({ domain: 'y.com', rank: 1, rankChange: null });
    expect(y!.visibilityScoreDeltas).toEqual({ delta: expect.closeTo(28.5, 9), percentageDelta: null });
    expect(x).toMatchObject({ domain: 'x.com', rank: 2, rankChange: -1 });
    // 28.5 → 15.7: −12.8, −44.91 %
    expect(x!.visibilityScoreDeltas.percentageDelta!).toBeCloseTo((-12.8 / 28.5) * 100, 9);
    expect(x!.share).toBeCloseTo((15.7 / 44.2) * 100, 9);
  });

  it('limit keeps the first rows; an empty range gives none', () => {
    expect(competitorsLeague(DATA, ALL, SPAN, { limit: 1 }).rows.map((r) => r.domain)).toEqual(['b.com']);
    expect(competitorsLeague(DATA, ALL, { start: '2030-01-01', end: '2030-01-02' }).rows).toEqual([]);
  });
});
