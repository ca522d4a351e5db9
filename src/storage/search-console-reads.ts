// The Search Console reads of a RankStore (issue 30): the tables a property's rows form, and grouped sums of
// one table with filters, up to two date ranges side by side, a sort and a page. Both engines answer from
// the same SQL (rank/gsc-sql.ts); the figures are folded from the sums in src/core/search-console/metrics.ts.
import type { GscSums } from '@core/search-console/metrics';
import type { GscDimension, GscTable } from '@core/search-console/tables';
import type { GscTextFilter } from '@core/search-console/filters';

export interface GscDateRange {
  /** `YYYY-MM-DD`, inclusive. */
  start: string;
  end: string;
}

export type GscSortField = 'clicks' | 'impressions' | 'ctr' | 'position' | 'clicksChange' | GscDimension;

/** The rows of one table a query reads: the table, the periods and the filters. */
export type GscRowsQuery = Omit<
  GscAggregateQuery,
  'groupBy' | 'sort' | 'offset' | 'limit' | 'positionBetween'
>;

export interface GscAggregateQuery {
  property: string;
  /** The table (GscTable) the rows are read from. */
  searchType: string;
  period: string;
  dimensions: string;
  /** Dimensions of the table to group by; none: one total row. */
  groupBy: readonly GscDimension[];
  /** Rows counted as the current period (dated tables only; null: every row). */
  current: GscDateRange | null;
  /** Rows counted as the previous period, summed beside the current one; null: no comparison. */
  previous: GscDateRange | null;
  query?: readonly GscTextFilter[];
  page?: readonly GscTextFilter[];
  /** Exact values (any of); absent: no filter. */
  queries?: readonly string[];
  pages?: readonly string[];
  countries?: readonly string[];
  devices?: readonly string[];
  searchAppearances?: readonly string[];
  /** Groups whose current impression-weighted position lies in [min, max] (and that have impressions). */
  positionBetween?: readonly [number, number];
  sort: { field: GscSortField; direction: 'asc' | 'desc' };
  offset: number;
  /** Groups returned; 0 returns none (only the count). */
  limit: number;
}

export interface GscGroup {
  /** The group's value of every groupBy dimension (dates as `YYYY-MM-DD`). */
  keys: Partial<Record<GscDimension, string>>;
  current: GscSums;
  /** Null when no previous period was asked for. */
  previous: GscSums | null;
}

export interface GscAggregate {
  groups: GscGroup[];
  /** Groups matching, before paging. */
  total: number;
}

export interface SearchConsoleReads {
  /** Every property with stored rows, with its row count. */
  properties(): Promise<{ property: string; rows: number }[]>;
  /** The tables of a property (none: no rows). */
  tables(property: string): Promise<GscTable[]>;
  aggregate(q: GscAggregateQuery): Promise<GscAggregate>;
  /** Σ clicks and Σ impressions per position bucket (average position rounded half up) of the current period. */
  positionBuckets(q: GscRowsQuery): Promise<{ bucket: number; clicks: number; impressions: number }[]>;
}
