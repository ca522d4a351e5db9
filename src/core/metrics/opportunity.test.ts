import { describe, expect, it } from 'vitest';
import { A, ALL, D1, D2, DATA } from './fixture.test-support';
import { opportunity } from './opportunity';

describe('opportunity', () => {
  it('a.com at D1: /shop/shoes at 4 on k2, /shop at 12 on k4; positions 1–2 are not opportunities', () => {
    // /shop/shoes: 200 × (ctr(1) .285 − ctr(4) .080) = 41; /shop: 50 × (ctr(9) .028 − ctr(12) .0118) = 0.81
    const rows = opportunity(DATA, A, ALL, D1);
    expect(rows.map((r) => r.url)).toEqual(['https://www.a.com/shop/shoes', 'https://www.a.com/shop']);
    expect(rows[0]!.opportunity).toBeCloseTo(41, 9);
    expect(rows[1]!.opportunity).toBeCloseTo(0.81, 9);
    expect(rows.map((r) => r.keywords)).toEqual([1, 1]);
    expect(rows.map((r) => r.behind.map((b) => [b.keywordId, b.position]))).toEqual([[[2, 4]], [[4, 12]]]);
  });

  it('a.com at D2: the featured snippet at 4 counts, the organic result at 3 does not', () => {
    const rows = opportunity(DATA, A, ALL, D2);
    expect(rows).toEqual([
      {
        url: 'https://blog.a.com/post',
        opportunity: expect.closeTo(41, 9),
        keywords: 1,
        behind: [{ keywordId: 2, position: 4, gain: expect.closeTo(41, 9) }],
      },
    ]);
  });
});
