// Content clusters (spec §2, /api/marketshare/{existing,new}/cluster/…) over TanStack Query. The market's
// clusters are built by a background job: while it runs the endpoint answers 202 with its progress and the
// hook asks again every POLL_MS until the clusters (200) arrive. Also the CSV export address.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CLUSTER_BASE,
  existingClustersReply,
  newClustersReply,
  type ClusterKind,
  type ClusterTime,
} from '@contracts/clusters';
import { apiRequest } from './client';
import { clusterKeys } from './query-keys';

export interface ClusterSelection {
  market: string;
  host: string;
  time: ClusterTime;
  /** New content: the competitors the user chose (null: the topical ones the server picks). */
  competitors?: readonly string[] | null;
}

/** The competitor choice as query parameters: none when the server picks. */
const choice = (s: ClusterSelection): Record<string, string> =>
  s.competitors === undefined || s.competitors === null || s.competitors.length === 0
    ? {}
    : { competitors: s.competitors.join(',') };

/** Clusters per page of the table. */
export const CLUSTER_PAGE_SIZE = 50;
/** How often a running job is asked for its progress (ms). */
export const POLL_MS = 750;

const query = (s: ClusterSelection, page: number) => ({
  market: s.market,
  host: s.host,
  time: s.time,
  page,
  limit: CLUSTER_PAGE_SIZE,
  ...choice(s),
});

const poll = (q: { state: { data?: { status: string } } }) =>
  q.state.data?.status === 'running' ? POLL_MS : false;

export function useExistingClusters(s: ClusterSelection, page: number) {
  return useQuery({
    queryKey: clusterKeys.list('existing', s.market, s.host, s.time, page),
    queryFn: ({ signal }) =>
      apiRequest(`${CLUSTER_BASE}/existing/cluster/data`, {
        query: query(s, page),
        schema: existingClustersReply,
        signal,
      }),
    refetchInterval: poll,
    placeholderData: keepPreviousData,
  });
}

export function useNewClusters(s: ClusterSelection, page: number) {
  return useQuery({
    queryKey: [...clusterKeys.list('new', s.market, s.host, s.time, page), s.competitors ?? null],
    queryFn: ({ signal }) =>
      apiRequest(`${CLUSTER_BASE}/new/cluster/data`, {
        query: query(s, page),
        schema: newClustersReply,
        signal,
      }),
    refetchInterval: poll,
    placeholderData: keepPreviousData,
  });
}

/** Address of every cluster of the list as CSV (one row per cluster keyword). */
export function clusterCsvHref(kind: ClusterKind, s: ClusterSelection): string {
  const params = new URLSearchParams({ market: s.market, host: s.host, time: s.time, ...choice(s) });
  return `${CLUSTER_BASE}/${kind}/cluster/csv?${params}`;
}
