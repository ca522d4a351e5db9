// Search Console analysis (issue 30; /api/v1/search-console/…) over TanStack Query, and the CSV addresses.
// List parameters repeat their name, so the query string is built here rather than by apiRequest's
// single-valued `query`.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SEARCH_CONSOLE_BASE,
  gscAnalyticsResponse,
  gscKeywordPagesResponse,
  gscPageKeywordsResponse,
  gscSitesResponse,
  gscStrikingResponse,
} from '@contracts/search-console';
import type { GscDimension } from '@core/search-console/tables';
import { apiRequest } from './client';

/** What the screens' filter bar chose. */
export interface GscSelection {
  site: string;
  startDate: string;
  endDate: string;
  /** Compare with the period of the same length before. */
  compare: boolean;
  compareStartDate: string;
  compareEndDate: string;
  queryFilter: string;
  pageFilter: string;
  device: string;
}

export const GSC_PAGE_SIZE = 50;

/** The query string of a selection plus extra parameters (arrays repeat their name). */
export function gscQueryString(
  s: GscSelection,
  extra: Record<string, string | number | readonly string[] | undefined> = {},
): string {
  const p = new URLSearchParams({ site: s.site });
  if (s.startDate) p.set('startDate', s.startDate);
  if (s.endDate) p.set('endDate', s.endDate);
  if (s.compare && s.compareStartDate && s.compareEndDate) {
    p.set('compareStartDate', s.compareStartDate);
    p.set('compareEndDate', s.compareEndDate);
  }
  if (s.queryFilter.trim()) p.append('queryFilter', s.queryFilter.trim());
  if (s.pageFilter.trim()) p.append('pageFilter', s.pageFilter.trim());
  if (s.device) p.append('device', s.device);
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) continue;
    if (typeof v === 'string' || typeof v === 'number') p.set(k, String(v));
    else for (const x of v) p.append(k, x);
  }
  return p.toString();
}

const KEY = ['search-console'] as const;

/** The sites with rows; `enabled` false asks nothing (a form that offers them only for some widget types). */
export function useGscSites(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'sites'],
    queryFn: ({ signal }) => apiRequest(`${SEARCH_CONSOLE_BASE}/sites`, { schema: gscSitesResponse, signal }),
    enabled,
  });
}

export function useGscAnalytics(
  s: GscSelection,
  dimensions: readonly GscDimension[],
  sort: { field: string; direction: 'asc' | 'desc' },
  page: number,
) {
  const qs = gscQueryString(s, {
    dimensions,
    sortField: sort.field,
    sortDirection: sort.direction,
    page,
    pageSize: GSC_PAGE_SIZE,
  });
  return useQuery({
    queryKey: [...KEY, 'analytics', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${SEARCH_CONSOLE_BASE}/analytics?${qs}`, { schema: gscAnalyticsResponse, signal }),
    placeholderData: keepPreviousData,
    enabled: s.site !== '',
  });
}

/**
 * The totals (clicks, impressions, CTR, position) of a selection and, with its previous period, theirs: the
 * analytics read with one row, since only its totals are drawn (a dashboard's Search Console totals widget).
 */
export function useGscTotals(s: GscSelection) {
  const qs = gscQueryString(s, { page: 1, pageSize: 1 });
  return useQuery({
    queryKey: [...KEY, 'analytics', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${SEARCH_CONSOLE_BASE}/analytics?${qs}`, { schema: gscAnalyticsResponse, signal }),
    enabled: s.site !== '',
  });
}

export function useGscKeywordPages(s: GscSelection, page: number) {
  const qs = gscQueryString(s, { page, pageSize: GSC_PAGE_SIZE });
  return useQuery({
    queryKey: [...KEY, 'keyword-pages', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${SEARCH_CONSOLE_BASE}/keyword-pages?${qs}`, { schema: gscKeywordPagesResponse, signal }),
    placeholderData: keepPreviousData,
    enabled: s.site !== '',
  });
}

export function useGscPageKeywords(s: GscSelection, view: 'pages' | 'decaying', page: number) {
  const qs = gscQueryString(s, { view, page, pageSize: GSC_PAGE_SIZE });
  return useQuery({
    queryKey: [...KEY, 'page-keywords', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${SEARCH_CONSOLE_BASE}/page-keywords?${qs}`, { schema: gscPageKeywordsResponse, signal }),
    placeholderData: keepPreviousData,
    enabled: s.site !== '',
  });
}

export function useGscStriking(s: GscSelection, page: number, ctrModel: string | null) {
  const qs = gscQueryString(s, { page, pageSize: GSC_PAGE_SIZE, ctrModel: ctrModel ?? undefined });
  return useQuery({
    queryKey: [...KEY, 'striking', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${SEARCH_CONSOLE_BASE}/striking-distance?${qs}`, { schema: gscStrikingResponse, signal }),
    placeholderData: keepPreviousData,
    enabled: s.site !== '',
  });
}

/** The CSV address of a screen's endpoint (`analytics`, `keyword-pages` …) for the selection. */
export function gscCsvHref(
  endpoint: string,
  s: GscSelection,
  extra: Record<string, string | readonly string[] | undefined> = {},
): string {
  return `${SEARCH_CONSOLE_BASE}/${endpoint}/csv?${gscQueryString(s, extra)}`;
}
