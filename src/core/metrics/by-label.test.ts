import { describe, expect, it } from 'vitest';
import { A, ALL, B, C, D2, DATA } from './fixture.test-support';
import { visibilityByLabel } from './by-label';

describe('visibility share by tag and keyword group', () => {
  it('by tag at D2', () => {
    const rows = visibilityByLabel(DATA, [A, B, C], ALL, 'tags', D2);
    expect(rows.map((r) => [r.label, r.keywords])).toEqual([
      ['brand', 2],
      ['shoes', 3],
    ]);
    // brand (k1, k2): as the whole set, 195 / 342 / 40 of 577
    expect(rows[0]!.byTarget.get('a.com')!.share).toBeCloseTo((195 / 577) * 100, 9);
    // shoes (k2, k3, k4): a.com k2 38, b.com k2 57, c.co.uk 0 → 40 %, 60 %, 0 %
    expect(rows[1]!.byTarget.get('a.com')).toEqual({ visibilityScore: expect.closeTo(38, 9), share: 40 });
    expect(rows[1]!.byTarget.get('b.com')!.share).toBeCloseTo(60, 9);
    expect(rows[1]!.byTarget.get('c.co.uk')!.share).toBe(0);
  });

  it('by keyword group at D2', () => {
    const rows = visibilityByLabel(DATA, [A, B], ALL, 'groups', D2);
    // g1 (k1, k2): a.com 195, b.com 342; g2 (k3, k4): nothing measured with volume
    expect(rows.map((r) => r.label)).toEqual(['g1', 'g2']);
    expect(rows[0]!.byTarget.get('b.com')!.share).toBeCloseTo((342 / 537) * 100, 9);
    expect(rows[1]!.byTarget.get('a.com')).toEqual({ visibilityScore: 0, share: 0 });
  });
});
