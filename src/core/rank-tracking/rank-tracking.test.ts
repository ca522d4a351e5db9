// The pure rank-tracking reference: classic positions, compared dates, rows (changes, best, URL change,
// owned features, history), cannibalisation, and the table's filters and sort.
import { describe, expect, it } from 'vitest';
import {
  classicPositions,
  compareDates,
  conflictsOf,
  NO_FILTER,
  rankTrackingRows,
  tablePage,
  tablePageRows,
  type RankHit,
  type RtKeyword,
} from './index';

const hit = (
  keywordId: number,
  date: string,
  position: number,
  url: string,
  target = 0,
  classic: number | null = position,
): RankHit => ({
  keywordId,
  date,
  target,
  position,
  classic,
  resultType: classic === null ? 'video' : 'organic',
  url,
});

describe('classic positions', () => {
  it('count the organic and brand results above, once per position, and none for other types', () => {
    expect(
      classicPositions([
        { position: 2, resultType: 'organic' },
        { position: 3, resultType: 'featured_snippet' },
        { position: 4, resultType: 'brand' },
        { position: 9, resultType: 'organic' },
      ]),
    ).toEqual([1, null, 2, 3]);
  });
});

describe('compared dates', () => {
  const snaps = ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26'];
  it('defaults to the first and last snapshot, with the one before the end as previous', () => {
    expect(compareDates(snaps, undefined, undefined)).toEqual({
      start: '2026-01-05',
      previous: '2026-01-19',
      end: '2026-01-26',
      points: snaps,
    });
  });
  it('takes the latest snapshot on or before each date asked for; none before the first snapshot', () => {
    expect(compareDates(snaps, '2026-01-13', '2026-01-20')).toMatchObject({
      start: '2026-01-12',
      previous: '2026-01-12',
      end: '2026-01-19',
    });
    expect(compareDates(snaps, undefined, '2025-12-31')).toBeNull();
    expect(compareDates([], undefined, undefined)).toBeNull();
  });
});

describe('rows and table', () => {
  const dates = compareDates(['d1', 'd2', 'd3'], undefined, undefined)!;
  const kw = (id: number, text: string, tags: string[] = []): RtKeyword => ({
    id,
    text,
    sv: id * 10,
    tags,
    groups: [],
  });
  const keywords = [kw(1, 'a', ['x']), kw(2, 'b'), kw(3, 'c', ['x', 'y'])];
  const hits = [
    hit(1, 'd1', 5, 'u1'),
    hit(1, 'd2', 2, 'u1'),
    hit(1, 'd3', 3, 'u2'),
    hit(1, 'd3', 7, 'u1'),
    hit(2, 'd1', 1, 'v'),
    hit(3, 'd3', 4, 'w', 0, null),
  ];
  const rows = rankTrackingRows(keywords, hits, new Map([[1, ['organic', 'video']]]), 1, dates, 'absolute');

  it('reads positions, changes, best, URL change and history per target', () => {
    expect(rows[0]!.cells[0]).toMatchObject({
      position: 3,
      change: 2,
      previousChange: -1,
      best: 2,
      bestDate: 'd2',
      url: 'u2',
      urlChanged: true,
      history: [5, 2, 3],
    });
    expect(rows[1]!.cells[0]).toMatchObject({ position: null, startPosition: 1, change: null });
    expect(rows[2]!.cells[0]!.ownedFeatures).toEqual(['video']);
  });

  it('flags two URLs in one snapshot and a flip of the best URL', () => {
    expect(rows[0]!.cells[0]!.conflicts).toEqual([
      { kind: 'multiple', date: 'd3', urls: ['u2', 'u1'] },
      { kind: 'flip', date: 'd3', urls: ['u1', 'u2'] },
    ]);
    expect(conflictsOf([hit(1, 'd1', 1, 'p'), hit(1, 'd3', 1, 'q')], dates, 'absolute')).toEqual([
      { kind: 'flip', date: 'd3', urls: ['p', 'q'] },
    ]);
  });

  it('builds a page’s rows in the page’s order from its keywords with their end-page types', () => {
    const withTypes = keywords.map((k) => ({
      ...k,
      types: k.id === 1 ? (['organic', 'video'] as const) : [],
    }));
    const page = tablePageRows(withTypes, [3, 9, 1], hits, 1, dates, 'absolute');
    // Keyword 9 is not among the keywords: skipped.
    expect(page).toEqual([rows[2], rows[0]]);
  });

  it('classic positions leave non-organic results out', () => {
    const classic = rankTrackingRows(keywords, hits, new Map(), 1, dates, 'classic');
    expect(classic[2]!.cells[0]!.position).toBeNull();
  });

  it('filters by tags, movement, status and conflicts, sorts nulls last and pages', () => {
    const sort = { field: 'change' as const, direction: 'desc' as const };
    expect(tablePage(rows, 0, NO_FILTER, sort, 1, 10).rows.map((r) => r.keyword.text)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(tablePage(rows, 0, { ...NO_FILTER, tags: ['x', 'y'], tagsMatch: 'all' }, sort, 1, 10).total).toBe(
      1,
    );
    expect(tablePage(rows, 0, { ...NO_FILTER, movers: 'up', moveBy: 2 }, sort, 1, 10).total).toBe(1);
    expect(tablePage(rows, 0, { ...NO_FILTER, movers: 'up', moveBy: 3 }, sort, 1, 10).total).toBe(0);
    expect(tablePage(rows, 0, { ...NO_FILTER, status: 'lost' }, sort, 1, 10).rows[0]!.keyword.text).toBe('b');
    expect(tablePage(rows, 0, { ...NO_FILTER, status: 'new' }, sort, 1, 10).rows[0]!.keyword.text).toBe('c');
    expect(tablePage(rows, 0, { ...NO_FILTER, cannibalised: true }, sort, 1, 10).total).toBe(1);
    const byVolume = tablePage(rows, 0, NO_FILTER, { field: 'volume', direction: 'asc' }, 2, 1);
    expect([byVolume.total, byVolume.rows[0]!.keyword.text]).toEqual([3, 'b']);
  });
});
