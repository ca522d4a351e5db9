// Market share (spec §2 and §7, /api/marketshare/data/…) over TanStack Query: the overview, the competitive
// matrix, and the addresses of their CSV exports.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MARKET_SHARE_BASE,
  marketShareMatrixResponse,
  marketShareResponse,
  type MatrixKind,
} from '@contracts/market-share';
import type { TimeSpan } from '@core/date-range';
import { apiRequest } from './client';
import { marketShareKeys } from './query-keys';

export interface MarketShareSelection {
  market: string;
  time: TimeSpan;
  /** The host of the address (highlighted), if any. */
  host: string | null;
}

function queryOf(s: MarketShareSelection): Record<string, string> {
  return s.host === null
    ? { market: s.market, time: s.time }
    : { market: s.market, time: s.time, host: s.host };
}

export function useMarketShare(s: MarketShareSelection) {
  return useQuery({
    queryKey: marketShareKeys.overview(s.market, s.time, s.host),
    queryFn: ({ signal }) =>
      apiRequest(`${MARKET_SHARE_BASE}/overview`, { query: queryOf(s), schema: marketShareResponse, signal }),
  });
}

export function useCompetitiveMatrix(s: MarketShareSelection, by: MatrixKind) {
  return useQuery({
    queryKey: marketShareKeys.matrix(s.market, s.time, s.host, by),
    queryFn: ({ signal }) =>
      apiRequest(`${MARKET_SHARE_BASE}/competitive-matrix`, {
        query: { ...queryOf(s), by },
        schema: marketShareMatrixResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The overview table and its series (kind=overview) or the matrix (kind=matrix) as CSV. */
export function marketShareCsvHref(
  s: MarketShareSelection,
  kind: 'overview' | 'matrix',
  by?: MatrixKind,
): string {
  const q = new URLSearchParams({ ...queryOf(s), kind, ...(by === undefined ? {} : { by }) });
  return `${MARKET_SHARE_BASE}/csv?${q}`;
}
