// Imports (ROLE_CV): the job history, one job polled while it runs, and the upload itself. The upload goes
// through XMLHttpRequest rather than fetch because only XHR reports upload progress (bytes sent of the
// total), which the upload screen shows as its first progress bar; the job's own progress is then polled.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorBody } from '@contracts/common';
import { importJob, importJobsResponse } from '@contracts/imports';
import type { ImportFormat, ImportJobView } from '@contracts/imports';
import { ApiError, apiRequest, currentCsrfToken, newRequestId } from './client';
import { importKeys } from './query-keys';

/** How often a running job is asked for its progress (ms). */
export const JOB_POLL_MS = 500;

export function useImportJobs() {
  return useQuery({
    queryKey: importKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/v1/imports', { schema: importJobsResponse, signal }),
  });
}

export const isFinished = (job: ImportJobView) => job.status === 'succeeded' || job.status === 'failed';

/** One job; polled every JOB_POLL_MS until it has ended. null asks nothing. */
export function useImportJob(id: number | null) {
  return useQuery({
    queryKey: importKeys.job(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/api/v1/imports/${id}`, { schema: importJob, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : JOB_POLL_MS),
  });
}

export interface UploadRequest {
  files: File[];
  format?: ImportFormat;
  market?: string;
  campaign?: number;
  target?: string;
  dryRun: boolean;
  /** Bytes sent of the total, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void;
}

/** Sends the files as one multipart upload; resolves with the queued job. */
export function uploadImport(req: UploadRequest): Promise<ImportJobView> {
  const requestId = newRequestId();
  const query = new URLSearchParams();
  if (req.format) query.set('format', req.format);
  if (req.market) query.set('market', req.market);
  if (req.campaign !== undefined) query.set('campaign', String(req.campaign));
  if (req.target) query.set('target', req.target);
  if (req.dryRun) query.set('dryRun', 'true');
  const form = new FormData();
  for (const f of req.files) form.append('file', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/imports${query.size > 0 ? `?${query.toString()}` : ''}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Request-Id', requestId);
    const csrf = currentCsrfToken();
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) req.onProgress?.(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new ApiError('Network Error', 'network', requestId));
    xhr.onabort = () => reject(new ApiError('Request aborted', 'aborted', requestId));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText) as unknown;
      } catch {
        payload = undefined;
      }
      if (xhr.status !== 202) {
        const envelope = errorBody.safeParse(payload);
        const server = envelope.success ? envelope.data.error : null;
        reject(
          new ApiError(
            `Request failed with status code ${xhr.status}`,
            'http',
            requestId,
            xhr.status,
            server?.code ?? null,
            server?.message ?? null,
            server?.details,
          ),
        );
        return;
      }
      const job = importJob.safeParse(payload);
      if (job.success) resolve(job.data);
      else
        reject(
          new ApiError(
            "The server's answer to POST /api/v1/imports did not match its contract",
            'invalid-response',
            requestId,
            xhr.status,
          ),
        );
    };
    xhr.send(form);
  });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.job(job.id), job);
      void queryClient.invalidateQueries({ queryKey: importKeys.all, exact: true });
    },
  });
}
