// Page Analysis rows (issue 29 item 4) on a small hand-made history of one domain: per URL the keywords at
// the start and end, visibility score (sv × ctr(absolute position), default curve: 1 = .285, 2 = .157,
// 3 = .110), its series, best position, gained and lost keywords and conflicts; one URL's keywords; sorting.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CTR_MODEL } from '../metrics/ctr-model';
import { pageKeywords, pageRow, pageRows, sortPageRows } from './page-analysis';
import type { RankHit } from './positions';
import type { RtDates, RtKeyword } from './rows';

const kw = (id: number, sv: number | null): RtKeyword => ({ id, text: `k${id}`, sv, tags: [], groups: [] });
const KEYWORDS = [kw(1, 1000), kw(2, 100), kw(3, null)];
const D = ['2026-01-05', '2026-01-12', '2026-01-19'] as const;
const DATES: RtDates = { start: D[0], previous: D[1], end: D[2], points: [...D] };
const hit = (keywordId: number, date: string, position: number, url: string): RankHit => ({
  keywordId,
  date,
  target: 0,
  position,
  classic: position,
  resultType: 'organic',
  url,
});
const A = 'https://a.com/a';
const B = 'https://a.com/b';
const HITS: RankHit[] = [
  hit(1, D[0], 1, A),
  hit(1, D[1], 2, A),
  hit(1, D[1], 3, B), // two URLs on k1 at D1: a conflict of A and B
  hit(1, D[2], 1, A),
  hit(2, D[0], 3, B), // B loses k2
  hit(3, D[2], 2, B), // B gains k3 (unknown volume: scores 0)
];
const ctr = DEFAULT_CTR_MODEL;

describe('page analysis', () => {
  it('builds a row per URL with keywords, scores, series, best, gained, lost and conflicts', () => {
    const rows = pageRows(KEYWORDS, HITS, DATES, 'absolute', ctr);
    expect(rows.map((r) => r.url)).toEqual([A, B]);
    const [a, b] = rows;
    expect(a).toMatchObject({ keywords: 1, keywordsStart: 1, position: 1, best: 1, bestDate: D[0] });
    expect(a).toMatchObject({ gained: 0, lost: 0, conflicts: 1 });
    expect(a!.visibilityScore).toBeCloseTo(285, 9);
    expect(a!.series.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([285, 157, 285]);
    expect(b).toMatchObject({ keywords: 1, keywordsStart: 1, gained: 1, lost: 1, conflicts: 1, position: 2 });
    expect(b!.visibilityScore).toBe(0);
    expect(b!.visibilityScoreStart).toBeCloseTo(11, 9);
    expect(b!.series.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([11, 110, 0]);
    expect(pageRow(KEYWORDS, HITS, B, DATES, 'absolute', ctr)).toEqual(b);
    expect(pageRow(KEYWORDS, HITS, 'https://a.com/none', DATES, 'absolute', ctr)).toBeNull();
  });

  it('lists one URL’s keywords with their status and the conflicts that name it', () => {
    const list = pageKeywords(KEYWORDS, HITS, B, DATES, 'absolute', ctr);
    expect(list.map((k) => [k.keyword.id, k.status, k.position, k.startPosition])).toEqual([
      [1, 'none', null, null],
      [2, 'lost', null, 3],
      [3, 'gained', 2, null],
    ]);
    expect(list[0]!.conflicts).toEqual([{ kind: 'multiple', date: D[1], urls: [A, B] }]);
    expect(list[0]!.best).toBe(3);
  });

  it('sorts with nulls last in either direction, ties by URL, and filters by URL text', () => {
    const rows = pageRows(KEYWORDS, [...HITS, hit(2, D[0], 5, 'https://a.com/c')], DATES, 'absolute', ctr);
    const by = (field: 'position' | 'url', direction: 'asc' | 'desc', text = '') =>
      sortPageRows(rows, { field, direction }, text).map((r) => r.url);
    expect(by('position', 'asc')).toEqual([A, B, 'https://a.com/c']);
    expect(by('position', 'desc')).toEqual([B, A, 'https://a.com/c']);
    expect(by('url', 'desc', 'A.COM/B')).toEqual([B]);
  });
});
