// Visibility-explorer data (spec §7) over TanStack Query: the domain summary, the keyword ranking table and
// the public autocomplete of a market, each parsed with its contract, plus the CSV export address. The host
// travels as the `domains` parameter (a registrable domain, host or host+path; its slashes are encoded).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  VE_BASE,
  VE_PUBLIC_AUTOCOMPLETE,
  veAutocompleteResponse,
  veDomainsResponse,
  veKeywordRankingResponse,
} from '@contracts/visibility-explorer';
import { apiRequest } from './client';
import { visibilityExplorerKeys } from './query-keys';

export interface VeSelection {
  market: string;
  host: string;
  startDate: string | null;
  endDate: string | null;
}

/** Rows per page of the keyword table. */
export const VE_PAGE_SIZE = 50;

function query(s: VeSelection, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ domains: s.host, ...extra });
  if (s.startDate) q.set('startDate', s.startDate);
  if (s.endDate) q.set('endDate', s.endDate);
  return q.toString();
}

const base = (market: string) => `${VE_BASE}/${encodeURIComponent(market)}`;

export function useVeDomains(s: VeSelection) {
  return useQuery({
    queryKey: visibilityExplorerKeys.domains(s.market, s.host, s.startDate, s.endDate),
    queryFn: ({ signal }) =>
      apiRequest(`${base(s.market)}/domains?${query(s)}`, { schema: veDomainsResponse, signal }),
  });
}

export function useVeKeywords(s: VeSelection, page: number) {
  return useQuery({
    queryKey: visibilityExplorerKeys.keywords(s.market, s.host, s.startDate, s.endDate, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `${base(s.market)}/ranking/keywords?${query(s, { page: String(page), pageSize: String(VE_PAGE_SIZE) })}`,
        { schema: veKeywordRankingResponse, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Domains and hosts containing `text` in the market (nothing is asked for fewer than 2 characters). */
export function useVeAutocomplete(market: string | null, text: string) {
  const q = text.trim().toLowerCase();
  return useQuery({
    queryKey: visibilityExplorerKeys.autocomplete(market ?? '', q),
    queryFn: ({ signal }) =>
      apiRequest(
        `${VE_PUBLIC_AUTOCOMPLETE}?${new URLSearchParams({ market: market ?? '', q, limit: '8' })}`,
        { schema: veAutocompleteResponse, signal },
      ),
    enabled: market !== null && q.length >= 2,
    staleTime: 60_000,
  });
}

/** Address of the keyword (or URL) table as CSV; `campaign` is '-' for none (spec §7). */
export function veCsvHref(s: VeSelection, table: 'keywords' | 'urls'): string {
  return `${base(s.market)}/csv/${table}?${query(s, { campaign: '-' })}`;
}
