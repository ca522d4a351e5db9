import { describe, expect, it } from 'vitest';
import { ctrModelFromPoints } from './ctr-model';
import { A, ALL, B, C, D1, D2, D_MID, DATA, H, P, SPAN } from './fixture.test-support';
import { groupTarget } from './targets';
import {
  domainSummary,
  keywordScore,
  shareOfVisibility,
  visibilityPercent,
  visibilityPoint,
  visibilityScore,
} from './visibility';

const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 9);

describe('keyword score (hand-computed fixture)', () => {
  it('sums ctr over every matching result: a.com on k1 at D1 = 1000 × (c1 .285 + c2 .157) = 442', () => {
    // www.a.com at 1 (organic) and blog.a.com at 2 (brand, counted as organic) both belong to a.com.
    close(keywordScore(DATA, A, 1, D1), 442);
  });

  it('a host matches only itself: www.a.com on k1 at D1 = 1000 × c1 = 285', () => {
    close(keywordScore(DATA, H, 1, D1), 285);
  });

  it('a path prefix matches the path and below: www.a.com/shop on k2 (/shop/shoes, 4) = 200 × .08 = 16', () => {
    close(keywordScore(DATA, P, 2, D1), 16);
    close(keywordScore(DATA, P, 1, D1), 0); // www.a.com/ is not under /shop
  });

  it('unknown volume scores 0: k3 has a.com at 1 but sv null', () => {
    close(keywordScore(DATA, A, 3, D1), 0);
  });
});

describe('visibility score VS', () => {
  it('at D1 (2024-01-01)', () => {
    // a.com: k1 442 + k2 200×c4 16 + k4 50×c12 0.59 = 458.59 (k3 unknown volume: 0)
    close(visibilityScore(DATA, A, ALL, D1), 458.59);
    // b.com: k1 1000×c3 110 + k2 200×c1 57 = 167
    close(visibilityScore(DATA, B, ALL, D1), 167);
    // c.co.uk: k1 shop.c.co.uk 1000×c5 72 + k2 200×c6 10.2 + k4 50×c2 7.85 = 90.05
    close(visibilityScore(DATA, C, ALL, D1), 90.05);
    // www.a.com: 285 + 16 + 0.59 = 301.59; www.a.com/shop: 16 + 0.59 = 16.59
    close(visibilityScore(DATA, H, ALL, D1), 301.59);
    close(visibilityScore(DATA, P, ALL, D1), 16.59);
  });

  it('at D2 (2024-01-08): k4 last measured 7 days earlier contributes nothing', () => {
    // a.com: k1 1000×c2 157 + k2 200×(c3 .11 + c4 .08) 38 = 195
    close(visibilityScore(DATA, A, ALL, D2), 195);
    // b.com: k1 1000×c1 285 + k2 200×c1 57 = 342
    close(visibilityScore(DATA, B, ALL, D2), 342);
    // c.co.uk: k1 1000×c7 = 40
    close(visibilityScore(DATA, C, ALL, D2), 40);
  });

  it('at 2024-01-05 every keyword uses its 2024-01-01 snapshot (4 days ≤ 6), so VS equals D1', () => {
    close(visibilityScore(DATA, A, ALL, D_MID), 458.59);
  });

  it('a domain group counts a result once: {a.com, www.a.com} = a.com; {www.a.com, b.com} = 301.59 + 167', () => {
    close(visibilityScore(DATA, groupTarget('g', ['a.com', 'www.a.com']), ALL, D1), 458.59);
    close(visibilityScore(DATA, groupTarget('g', ['www.a.com', 'b.com']), ALL, D1), 468.59);
  });

  it('result-type filter: brand counts as organic', () => {
    // organic only at D2 for a.com: k1 157 + k2 www.a.com at 3 22 = 179 (the featured snippet is left out)
    close(visibilityScore(DATA, A, ALL, D2, { resultTypes: ['organic'] }), 179);
    // 'brand' selects organic results too: everything a.com has at D1 is organic or brand
    close(visibilityScore(DATA, A, ALL, D1, { resultTypes: ['brand'] }), 458.59);
    // news only at D1 for c.co.uk: k1 shop.c.co.uk at 5 = 72
    close(visibilityScore(DATA, C, ALL, D1, { resultTypes: ['news'] }), 72);
  });

  it('takes the CTR model as a parameter', () => {
    // a model measured only at position 1 (0.5) scales the default curve by 0.5/.285 everywhere:
    // b.com at D2 = (1000 + 200) × 0.5 = 600
    const model = ctrModelFromPoints('p1', [{ position: 1, ctr: 0.5 }]);
    close(visibilityScore(DATA, B, ALL, D2, { ctr: model }), 600);
  });
});

describe('visibility %', () => {
  it('divides by Σ sv × ctr(1) over the keywords measured at the date', () => {
    // D1: k1, k2, k4 measured with known sv: (1000 + 200 + 50) × .285 = 356.25
    const p = visibilityPoint(DATA, [A, B], ALL, D1);
    close(p.maxVisibilityScore, 356.25);
    close(p.byTarget.get('b.com')!.visibility, (167 / 356.25) * 100); // 46.877…
    // a.com holds two results on k1, so the formula gives more than 100 %: 458.59 / 356.25 × 100
    close(p.byTarget.get('a.com')!.visibility, (458.59 / 356.25) * 100);
    expect(p.keywords).toBe(4); // k3 is measured too, though its volume is unknown
  });

  it('is 100 % for position 1 on every measured keyword: b.com at D2 = 342 / ((1000 + 200) × .285)', () => {
    close(visibilityPercent(DATA, B, ALL, D2), 100);
    close(visibilityPercent(DATA, A, ALL, D2), (195 / 342) * 100);
  });

  it('is 0 when no measured keyword has a volume', () => {
    expect(visibilityPercent(DATA, A, [3], D1)).toBe(0);
  });
});

describe('share of visibility', () => {
  it('over the selected domains: denominator a.com + b.com + c.co.uk', () => {
    // D2: 195 + 342 + 40 = 577
    const s = shareOfVisibility(DATA, [A, B, C], ALL, D2);
    close(s.get('a.com')!, (195 / 577) * 100); // 33.795…
    close(s.get('b.com')!, (342 / 577) * 100); // 59.272…
    close(s.get('c.co.uk')!, (40 / 577) * 100); // 6.932…
  });

  it('over the whole market: every host counts, d.org too', () => {
    // D1 market: k1 1000×(c1+c2+c3+c5 = .624) 624 + k2 200×(c1+c2+c4+c6 = .573) 114.6 + k4 50×(c2+c12) 8.44
    //          = 747.04 (= a.com 458.59 + b.com 167 + c.co.uk 90.05 + d.org 200×c2 31.4)
    const p = visibilityPoint(DATA, [A, B], ALL, D1, { useWholeMarket: true });
    close(p.marketVisibilityScore, 747.04);
    close(p.byTarget.get('a.com')!.share, (458.59 / 747.04) * 100);
    close(p.byTarget.get('b.com')!.share, (167 / 747.04) * 100);
    // selected only: 458.59 + 167 = 625.59
    const sel = shareOfVisibility(DATA, [A, B], ALL, D1);
    close(sel.get('b.com')!, (167 / 625.59) * 100);
  });

  it('is 0 for everyone when nobody has visibility', () => {
    expect(shareOfVisibility(DATA, [A, B], [3], D1).get('a.com')).toBe(0);
  });

  it('refuses two targets with one key', () => {
    expect(() => visibilityPoint(DATA, [A, A], ALL, D1)).toThrow(RangeError);
  });
});

describe('domain summary: series, end values and deltas', () => {
  const summary = domainSummary(DATA, [A, B, C], ALL, SPAN);
  const a = summary.targets.find((t) => t.key === 'a.com')!;
  const b = summary.targets.find((t) => t.key === 'b.com')!;

  it('has one point per snapshot date in the range (k3 alone makes 2024-01-05 a point)', () => {
    expect(summary.dates).toEqual([D1, D_MID, D2]);
    expect(a.series.map((p) => p.date)).toEqual([D1, D_MID, D2]);
    close(a.series[1]!.visibilityScore, 458.59);
  });

  it('counts unknown-volume keywords', () => {
    expect(summary.unknownVolume).toBe(1);
  });

  it('end values are the last point, deltas run first → last', () => {
    close(a.visibilityScore, 195);
    // 195 − 458.59 = −263.59; −263.59 / 458.59 × 100 = −57.478…
    close(a.visibilityScoreDeltas.delta, -263.59);
    close(a.visibilityScoreDeltas.percentageDelta!, (-263.59 / 458.59) * 100);
    // b.com visibility: 167/356.25×100 = 46.877… → 100
    close(b.visibility, 100);
    close(b.visibilityDeltas.delta, 100 - (167 / 356.25) * 100);
    // b.com share: 167/715.64×100 → 342/577×100 (715.64 = 458.59 + 167 + 90.05)
    close(b.shareDeltas.delta, (342 / 577) * 100 - (167 / 715.64) * 100);
  });

  it('percentageDelta is null when the start is 0', () => {
    const s = domainSummary(DATA, [groupTarget('nobody', ['nobody.example'])], ALL, SPAN);
    expect(s.targets[0]!.visibilityScoreDeltas).toEqual({ delta: 0, percentageDelta: null });
  });

  it('a range without snapshots gives zeros and no points', () => {
    const s = domainSummary(DATA, [A], ALL, { start: '2023-01-01', end: '2023-02-01' });
    expect(s.dates).toEqual([]);
    expect(s.targets[0]).toMatchObject({ visibilityScore: 0, share: 0, series: [] });
    expect(s.targets[0]!.shareDeltas.percentageDelta).toBeNull();
  });
});
