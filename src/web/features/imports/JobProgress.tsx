// The progress bar of the import screen: bytes sent while the files upload, then the job's own progress as
// it is polled — bytes read of the total and rows so far while reading, and a moving bar while it writes.
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ImportJobView } from '@contracts/imports';
import { useFormat } from '../../app/route-context';
import { formatBytes } from './import-text';

export interface UploadProgress {
  sent: number;
  total: number;
}

export function JobProgress({ upload, job }: { upload: UploadProgress | null; job: ImportJobView | null }) {
  const format = useFormat();
  let label: string;
  let detail = '';
  let value = 100;
  let moving = false;
  if (upload !== null && job === null) {
    value = upload.total > 0 ? (upload.sent / upload.total) * 100 : 0;
    label = 'Uploading';
    detail = `${formatBytes(upload.sent, format)} of ${formatBytes(upload.total, format)}`;
  } else if (job === null || job.phase === 'queued') {
    label = 'Waiting for the imports before this one';
    moving = true;
  } else if (job.phase === 'writing') {
    label = job.dryRun ? 'Checking' : 'Writing';
    detail = `${format.integer(job.rowsWritten)} records`;
    moving = true;
  } else {
    const total = job.bytesTotal ?? 0;
    value = total > 0 ? (job.bytesRead / total) * 100 : 0;
    label = 'Reading';
    detail =
      `${formatBytes(job.bytesRead, format)}${total > 0 ? ` of ${formatBytes(total, format)}` : ''} · ` +
      `${format.integer(job.rowsRead)} rows` +
      (job.rowsRejected > 0 ? ` · ${format.integer(job.rowsRejected)} rejected` : '');
  }
  return (
    <Paper withBorder p="md" aria-live="polite">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {moving ? detail : `${format.integer(Math.floor(value))} %${detail ? ` · ${detail}` : ''}`}
          </Text>
        </Group>
        <Progress
          value={value}
          animated={moving}
          striped={moving}
          size="lg"
          aria-label={`${label} ${Math.floor(value)} percent`}
        />
      </Stack>
    </Paper>
  );
}
