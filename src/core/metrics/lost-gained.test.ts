import { describe, expect, it } from 'vitest';
import { A, ALL, B, D1, D2, DATA, SPAN } from './fixture.test-support';
import { visibilityScoreLost } from './lost-gained';

describe('visibility score lost and gained', () => {
  const impact = visibilityScoreLost(DATA, [A, B], ALL, SPAN);
  const a = impact.targets[0]!;
  const b = impact.targets[1]!;

  it('runs from the first to the last point of the range', () => {
    expect(impact.start).toBe(D1);
    expect(impact.end).toBe(D2);
  });

  it('a.com: k1 442 → 157 loses 285, k4 0.59 → 0 (not measured) loses 0.59, k2 16 → 38 gains 22', () => {
    expect(a.lost).toBeCloseTo(285.59, 9);
    expect(a.gained).toBeCloseTo(22, 9);
    expect(a.lostKeywords.map((k) => k.keywordId)).toEqual([1, 4]);
    expect(a.lostKeywords[0]).toMatchObject({
      start: expect.closeTo(442, 9),
      end: expect.closeTo(157, 9),
      change: expect.closeTo(-285, 9),
    });
    expect(a.gainedKeywords).toHaveLength(1);
    expect(a.gainedKeywords[0]!.keywordId).toBe(2);
    expect(a.gainedKeywords[0]!.change).toBeCloseTo(22, 9);
  });

  it('b.com: k1 110 → 285 gains 175; k2 57 → 57 is unchanged and not listed', () => {
    expect(b.lost).toBe(0);
    expect(b.gained).toBeCloseTo(175, 9);
    expect(b.lostKeywords).toEqual([]);
    expect(b.gainedKeywords.map((k) => k.keywordId)).toEqual([1]);
  });

  it('lists at most `top` keywords', () => {
    const one = visibilityScoreLost(DATA, [A], ALL, SPAN, { top: 1 });
    expect(one.targets[0]!.lostKeywords.map((k) => k.keywordId)).toEqual([1]);
    expect(one.targets[0]!.lost).toBeCloseTo(285.59, 9);
  });

  it('an empty range loses and gains nothing', () => {
    const none = visibilityScoreLost(DATA, [A], ALL, { start: '2030-01-01', end: '2030-02-01' });
    expect(none).toEqual({
      start: null,
      end: null,
      targets: [{ key: 'a.com', lost: 0, gained: 0, lostKeywords: [], gainedKeywords: [] }],
    });
  });
});
