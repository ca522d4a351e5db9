// Rank tracking (issue 29; /api/v1/rank-tracking/{campaign}/…) over TanStack Query: the keyword table, one
// keyword in depth and the conflicts list, and the CSV address. List parameters repeat their name, so the
// query string is built here rather than by apiRequest's single-valued `query`. The same query string is the
// screen's address, so a copied link opens the same filters and sort (rtSelectionFromSearch).
import type { ExportFormat } from '@contracts/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RT_BASE } from '@contracts/paths';
import {
  RT_LIST_PARAMS,
  rtConflictsResponse,
  rtKeywordResponse,
  rtTableQuery,
  rtTableResponse,
  type RtTableQuery,
} from '@contracts/rank-tracking';
import type { ResultType } from '@core/result-types';
import { apiRequest } from './client';

/** What the screen's filter bar chose (empty strings and nulls: not set). */
export interface RtSelection {
  startDate: string | null;
  endDate: string | null;
  positionKind: 'absolute' | 'classic';
  focus: string | null;
  tags: string[];
  tagsMatch: 'any' | 'all';
  groups: string[];
  q: string;
  minPosition: number | null;
  maxPosition: number | null;
  movement: 'up' | 'down' | 'new' | 'lost' | null;
  moveBy: number;
  feature: ResultType | null;
  featureOwned: boolean;
  cannibalised: boolean;
  sortField: 'keyword' | 'volume' | 'position' | 'change' | 'previousChange' | 'best';
  sortDirection: 'asc' | 'desc';
}

export const RT_DEFAULT_SELECTION: RtSelection = {
  startDate: null,
  endDate: null,
  positionKind: 'absolute',
  focus: null,
  tags: [],
  tagsMatch: 'any',
  groups: [],
  q: '',
  minPosition: null,
  maxPosition: null,
  movement: null,
  moveBy: 1,
  feature: null,
  featureOwned: false,
  cannibalised: false,
  sortField: 'change',
  sortDirection: 'desc',
};

/** Rows per page: past 150 the table renders only the rows in view (DataTable). */
export const RT_PAGE_SIZE = 200;

/** The query string of a selection (arrays repeat their name; unset values are left out). */
export function rtQueryString(s: RtSelection, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams({ positionKind: s.positionKind });
  if (s.startDate) p.set('startDate', s.startDate);
  if (s.endDate) p.set('endDate', s.endDate);
  if (s.focus) p.set('focus', s.focus);
  for (const t of s.tags) p.append('tags', t);
  if (s.tags.length > 1) p.set('tagsMatch', s.tagsMatch);
  for (const g of s.groups) p.append('groups', g);
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.minPosition !== null) p.set('minPosition', String(s.minPosition));
  if (s.maxPosition !== null) p.set('maxPosition', String(s.maxPosition));
  if (s.movement === 'up' || s.movement === 'down') {
    p.set('movers', s.movement);
    p.set('moveBy', String(s.moveBy));
  } else if (s.movement !== null) p.set('status', s.movement);
  if (s.feature) {
    p.set('feature', s.feature);
    if (s.featureOwned) p.set('featureOwned', 'true');
  }
  if (s.cannibalised) p.set('cannibalised', 'true');
  p.set('sortField', s.sortField);
  p.set('sortDirection', s.sortDirection);
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  return p.toString();
}

/** Page and size are the table's own; the address keeps the selection only. */
const NOT_SELECTION = new Set(['page', 'pageSize']);

/**
 * The selection an address names (the query string rtQueryString wrote, or one a user edited), read through
 * the server's own contract: a parameter that does not parse is dropped and takes its default, the rest stay.
 */
export function rtSelectionFromSearch(search: URLSearchParams): RtSelection {
  const raw: Record<string, string | string[]> = {};
  for (const key of Object.keys(rtTableQuery.shape)) {
    if (NOT_SELECTION.has(key)) continue;
    if ((RT_LIST_PARAMS as readonly string[]).includes(key)) {
      if (search.has(key)) raw[key] = search.getAll(key);
    } else {
      const value = search.get(key);
      if (value !== null) raw[key] = value;
    }
  }
  // Each failed pass names the parameters at fault; at most one pass per parameter.
  for (let pass = 0; pass <= Object.keys(raw).length; pass++) {
    const parsed = rtTableQuery.safeParse(raw);
    if (parsed.success) return selectionOf(parsed.data);
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return RT_DEFAULT_SELECTION;
}

function selectionOf(q: RtTableQuery): RtSelection {
  return {
    startDate: q.startDate ?? null,
    endDate: q.endDate ?? null,
    positionKind: q.positionKind,
    focus: q.focus ?? null,
    tags: q.tags ?? [],
    tagsMatch: q.tagsMatch,
    groups: q.groups ?? [],
    q: q.q,
    minPosition: q.minPosition ?? null,
    maxPosition: q.maxPosition ?? null,
    movement: q.movers ?? q.status ?? null,
    moveBy: q.moveBy,
    feature: q.feature ?? null,
    featureOwned: q.featureOwned,
    cannibalised: q.cannibalised,
    sortField: q.sortField,
    sortDirection: q.sortDirection,
  };
}

const KEY = ['rank-tracking'] as const;

/** One page of the table; a dashboard's rank-table widget asks for its first few rows only. */
export function useRtTable(campaign: number, s: RtSelection, page: number, pageSize = RT_PAGE_SIZE) {
  const qs = rtQueryString(s, { page, pageSize });
  return useQuery({
    queryKey: [...KEY, campaign, 'table', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${RT_BASE}/${campaign}/keywords?${qs}`, { schema: rtTableResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The compared dates and position kind alone: what the drawer and the conflicts list read. */
function baseQuery(s: RtSelection, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams({ positionKind: s.positionKind });
  if (s.startDate) p.set('startDate', s.startDate);
  if (s.endDate) p.set('endDate', s.endDate);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

export function useRtKeyword(campaign: number, keyword: number | null, s: RtSelection, date: string | null) {
  const qs = baseQuery(s, date ? { date } : {});
  return useQuery({
    queryKey: [...KEY, campaign, 'keyword', keyword, qs],
    queryFn: ({ signal }) =>
      apiRequest(`${RT_BASE}/${campaign}/keywords/${keyword}?${qs}`, { schema: rtKeywordResponse, signal }),
    enabled: keyword !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRtConflicts(campaign: number, s: RtSelection, enabled: boolean) {
  const qs = baseQuery(s);
  return useQuery({
    queryKey: [...KEY, campaign, 'conflicts', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${RT_BASE}/${campaign}/cannibalisation?${qs}`, { schema: rtConflictsResponse, signal }),
    enabled,
  });
}

/** The CSV address of the table for the selection (every row the filters keep). */
/** The table's download in `format` (CSV or XLSX), with the selection's filters and sort. */
export function rtExportHref(campaign: number, s: RtSelection, format: ExportFormat): string {
  return `${RT_BASE}/${campaign}/${format}?${rtQueryString(s)}`;
}
