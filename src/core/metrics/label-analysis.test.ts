// Tag Analysis sums and view (issue 29 item 5): on random data, per point and label the rank ranges add up to
// the keywords ranked, a domain ranks on no more keywords than the label measures, the shares of the domains
// add up to 100 % where any is visible, and one label's sums equal those of the keyword set cut to it.
import { describe, expect, it } from 'vitest';
import { RESULT_TYPES } from '../result-types';
import { labelAnalysis, labelView } from './label-analysis';
import { buildRankData, type MetricResult } from './rank-data';
import { domainTarget } from './targets';

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTS = ['a.com', 'www.a.com', 'b.com', 'c.org'];
const TARGETS = ['a.com', 'b.com', 'c.org'].map(domainTarget);
const DATES = ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26'];

describe('label analysis', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`keeps its sums consistent (seed ${seed})`, () => {
      const r = random(seed);
      const keywords = Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        sv: r() < 0.2 ? null : Math.floor(r() * 1000),
        tags: ['x', 'y', 'z'].filter(() => r() < 0.5),
      }));
      const results: MetricResult[] = [];
      for (const k of keywords)
        for (const date of DATES) {
          if (r() < 0.2) continue;
          for (let p = 1; p <= 8; p++)
            results.push({
              keywordId: k.id,
              date,
              position: p,
              resultType: RESULT_TYPES[Math.floor(r() * 3)]!,
              url: `https://${HOSTS[Math.floor(r() * HOSTS.length)]}/p${p}`,
            });
        }
      const data = buildRankData(keywords, results);
      const ids = keywords.map((k) => k.id);
      const span = { start: DATES[0]!, end: DATES[3]! };
      const rows = labelAnalysis(data, TARGETS, ids, 'tags', span);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const t of row.targets) {
          expect(t.ranges.reduce((s, n) => s + n, 0)).toBe(t.ranked);
          expect(t.ranked).toBeLessThanOrEqual(row.keywords);
          expect(t.positionSum).toBeGreaterThanOrEqual(t.ranked);
        }
        const cut = labelAnalysis(
          data,
          TARGETS,
          keywords.filter((k) => k.tags.includes(row.label)).map((k) => k.id),
          'tags',
          { start: row.date, end: row.date },
        ).find((x) => x.label === row.label);
        expect(cut).toEqual(row);
      }
      const points = [...new Set(rows.map((x) => x.date))].sort();
      for (const l of labelView(rows, points, [false, false, false])) {
        const shares = l.targets.reduce((s, t) => s + t.end.share, 0);
        if (l.targets.some((t) => t.end.visibilityScore > 0)) expect(shares).toBeCloseTo(100, 9);
        else expect(shares).toBe(0);
        expect(l.targets.every((t) => t.series.length === points.length)).toBe(true);
      }
    });
  }
});
