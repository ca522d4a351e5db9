// Project-visibility data (issue 5 item 2) over TanStack Query: the project's summary over the union of its
// campaigns for the header's date range, parsed with its contract, plus the address of its CSV export.
import { useQuery } from '@tanstack/react-query';
import { PV_BASE, PV_ID_PREFIX, pvResponse } from '@contracts/project-visibility';
import { apiRequest } from './client';
import { projectVisibilityKeys } from './query-keys';

export interface PvSelection {
  projectId: number;
  startDate: string | null;
  endDate: string | null;
}

function query(s: PvSelection): string {
  const q = new URLSearchParams();
  if (s.startDate) q.set('startDate', s.startDate);
  if (s.endDate) q.set('endDate', s.endDate);
  return q.toString();
}

const base = (projectId: number) => `${PV_BASE}/${PV_ID_PREFIX}${projectId}`;

/** Every tracked domain of the project, in total and per campaign. */
export function useProjectVisibility(s: PvSelection) {
  return useQuery({
    queryKey: projectVisibilityKeys.summary(s.projectId, s.startDate, s.endDate),
    queryFn: ({ signal }) =>
      apiRequest(`${base(s.projectId)}/domains?${query(s)}`, { schema: pvResponse, signal }),
  });
}

/** Address of the summary as CSV (one line per scope and domain). */
export function projectVisibilityCsvHref(s: PvSelection): string {
  return `${base(s.projectId)}/csv?${query(s)}`;
}
