import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../date-range';
import { ALL, D1, D2, D_MID, DATA, KEYWORDS } from './fixture.test-support';
import {
  buildRankData,
  keywordsOf,
  MAX_SNAPSHOT_AGE_DAYS,
  pointDates,
  selectKeywords,
  snapshotAt,
  unknownVolume,
} from './rank-data';

describe('indexing', () => {
  it('derives host, registrable domain and path from the URL and merges brand into organic', () => {
    const s = snapshotAt(DATA, 1, D1)!;
    expect(s.results[1]).toMatchObject({
      position: 2,
      resultType: 'organic',
      host: 'blog.a.com',
      domain: 'a.com',
      path: '/post',
    });
    expect(snapshotAt(DATA, 1, D2)!.results[2]!.domain).toBe('c.co.uk'); // shop.c.co.uk
  });

  it('ignores results of keywords outside the set and refuses a URL it cannot read', () => {
    const d = buildRankData(
      [{ id: 1, sv: 1 }],
      [{ keywordId: 9, date: D1, position: 1, resultType: 'organic', url: 'https://x.com/' }],
    );
    expect(d.snapshots.size).toBe(0);
    expect(() =>
      buildRankData(
        [{ id: 1, sv: 1 }],
        [{ keywordId: 1, date: D1, position: 1, resultType: 'organic', url: ' ' }],
      ),
    ).toThrow(/not a URL/u);
  });
});

describe('date rule: latest snapshot on or before d, at most 6 days earlier', () => {
  it('on the fixture', () => {
    expect(snapshotAt(DATA, 1, D1)!.date).toBe(D1);
    expect(snapshotAt(DATA, 1, '2023-12-31')).toBeNull(); // nothing on or before
    expect(snapshotAt(DATA, 4, '2024-01-07')!.date).toBe(D1); // 6 days earlier: used
    expect(snapshotAt(DATA, 4, D2)).toBeNull(); // 7 days earlier: not used
    expect(snapshotAt(DATA, 3, D2)!.date).toBe(D_MID); // latest of 2024-01-01 and 2024-01-05
    expect(snapshotAt(DATA, 99, D1)).toBeNull();
  });

  it('matches a brute-force search for any dates', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2024-02-20', n));
    fc.assert(
      fc.property(fc.uniqueArray(day, { maxLength: 12 }), day, (dates, d) => {
        const data = buildRankData(
          [{ id: 1, sv: 1 }],
          dates.map((date) => ({
            keywordId: 1,
            date,
            position: 1,
            resultType: 'organic',
            url: 'https://x.com/',
          })),
        );
        const floor = addDays(d, -MAX_SNAPSHOT_AGE_DAYS);
        const eligible = dates.filter((x) => x <= d && x >= floor).sort();
        expect(snapshotAt(data, 1, d)?.date ?? null).toBe(eligible[eligible.length - 1] ?? null);
      }),
    );
  });
});

describe('point dates and keyword sets', () => {
  it('one point per snapshot date of the keyword set within the range', () => {
    expect(pointDates(DATA, ALL, D1, D2)).toEqual([D1, D_MID, D2]);
    expect(pointDates(DATA, [1, 2], D1, D2)).toEqual([D1, D2]);
    expect(pointDates(DATA, ALL, '2024-01-02', '2024-01-07')).toEqual([D_MID]);
  });

  it('keywordsOf keeps order, drops unknown ids and repeats', () => {
    expect(keywordsOf(DATA, [2, 9, 1, 2]).map((k) => k.id)).toEqual([2, 1]);
  });

  it('selects keywords by tags (any, or all with the AND flag), groups and texts', () => {
    const ids = (sel: Parameters<typeof selectKeywords>[1]) => selectKeywords(KEYWORDS, sel).map((k) => k.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ tags: ['brand', 'shoes'] })).toEqual([1, 2, 3, 4]);
    expect(ids({ tags: ['brand', 'shoes'], isAndFilter: true })).toEqual([2]);
    expect(ids({ groups: ['g2'] })).toEqual([3, 4]);
    expect(ids({ tags: ['brand'], groups: ['g1'], keywords: ['beta shoes'] })).toEqual([2]);
  });

  it('counts unknown volumes', () => {
    expect(unknownVolume(KEYWORDS)).toBe(1);
  });
});
