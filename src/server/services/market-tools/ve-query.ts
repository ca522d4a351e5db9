// The market-share family of screens (market explorer, recommendation) asks about one host over a `time`
// span ending today; the visibility explorer's request resolution (market known, host parsed, range) does
// the rest, so these screens read the same host data and give the same numbers as the explorer.
import type { VeRankingQuery } from '@contracts/visibility-explorer';
import { dateBefore, isoDateInZone, type TimeSpan } from '@core/date-range';

export interface HostSpanQuery {
  host: string;
  time?: TimeSpan;
  sortField?: string;
  sortDirection?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/** The explorer query for `host` over [today − time, today]; every row when no page is given. */
export function veQueryOf(q: HostSpanQuery, now: Date, time: TimeSpan): VeRankingQuery {
  const endDate = isoDateInZone(now);
  return {
    domains: [q.host],
    startDate: dateBefore(endDate, time),
    endDate,
    limit: 10,
    sortField: q.sortField,
    sortDirection: q.sortDirection,
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 50,
  };
}
