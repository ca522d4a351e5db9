// Annotations (issue 29 item 6): the organisation-wide ones plus a campaign's, for the time charts and the
// Annotations panel, and the changes the panel makes (add, edit, delete, CSV import). Every change
// invalidates every annotation list, so each chart shows the new state without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { annotation, annotationsResponse, importAnnotationsResponse } from '@contracts/annotations';
import type {
  createAnnotationRequest,
  importAnnotationsRequest,
  updateAnnotationRequest,
} from '@contracts/annotations';
import { apiRequest } from './client';
import { annotationKeys } from './query-keys';

const PATH = '/api/v1/annotations';

/**
 * The organisation-wide annotations plus the campaign's (campaignId null: the organisation-wide ones only),
 * within the range when one is given. `enabled` false asks nothing (a share link's page has no session).
 */
export function useAnnotations(
  campaignId: number | null,
  range: { from: string | null; to: string | null } = { from: null, to: null },
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: annotationKeys.list(campaignId, range.from, range.to),
    queryFn: ({ signal }) =>
      apiRequest(PATH, {
        query: { campaign: campaignId, from: range.from, to: range.to },
        schema: annotationsResponse,
        signal,
      }),
    select: (r) => r.items,
  });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: annotationKeys.all });
}

export function useCreateAnnotation() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: z.input<typeof createAnnotationRequest>) =>
      apiRequest(PATH, { method: 'POST', body, schema: annotation }),
    onSuccess: after,
  });
}

export function useUpdateAnnotation() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: z.input<typeof updateAnnotationRequest> }) =>
      apiRequest(`${PATH}/${id}`, { method: 'PATCH', body: patch, schema: annotation }),
    onSuccess: after,
  });
}

export function useDeleteAnnotation() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: after,
  });
}

/** All rows or none; a refused file's ApiError carries `details.errors` (line, column, message). */
export function useImportAnnotations() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: z.input<typeof importAnnotationsRequest>) =>
      apiRequest(`${PATH}/import`, {
        method: 'POST',
        body,
        schema: importAnnotationsResponse,
        timeoutMs: 120_000,
      }),
    onSuccess: after,
  });
}
