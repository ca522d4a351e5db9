// The history of imports: every job of the organisation (and CLI imports), newest first, with its status,
// files, rows and duration; a job's number opens its summary.
import { useMemo } from 'react';
import { Anchor, Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ImportJobView } from '@contracts/imports';
import { useImportJobs } from '../../api/use-imports';
import { useFormat } from '../../app/route-context';
import type { Formatters } from '../../app/route-context';
import { DataTable } from '../../components/DataTable';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { STATUS_COLORS, STATUS_LABELS, formatDuration } from './import-text';

function columns(format: Formatters, onOpen: (id: number) => void): ColumnDef<ImportJobView>[] {
  return [
    {
      id: 'id',
      header: 'Import',
      accessorFn: (j) => j.id,
      cell: ({ row }) => (
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen(row.original.id)}>
          #{row.original.id}
        </Anchor>
      ),
      meta: { numeric: true, width: 80 },
    },
    { id: 'files', header: 'Files', accessorFn: (j) => j.files.join(', ') },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (j) => STATUS_LABELS[j.status] + (j.dryRun ? ' (dry run)' : ''),
      cell: ({ row }) => (
        <Badge size="sm" variant="light" color={STATUS_COLORS[row.original.status]}>
          {STATUS_LABELS[row.original.status]}
          {row.original.dryRun ? ' · dry run' : ''}
        </Badge>
      ),
    },
    { id: 'format', header: 'Format', accessorFn: (j) => j.formats.join(', ') || j.format || '' },
    {
      id: 'rowsRead',
      header: 'Read',
      accessorFn: (j) => j.rowsRead,
      cell: ({ row }) => format.integer(row.original.rowsRead),
      meta: { numeric: true },
    },
    {
      id: 'rowsWritten',
      header: 'Written',
      accessorFn: (j) => j.rowsWritten,
      cell: ({ row }) => format.integer(row.original.rowsWritten),
      meta: { numeric: true },
    },
    {
      id: 'rowsRejected',
      header: 'Rejected',
      accessorFn: (j) => j.rowsRejected,
      cell: ({ row }) => format.integer(row.original.rowsRejected),
      meta: { numeric: true },
    },
    {
      id: 'createdAt',
      header: 'Started',
      accessorFn: (j) => j.startedAt ?? j.createdAt,
      cell: ({ row }) => format.dateTime(row.original.startedAt ?? row.original.createdAt),
      meta: { numeric: true },
    },
    {
      id: 'duration',
      header: 'Duration',
      accessorFn: (j) => j.durationMs ?? -1,
      cell: ({ row }) => formatDuration(row.original.durationMs, format),
      meta: { numeric: true },
    },
  ];
}

export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const jobs = useImportJobs();
  const format = useFormat();
  const cols = useMemo(() => columns(format, onOpen), [format, onOpen]);
  if (jobs.isPending) return <TableSkeleton columns={8} rows={4} />;
  if (jobs.isError)
    return (
      <ErrorView title="Imports could not be loaded" error={jobs.error} onRetry={() => void jobs.refetch()} />
    );
  return (
    <DataTable
      title="Import history"
      data={jobs.data.items}
      columns={cols}
      getRowId={(j) => String(j.id)}
      initialSorting={[{ id: 'id', desc: true }]}
      filterPlaceholder="Filter imports"
      empty={
        <EmptyView title="No imports yet">
          Files you import here, or with <code>sightline import</code>, are listed with their outcome.
        </EmptyView>
      }
    />
  );
}
