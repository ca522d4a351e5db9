// The pure parts of tasks: @mentions by e-mail address, the detector's per-keyword rows (classic rank of the
// own domain, featured snippet) and the events between two snapshots, including new cannibalisation conflicts.
import { describe, expect, it } from 'vitest';
import { detectConflictEvents, snapshotHits } from './task-conflicts';
import { detectRankEvents, findMentions, keywordSnapshotRows } from './tasks';

describe('findMentions', () => {
  const members = [
    { id: 1, email: 'ana@acme.test' },
    { id: 2, email: 'ben@acme.test' },
    { id: 3, email: 'an@acme.test' },
  ];
  it('finds whole addresses after @, case-insensitive, once each, in order of mention', () => {
    expect(findMentions('@BEN@acme.test and @ana@acme.test, again @ben@acme.test', members)).toEqual([2, 1]);
    expect(findMentions('mail ana@acme.test or @ana@acme.testing', members)).toEqual([]);
    expect(findMentions('@an@acme.test.', members)).toEqual([3]);
  });
});

describe('detectors', () => {
  const text = new Map([
    [1, 'flights'],
    [2, 'hotels'],
    [3, 'cars'],
  ]);
  const own = (url: string) => url.includes('example.com');
  const rows = (results: [number, number, string, string][]) =>
    keywordSnapshotRows(
      results.map(([keywordId, position, resultType, url]) => ({ keywordId, position, resultType, url })),
      text,
      own,
    );

  it('counts the classic rank among organic and brand results only', () => {
    expect(
      rows([
        [1, 1, 'featured_snippet', 'https://example.com/a'],
        [1, 2, 'people_also_ask', 'https://x.test/'],
        [1, 3, 'organic', 'https://x.test/'],
        [1, 4, 'organic', 'https://example.com/a'],
      ]),
    ).toEqual([{ keyword: 'flights', position: 2, url: 'https://example.com/a', hasSnippet: true }]);
  });

  it('raises a drop at the threshold, falling out of the top 100, and a lost snippet; not a new keyword', () => {
    const before = rows([
      [1, 1, 'organic', 'https://example.com/f'],
      [2, 1, 'featured_snippet', 'https://example.com/h'],
      [2, 2, 'organic', 'https://example.com/h'],
      [3, 1, 'organic', 'https://example.com/c'],
    ]);
    const after = rows([
      ...Array.from({ length: 5 }, (_, i): [number, number, string, string] => [
        1,
        i + 1,
        'organic',
        'https://x.test/',
      ]),
      [1, 6, 'organic', 'https://example.com/f'],
      [2, 1, 'organic', 'https://example.com/h'],
      [3, 1, 'organic', 'https://x.test/'],
    ]);
    const events = detectRankEvents(
      7,
      { date: '2025-01-01', rows: before },
      { date: '2025-01-08', rows: after },
      5,
    );
    expect(events.map((e) => [e.kind, e.keyword, e.previousPosition, e.currentPosition, e.eventKey])).toEqual(
      [
        ['rank-drop', 'cars', 1, null, 'rank-drop:7:2025-01-01:2025-01-08:cars'],
        ['rank-drop', 'flights', 1, 6, 'rank-drop:7:2025-01-01:2025-01-08:flights'],
        ['snippet-lost', 'hotels', 1, 1, 'snippet-lost:7:2025-01-01:2025-01-08:hotels'],
      ],
    );
    expect(detectRankEvents(7, { date: 'a', rows: before }, { date: 'b', rows: after }, 6)).toHaveLength(2);
    expect(detectRankEvents(7, { date: 'a', rows: [] }, { date: 'b', rows: after }, 1)).toEqual([]);
  });

  it('raises a cannibalisation conflict only when its kind is new at the latest date', () => {
    const dates = ['2025-01-01', '2025-01-08', '2025-01-15'];
    const day = (date: string, results: [number, number, string][]) =>
      snapshotHits(
        date,
        results.map(([keywordId, position, url]) => ({ keywordId, position, resultType: 'organic', url })),
        (url) => (own(url) ? 0 : null),
      );
    const hits = [
      // flights: one URL, then a second own URL on 01-15 (new 'multiple').
      // hotels: the URL changed on 01-08 and again on 01-15 (a flip already at the previous date).
      // cars: two own URLs on 01-08 and 01-15 (existing 'multiple').
      ...day(dates[0]!, [
        [1, 1, 'https://example.com/f'],
        [2, 1, 'https://example.com/h1'],
      ]),
      ...day(dates[1]!, [
        [1, 1, 'https://example.com/f'],
        [2, 1, 'https://example.com/h2'],
        [3, 1, 'https://example.com/c1'],
        [3, 2, 'https://example.com/c2'],
      ]),
      ...day(dates[2]!, [
        [1, 1, 'https://x.test/'],
        [1, 2, 'https://example.com/f'],
        [1, 3, 'https://example.com/f2'],
        [2, 1, 'https://example.com/h3'],
        [3, 1, 'https://example.com/c1'],
        [3, 2, 'https://example.com/c2'],
      ]),
    ];
    const checked = new Set([1, 2, 3]);
    expect(detectConflictEvents(7, hits, dates, text, checked)).toEqual([
      {
        kind: 'cannibalisation',
        conflict: 'multiple',
        keyword: 'flights',
        previousDate: '2025-01-08',
        currentDate: '2025-01-15',
        previousPosition: 1,
        currentPosition: 2,
        url: 'https://example.com/f',
        urls: [
          { url: 'https://example.com/f', date: '2025-01-15', position: 2 },
          { url: 'https://example.com/f2', date: '2025-01-15', position: 3 },
        ],
        eventKey: 'cannibalisation-multiple:7:2025-01-08:2025-01-15:flights',
      },
    ]);
    // Without the date before the previous one, the hotels flip at the previous date is not seen: it is new.
    expect(detectConflictEvents(7, hits, dates.slice(1), text, checked).map((e) => e.eventKey)).toEqual([
      'cannibalisation-flip:7:2025-01-08:2025-01-15:hotels',
      'cannibalisation-multiple:7:2025-01-08:2025-01-15:flights',
    ]);
    // A keyword not checked at the previous date is new, not conflicted.
    expect(detectConflictEvents(7, hits, dates, text, new Set([2, 3]))).toEqual([]);
  });
});
