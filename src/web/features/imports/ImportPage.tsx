// "Import data" (Campaigns section, ROLE_CV): upload SERP exports, provider JSON, rank sheets, Search
// Console exports or keyword lists; follow the upload and then the job with a progress bar; read the summary
// with its rejected rows; and look back at earlier imports.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../api/client';
import { isFinished, useImportJob, useUploadImport } from '../../api/use-imports';
import { importKeys, workspaceKeys } from '../../api/query-keys';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { AlertIcon } from '../../components/icons';
import { ErrorView } from '../../components/StateViews';
import { ImportHistory } from './ImportHistory';
import { JobProgress } from './JobProgress';
import type { UploadProgress } from './JobProgress';
import { JobSummary } from './JobSummary';
import { UploadForm } from './UploadForm';
import type { UploadChoice } from './UploadForm';

export function ImportPage() {
  useBreadcrumb([{ label: 'Campaigns' }, { label: 'Import data' }]);
  const queryClient = useQueryClient();
  const upload = useUploadImport();
  const [sent, setSent] = useState<UploadProgress | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useImportJob(jobId);
  const finished = job.data !== undefined && isFinished(job.data);
  const running = upload.isPending || (job.data !== undefined && !finished);

  useEffect(() => {
    if (!finished) return;
    // The job has ended: the history and the workspace's markets, campaigns and counts may have changed.
    void queryClient.invalidateQueries({ queryKey: importKeys.all, exact: true });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.markets });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.campaignsAll });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.dashboard });
  }, [finished, jobId, queryClient]);

  const submit = (choice: UploadChoice) => {
    setJobId(null);
    setSent({ sent: 0, total: choice.files.reduce((n, f) => n + f.size, 0) });
    upload.mutate(
      { ...choice, onProgress: (s, total) => setSent({ sent: s, total }) },
      {
        onSuccess: (queued) => {
          setSent(null);
          setJobId(queued.id);
        },
        onError: () => setSent(null),
      },
    );
  };
  const open = useCallback((id: number) => setJobId(id), []);

  return (
    <Stack gap="md">
      <PageHeader
        title="Import data"
        description="SERP exports and provider JSON, rank-tracker sheets, Search Console exports and keyword lists. Each import is written whole or not at all."
      />
      <UploadForm busy={running} onSubmit={submit} />
      {upload.isError && (
        <Alert color="red" icon={<AlertIcon size={16} />} title="The upload failed">
          {describeError(upload.error)}
        </Alert>
      )}
      {(sent !== null || (job.data !== undefined && !finished)) && (
        <JobProgress upload={sent} job={job.data ?? null} />
      )}
      {job.isError && (
        <ErrorView
          title="The import could not be loaded"
          error={job.error}
          onRetry={() => void job.refetch()}
        />
      )}
      {job.data && finished && <JobSummary job={job.data} />}
      <ImportHistory onOpen={open} />
    </Stack>
  );
}
