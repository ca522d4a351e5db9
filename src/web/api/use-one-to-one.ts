// One-to-one comparison (spec §2 and §7, /api/v2/1-2-1/…) over TanStack Query: the comparison data (signed
// in, or through a share token), the organisation's share links with making and revoking them, and the
// addresses of the two CSV exports.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ONE_TO_ONE_BASE,
  oneToOneExportPath,
  oneToOneResponse,
  shareLinkBody,
  shareLinksResponse,
  type OneToOneGroupParam,
  type OneToOneSortField,
} from '@contracts/one-to-one';
import type { TimeSpan } from '@core/date-range';
import { apiRequest } from './client';
import { oneToOneKeys } from './query-keys';

export interface OneToOneSelection {
  hosts: [string, string];
  market: string;
  time: TimeSpan;
}

export interface OneToOneTable {
  group: OneToOneGroupParam;
  sortField: OneToOneSortField;
  sortDirection: 'asc' | 'desc';
  page: number;
}

/** Keyword rows per page of the comparison table. */
export const ONE_TO_ONE_PAGE_SIZE = 50;

export function useOneToOne(s: OneToOneSelection, table: OneToOneTable, share: string | null) {
  return useQuery({
    queryKey: oneToOneKeys.data(s.market, s.hosts.join(','), s.time, table, share),
    queryFn: ({ signal }) =>
      apiRequest(`${ONE_TO_ONE_BASE}/data`, {
        query: {
          host: s.hosts.join(','),
          market: s.market,
          time: s.time,
          ...table,
          pageSize: ONE_TO_ONE_PAGE_SIZE,
          share,
        },
        schema: oneToOneResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV exports for the selection's time (spec §2 gives them none; without it they cover a year). */
export function oneToOneCsvHref(
  kind: 'data' | 'keyword-csv',
  s: OneToOneSelection,
  share: string | null,
  group: OneToOneGroupParam = 'all',
): string {
  const q = new URLSearchParams({ time: s.time });
  if (kind === 'keyword-csv' && group !== 'all') q.set('group', group);
  return `${oneToOneExportPath(kind, s.hosts, s.market, share ?? undefined)}?${q}`;
}

export function useShareLinks() {
  return useQuery({
    queryKey: oneToOneKeys.shareLinks,
    queryFn: ({ signal }) =>
      apiRequest(`${ONE_TO_ONE_BASE}/share-links`, { schema: shareLinksResponse, signal }),
  });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { hosts: [string, string]; market: string; days: number }) =>
      apiRequest(`${ONE_TO_ONE_BASE}/share-links`, {
        method: 'POST',
        body: { host: body.hosts.join(','), market: body.market, days: body.days },
        schema: shareLinkBody,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oneToOneKeys.shareLinks }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${ONE_TO_ONE_BASE}/share-links/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: oneToOneKeys.shareLinks }),
  });
}
