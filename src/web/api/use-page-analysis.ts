// Page Analysis (issue 29 item 4; /api/v1/page-analysis/{campaign}/…) over TanStack Query: the URL table of
// a tracked domain, one URL in depth, and the CSV and XLSX addresses of both.
import type { ExportFormat } from '@contracts/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paPageResponse, paPagesResponse } from '@contracts/page-analysis';
import { PA_BASE } from '@contracts/paths';
import type { PageSortField } from '@core/rank-tracking/page-analysis';
import { apiRequest } from './client';

/** What the screen chose (nulls and empty strings: not set). */
export interface PaSelection {
  startDate: string | null;
  endDate: string | null;
  positionKind: 'absolute' | 'classic';
  focus: string | null;
  q: string;
  sortField: PageSortField;
  sortDirection: 'asc' | 'desc';
}

export const PA_DEFAULT_SELECTION: PaSelection = {
  startDate: null,
  endDate: null,
  positionKind: 'absolute',
  focus: null,
  q: '',
  sortField: 'visibilityScore',
  sortDirection: 'desc',
};

export const PA_PAGE_SIZE = 50;

function baseParams(s: PaSelection): URLSearchParams {
  const p = new URLSearchParams({ positionKind: s.positionKind });
  if (s.startDate) p.set('startDate', s.startDate);
  if (s.endDate) p.set('endDate', s.endDate);
  if (s.focus) p.set('focus', s.focus);
  return p;
}

function pagesQuery(s: PaSelection, page: number | null): string {
  const p = baseParams(s);
  if (s.q.trim()) p.set('q', s.q.trim());
  p.set('sortField', s.sortField);
  p.set('sortDirection', s.sortDirection);
  if (page !== null) {
    p.set('page', String(page));
    p.set('pageSize', String(PA_PAGE_SIZE));
  }
  return p.toString();
}

function pageQuery(s: PaSelection, url: string): string {
  const p = baseParams(s);
  p.set('url', url);
  return p.toString();
}

/** What an address can carry into the screen: the dates, the position kind and the tracked target. */
export type PaLinkSelection = Pick<PaSelection, 'startDate' | 'endDate' | 'positionKind' | 'focus'>;

/** The Page Analysis screen's path opened on one URL of a tracked target (`focus`), at the given dates. */
export function paScreenPath(campaign: number, s: PaLinkSelection, url: string): string {
  const { startDate, endDate, positionKind, focus } = s;
  const chosen = { ...PA_DEFAULT_SELECTION, startDate, endDate, positionKind, focus };
  return `/${campaign}/rankings/page-analysis?${pageQuery(chosen, url)}`;
}

/** The screen's opening selection and URL from its address (paScreenPath); defaults for what is missing. */
export function paSelectionFromSearch(q: URLSearchParams): { selection: PaSelection; url: string | null } {
  const date = (k: string) => {
    const v = q.get(k);
    return v !== null && /^\d{4}-\d{2}-\d{2}$/u.test(v) ? v : null;
  };
  return {
    selection: {
      ...PA_DEFAULT_SELECTION,
      startDate: date('startDate'),
      endDate: date('endDate'),
      positionKind: q.get('positionKind') === 'classic' ? 'classic' : 'absolute',
      focus: q.get('focus') || null,
    },
    url: q.get('url') || null,
  };
}

const KEY = ['page-analysis'] as const;

export function usePaPages(campaign: number, s: PaSelection, page: number) {
  const qs = pagesQuery(s, page);
  return useQuery({
    queryKey: [...KEY, campaign, 'pages', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${PA_BASE}/${campaign}/pages?${qs}`, { schema: paPagesResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaPage(campaign: number, s: PaSelection, url: string | null) {
  const qs = url === null ? '' : pageQuery(s, url);
  return useQuery({
    queryKey: [...KEY, campaign, 'page', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${PA_BASE}/${campaign}/page?${qs}`, { schema: paPageResponse, signal }),
    enabled: url !== null,
  });
}

export const paPagesHref = (campaign: number, s: PaSelection, format: ExportFormat) =>
  `${PA_BASE}/${campaign}/pages/${format}?${pagesQuery(s, null)}`;

export const paPageHref = (campaign: number, s: PaSelection, url: string, format: ExportFormat) =>
  `${PA_BASE}/${campaign}/page/${format}?${pageQuery(s, url)}`;
