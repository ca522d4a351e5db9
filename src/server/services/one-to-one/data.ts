// The comparison as the screen reads it (GET /api/v2/1-2-1/data): both hosts' headline numbers and series,
// the keyword counts per group, and one page of the keyword table filtered by group and sorted. Also the
// ordering the keyword CSV shares with the table.
import type {
  OneToOneGroupParam,
  OneToOneQuery,
  OneToOneResponse,
  OneToOneRowBody,
  OneToOneSortField,
} from '@contracts/one-to-one';
import { groupCounts, groupsOf, inGroup, type OneToOneRow } from '@core/metrics/one-to-one';
import type { ExplorerSeries } from '@core/metrics/explorer';
import { hostRef } from '../visibility-explorer/summary';
import type { Comparison } from './comparison';

export interface Shared {
  organisation: string;
  expiresAt: string;
}

const value = (r: OneToOneRow, field: OneToOneSortField): string | number | null => {
  switch (field) {
    case 'keyword':
      return r.keyword;
    case 'searchVolume':
      return r.searchVolume;
    case 'aPosition':
      return r.a.position;
    case 'bPosition':
      return r.b.position;
    case 'aScore':
      return r.a.score;
    case 'bScore':
      return r.b.score;
    case 'aScoreDelta':
      return r.a.scoreDeltas.delta;
    case 'bScoreDelta':
      return r.b.scoreDeltas.delta;
  }
};

/** Text and positions ascend by default, numbers descend; empty values (no rank, unknown volume) go last. */
export function sortedRows(
  rows: readonly OneToOneRow[],
  group: OneToOneGroupParam,
  field: OneToOneSortField,
  direction?: 'asc' | 'desc',
): OneToOneRow[] {
  const ascending =
    (direction ?? (field === 'keyword' || field.endsWith('Position') ? 'asc' : 'desc')) === 'asc';
  const picked = group === 'all' ? [...rows] : rows.filter((r) => inGroup(r, group));
  return picked.sort((x, y) => {
    const a = value(x, field);
    const b = value(y, field);
    if (a !== b) {
      if (a === null) return 1;
      if (b === null) return -1;
      return (a < b ? -1 : 1) * (ascending ? 1 : -1);
    }
    return x.keyword < y.keyword ? -1 : x.keyword > y.keyword ? 1 : x.keywordId - y.keywordId;
  });
}

export function rowBody(r: OneToOneRow): OneToOneRowBody {
  return { keyword: r.keyword, searchVolume: r.searchVolume, groups: groupsOf(r), a: r.a, b: r.b };
}

function summary(c: Comparison, side: 'a' | 'b', s: ExplorerSeries) {
  return {
    host: hostRef(c[side]),
    visibilityScore: s.visibilityScore,
    visibilityScoreDeltas: s.visibilityScoreDeltas,
    visibility: s.visibility,
    visibilityDeltas: s.visibilityDeltas,
    rankingKeywords: c.rows.filter((r) => r[side].position !== null).length,
  };
}

export function comparisonData(c: Comparison, q: OneToOneQuery, shared: Shared | null): OneToOneResponse {
  const rows = sortedRows(c.rows, q.group, q.sortField, q.sortDirection);
  return {
    market: c.market,
    time: c.time,
    startDate: c.span.start,
    endDate: c.span.end,
    start: c.start,
    end: c.end,
    a: summary(c, 'a', c.seriesA),
    b: summary(c, 'b', c.seriesB),
    // Both series have a point on each of the market's snapshot dates, in the same order.
    series: c.seriesA.series.map((pa, i) => {
      const pb = c.seriesB.series[i]!;
      return {
        date: pa.date,
        a: { visibilityScore: pa.visibilityScore, visibility: pa.visibility },
        b: { visibilityScore: pb.visibilityScore, visibility: pb.visibility },
      };
    }),
    counts: groupCounts(c.rows),
    group: q.group,
    total: rows.length,
    page: q.page,
    pageSize: q.pageSize,
    items: rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map(rowBody),
    shared,
  };
}
