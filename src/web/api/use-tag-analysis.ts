// Tag Analysis (issue 29 item 5; /api/v1/tag-analysis/{campaign}) over TanStack Query: the labels × domains
// figures for tags or keyword groups between two dates, one label's series, and the CSV and XLSX addresses of the matrix.
import type { ExportFormat } from '@contracts/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TA_BASE } from '@contracts/paths';
import { taResponse, taSeriesResponse } from '@contracts/tag-analysis';
import { apiRequest } from './client';

export interface TaSelection {
  kind: 'tags' | 'groups';
  startDate: string | null;
  endDate: string | null;
}

function query(s: TaSelection): string {
  const p = new URLSearchParams({ kind: s.kind });
  if (s.startDate) p.set('startDate', s.startDate);
  if (s.endDate) p.set('endDate', s.endDate);
  return p.toString();
}

export function useTagAnalysis(campaign: number, s: TaSelection) {
  const qs = query(s);
  return useQuery({
    queryKey: ['tag-analysis', campaign, qs],
    queryFn: ({ signal }) => apiRequest(`${TA_BASE}/${campaign}?${qs}`, { schema: taResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One label's figures at every point date (the chart under the matrix). */
export function useTagSeries(campaign: number, s: TaSelection, label: string | null) {
  const qs = `${query(s)}&label=${encodeURIComponent(label ?? '')}`;
  return useQuery({
    queryKey: ['tag-analysis', campaign, 'series', qs],
    queryFn: ({ signal }) =>
      apiRequest(`${TA_BASE}/${campaign}/series?${qs}`, { schema: taSeriesResponse, signal }),
    enabled: label !== null,
    placeholderData: keepPreviousData,
  });
}

export const taHref = (campaign: number, s: TaSelection, format: ExportFormat) =>
  `${TA_BASE}/${campaign}/${format}?${query(s)}`;
