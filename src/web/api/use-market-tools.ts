// Market explorer and recommendation (spec §2, /api/market-explorer/… and /api/recommendation/…) over
// TanStack Query, and their CSV export addresses.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MARKET_EXPLORER_BASE } from '@contracts/market-explorer';
import { RECOMMENDATION_BASE, recommendationResponse } from '@contracts/recommendation';
import { veKeywordRankingResponse } from '@contracts/visibility-explorer';
import type { TimeSpan } from '@core/date-range';
import { apiRequest } from './client';
import { marketToolKeys } from './query-keys';

export interface MarketToolSelection {
  market: string;
  host: string;
  time: TimeSpan;
}

/** Rows per page of the market explorer and of the recommendation. */
export const MARKET_EXPLORER_PAGE_SIZE = 50;
export const RECOMMENDATION_PAGE_SIZE = 25;

export function useMarketExplorer(s: MarketToolSelection, page: number) {
  return useQuery({
    queryKey: marketToolKeys.explorer(s.market, s.host, s.time, page),
    queryFn: ({ signal }) =>
      apiRequest(`${MARKET_EXPLORER_BASE}/data`, {
        query: { ...s, page, pageSize: MARKET_EXPLORER_PAGE_SIZE },
        schema: veKeywordRankingResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRecommendation(s: MarketToolSelection, page: number) {
  return useQuery({
    queryKey: marketToolKeys.recommendation(s.market, s.host, s.time, page),
    queryFn: ({ signal }) =>
      apiRequest(`${RECOMMENDATION_BASE}/data/urls`, {
        query: { ...s, page, pageSize: RECOMMENDATION_PAGE_SIZE },
        schema: recommendationResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The market explorer's CSV covers the default year (spec §2 gives its CSV no time parameter). */
export function marketExplorerCsvHref(s: MarketToolSelection): string {
  return `${MARKET_EXPLORER_BASE}/csv?${new URLSearchParams({ market: s.market, host: s.host })}`;
}

export function recommendationCsvHref(s: MarketToolSelection): string {
  return `${RECOMMENDATION_BASE}/urls/csv?${new URLSearchParams({ ...s })}`;
}
