// Rank alert rules (issue 29 item 7) on a hand-made pair of snapshots: own domain (target 0) and two
// competitors; every expected value is read by hand from the hits below.
import { describe, expect, it } from 'vitest';
import {
  alertRuleProblems,
  evaluateAlertRules,
  ownVisibility,
  type AlertInput,
  type AlertRule,
} from './alerts';
import { DEFAULT_CTR_MODEL } from './metrics/ctr-model';
import type { RankHit } from './rank-tracking';

const D1 = '2025-03-01';
const D2 = '2025-03-08';
const hit = (
  keywordId: number,
  date: string,
  target: number,
  position: number,
  url = `https://t${target}.test/${keywordId}`,
): RankHit => ({
  keywordId,
  date,
  target,
  position,
  classic: position,
  resultType: 'organic',
  url,
});

const INPUT: AlertInput = {
  previousDate: D1,
  currentDate: D2,
  keywords: [
    { id: 1, text: 'shoes', sv: 1000, tags: ['brand'] },
    { id: 2, text: 'boots', sv: 500, tags: [] },
    { id: 3, text: 'socks', sv: null, tags: ['brand'] },
  ],
  targets: [
    { key: 'us.test', own: true },
    { key: 'rival.test', own: false },
    { key: 'other.test', own: false },
  ],
  hits: [
    // shoes: we go 2 → 9 (a drop of 7, leave the top 3); rival 5 → 2 (enters the top 3).
    hit(1, D1, 0, 2),
    hit(1, D2, 0, 9),
    hit(1, D1, 1, 5),
    hit(1, D2, 1, 2),
    // boots: we go 12 → 3 (enter the top 3 and 10); other.test out → 1.
    hit(2, D1, 0, 12),
    hit(2, D2, 0, 3),
    hit(2, D2, 2, 1),
    // socks: ranked 4, then out of the top 100 (a drop of 97).
    hit(3, D1, 0, 4),
  ],
  ctr: DEFAULT_CTR_MODEL,
};

const rule = (r: Partial<AlertRule> & Pick<AlertRule, 'kind' | 'threshold'>): AlertRule => ({
  id: 7,
  name: 'R',
  tag: null,
  competitor: null,
  ...r,
});
const fire = (r: AlertRule) => evaluateAlertRules([r], INPUT);

describe('evaluateAlertRules', () => {
  it('fires a drop of at least N positions, falling out of the top 100 included, within the tag', () => {
    expect(
      fire(rule({ kind: 'drop', threshold: 5 })).map((a) => [a.keyword, a.previousValue, a.currentValue]),
    ).toEqual([
      ['shoes', 2, 9],
      ['socks', 4, null],
    ]);
    expect(fire(rule({ kind: 'drop', threshold: 8 })).map((a) => a.keyword)).toEqual(['socks']);
    expect(fire(rule({ kind: 'drop', threshold: 5, tag: 'nope' }))).toEqual([]);
    const [a] = fire(rule({ kind: 'drop', threshold: 5, tag: 'brand', name: 'Brand drops' }));
    expect(a).toEqual({
      ruleId: 7,
      eventKey: `7:${D1}:${D2}:1`,
      keyword: 'shoes',
      domain: null,
      previousDate: D1,
      currentDate: D2,
      previousValue: 2,
      currentValue: 9,
      url: 'https://t0.test/1',
      message: 'Brand drops: "shoes" dropped 7 positions (#2 → #9)',
    });
  });

  it('fires entering and leaving the top N only on crossing it', () => {
    expect(fire(rule({ kind: 'enter-top', threshold: 3 })).map((a) => a.keyword)).toEqual(['boots']);
    expect(fire(rule({ kind: 'enter-top', threshold: 10 })).map((a) => a.keyword)).toEqual(['boots']);
    expect(fire(rule({ kind: 'leave-top', threshold: 3 })).map((a) => a.keyword)).toEqual(['shoes']);
    expect(fire(rule({ kind: 'leave-top', threshold: 10 })).map((a) => a.keyword)).toEqual(['socks']);
  });

  it('fires a competitor entering the top N, any or a named one', () => {
    expect(
      fire(rule({ kind: 'competitor-top', threshold: 3 })).map((a) => [a.keyword, a.domain, a.currentValue]),
    ).toEqual([
      ['shoes', 'rival.test', 2],
      ['boots', 'other.test', 1],
    ]);
    const named = fire(rule({ kind: 'competitor-top', threshold: 3, competitor: 'other.test' }));
    expect(named.map((a) => [a.eventKey, a.message])).toEqual([
      [`7:${D1}:${D2}:2:other.test`, 'R: other.test entered the top 3 for "boots" (out of the top 100 → #1)'],
    ]);
  });

  it('fires a visibility drop of at least P % of the own domains', () => {
    // D1: 1000 × ctr(2) + 500 × ctr(12) = 157 + 5.9; D2: 1000 × ctr(9) + 500 × ctr(3) = 28 + 55; of 1500 × 0.285.
    const before = ((1000 * 0.157 + 500 * 0.0118) / (1500 * 0.285)) * 100;
    const after = ((1000 * 0.028 + 500 * 0.11) / (1500 * 0.285)) * 100;
    expect(ownVisibility(INPUT, D1)).toBeCloseTo(before, 10);
    expect(ownVisibility(INPUT, D2)).toBeCloseTo(after, 10);
    const drop = ((before - after) / before) * 100; // ≈ 49.1 %
    expect(fire(rule({ kind: 'visibility-drop', threshold: 49 }))).toMatchObject([
      {
        keyword: null,
        previousValue: Math.round(before * 100) / 100,
        currentValue: Math.round(after * 100) / 100,
      },
    ]);
    expect(drop).toBeLessThan(50);
    expect(fire(rule({ kind: 'visibility-drop', threshold: 50 }))).toEqual([]);
  });

  it('checks rule specs with the field at fault', () => {
    expect(alertRuleProblems({ kind: 'drop', threshold: 5, tag: null, competitor: null })).toEqual([]);
    expect(alertRuleProblems({ kind: 'drop', threshold: 0, tag: null, competitor: null })).toEqual([
      { field: 'threshold', message: 'a drop is 1–100 positions' },
    ]);
    expect(alertRuleProblems({ kind: 'enter-top', threshold: 3, tag: null, competitor: 'x.com' })).toEqual([
      { field: 'competitor', message: 'only a competitor rule names a competitor' },
    ]);
    expect(alertRuleProblems({ kind: 'visibility-drop', threshold: 10, tag: 'a', competitor: null })).toEqual(
      [{ field: 'tag', message: 'a visibility rule covers every keyword: leave the tag empty' }],
    );
  });
});
