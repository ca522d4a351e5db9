// The summary of a finished import: its outcome, rows read, written, rejected and warned about, how long it
// took, what it wrote by kind, the reason when it failed, the first rejects with file, line and reason, and
// the warnings.
import { useMemo } from 'react';
import { Alert, Badge, Group, List, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ImportJobView, ImportReject } from '@contracts/imports';
import { useFormat } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { AlertIcon } from '../../components/icons';
import {
  STATUS_COLORS,
  STATUS_LABELS,
  formatBytes,
  formatDuration,
  rejectPlace,
  writtenParts,
} from './import-text';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

const REJECT_COLUMNS: ColumnDef<ImportReject & { n: number }>[] = [
  { id: 'place', header: 'File and line', accessorFn: (r) => rejectPlace(r) },
  { id: 'field', header: 'Column', accessorFn: (r) => r.field ?? '' },
  { id: 'reason', header: 'Reason', accessorFn: (r) => r.reason },
];

export function JobSummary({ job }: { job: ImportJobView }) {
  const format = useFormat();
  const rejects = useMemo(() => job.rejects.map((r, n) => ({ ...r, n })), [job.rejects]);
  const parts = writtenParts(job, format);
  const title = job.dryRun
    ? `Import #${job.id}: dry run ${job.status === 'succeeded' ? 'passed' : 'failed'}`
    : `Import #${job.id} ${job.status === 'succeeded' ? 'succeeded' : job.status === 'failed' ? 'failed' : 'is running'}`;
  return (
    <Paper withBorder p="md" aria-label={`Summary of import ${job.id}`}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz={16} fw={600}>
            {title}
          </Title>
          <Badge color={STATUS_COLORS[job.status]} variant="light">
            {STATUS_LABELS[job.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {job.files.join(', ')}
          {job.formats.length > 0 ? ` · ${job.formats.join(', ')}` : ''}
          {job.market ? ` · market ${job.market}` : ''}
          {job.target ? ` · site ${job.target}` : ''}
        </Text>
        {job.status === 'failed' && (
          <Alert color="red" icon={<AlertIcon size={16} />} title="Nothing was written">
            {job.error}
          </Alert>
        )}
        {job.dryRun && job.status === 'succeeded' && (
          <Alert color="blue" title="Dry run">
            The files were read and checked; nothing was written. Import them again without the dry run to
            write them.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Figure label="Rows read" value={format.integer(job.rowsRead)} />
          <Figure label={job.dryRun ? 'Would write' : 'Written'} value={format.integer(job.rowsWritten)} />
          <Figure label="Rejected" value={format.integer(job.rowsRejected)} />
          <Figure label="Warnings" value={format.integer(job.warningCount)} />
          <Figure label="Duration" value={formatDuration(job.durationMs, format)} />
        </SimpleGrid>
        <Text size="sm">
          {formatBytes(job.bytesRead, format)} read
          {parts.length > 0 ? ` · ${job.dryRun ? 'would write' : 'wrote'} ${parts.join(', ')}` : ''}
        </Text>
        {rejects.length > 0 && (
          <ScrollArea.Autosize mah={480} type="auto">
            <DataTable
              title={
                job.rowsRejected > rejects.length
                  ? `First ${format.integer(rejects.length)} of ${format.integer(job.rowsRejected)} rejected rows`
                  : `Rejected rows (${format.integer(job.rowsRejected)})`
              }
              data={rejects}
              columns={REJECT_COLUMNS}
              getRowId={(r) => String(r.n)}
            />
          </ScrollArea.Autosize>
        )}
        {job.warnings.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Warnings
            </Text>
            <List size="sm" spacing={2}>
              {job.warnings.map((w, i) => (
                <List.Item key={i}>
                  {w.file}
                  {w.line !== undefined ? `:${w.line}` : ''}: {w.message}
                  {w.count > 1 ? ` (${format.integer(w.count)} times)` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
