// Reporting / Report Creation (ROLE_REPORTS): the organisation's report definitions, a form to start one
// (which opens it in the editor), deletion after a confirmation, the brand template of the cover pages, and
// for the opened one (?report={id} opens one) its editor (blocks, period, preview) and its generated reports.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Alert, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Report } from '@contracts/reports';
import { useDeleteReport, useReports } from '../../api/use-reports';
import { useFormat } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { DataTable } from '../../components/DataTable';
import { ConfirmModal } from '../../components/ConfirmModal';
import { TrashIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { GeneratedReports } from './GeneratedReports';
import { BrandTemplate } from './BrandTemplate';
import { blockLabel, ReportEditor } from './ReportEditor';
import { ReportSchedules } from './ReportSchedules';
import { ReportForm } from './ReportForm';

function DeleteReportModal({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const remove = useDeleteReport();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={report !== null}
      title="Delete report"
      confirmLabel="Delete report"
      busy={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() => report && remove.mutate(report.id, { onSuccess: close })}
    >
      Delete the report definition <strong>{report?.name}</strong>? This cannot be undone.
    </ConfirmModal>
  );
}

/** A status line above the page that the user dismisses. */
function Notice({ color, onClose, children }: { color: string; onClose: () => void; children: ReactNode }) {
  return (
    <Alert
      color={color}
      variant="light"
      withCloseButton
      onClose={onClose}
      closeButtonLabel="Dismiss"
      role="status"
    >
      {children}
    </Alert>
  );
}

export function ReportsPage() {
  const reports = useReports();
  const { user } = useSession();
  const format = useFormat();
  const [deleting, setDeleting] = useState<Report | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  // ?report={id} opens that report in the editor (a report just made from a dashboard arrives so).
  const [search] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(() => {
    const asked = Number(search.get('report'));
    return Number.isInteger(asked) && asked > 0 ? asked : null;
  });
  const open = reports.data?.items.find((r) => r.id === openId) ?? null;
  // A report named in the address that the loaded list does not hold (deleted, or another organisation's).
  const missing = openId !== null && reports.isSuccess && open === null;
  // The editor sits below the list: one opened from the address is scrolled to, once.
  const fromAddress = useRef(openId);
  const editorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open === null || open.id !== fromAddress.current) return;
    fromAddress.current = null;
    editorRef.current?.scrollIntoView({ block: 'start' });
  }, [open]);
  useBreadcrumb([{ label: 'Reporting' }, { label: 'Report Creation' }]);

  const columns = useMemo<ColumnDef<Report>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (r) => `${r.name} ${r.blocks.map(blockLabel).join(' ')}`,
        cell: ({ row }) => {
          const order = row.original.blocks.map(blockLabel).join(' → ');
          return (
            <Stack gap={0} maw={320}>
              <Text size="sm" fw={500}>
                {row.original.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end" title={order}>
                {order}
              </Text>
            </Stack>
          );
        },
      },
      {
        id: 'campaign',
        header: 'Campaign',
        accessorFn: (r) => r.campaignName ?? '',
        cell: ({ row }) =>
          row.original.campaignName ?? (
            <Text size="xs" c="dimmed">
              Campaign deleted
            </Text>
          ),
      },
      {
        id: 'sections',
        header: 'Sections',
        accessorFn: (r) => r.blocks.length,
        cell: ({ row }) => format.integer(row.original.blocks.length),
        meta: { numeric: true },
      },
      {
        id: 'createdAt',
        header: 'Created',
        accessorFn: (r) => r.createdAt,
        cell: ({ row }) => (
          <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{format.date(row.original.createdAt)}</Text>
            <Text size="xs" c="dimmed">
              {row.original.createdBy === user.id ? 'by you' : `by user ${row.original.createdBy}`}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setOpenId(row.original.id)}
              aria-label={`Open report ${row.original.name}`}
            >
              Open
            </Button>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setDeleting(row.original)}
              aria-label={`Delete report ${row.original.name}`}
            >
              <TrashIcon size={15} />
            </ActionIcon>
          </Group>
        ),
        meta: { width: 110 },
      },
    ],
    [format, user.id],
  );

  let list;
  if (reports.isPending)
    list = (
      <Paper withBorder p="md">
        <TableSkeleton rows={4} columns={5} />
      </Paper>
    );
  else if (reports.isError)
    list = (
      <ErrorView
        title="Reports could not be loaded"
        error={reports.error}
        onRetry={() => void reports.refetch()}
      />
    );
  else
    list = (
      <DataTable
        title="Report definitions"
        data={reports.data.items}
        columns={columns}
        glossary="reports"
        getRowId={(r) => String(r.id)}
        initialSorting={[{ id: 'createdAt', desc: true }]}
        filterPlaceholder="Filter reports"
        empty={
          <EmptyView title="No reports yet">
            Create the first one with the form: name it and pick a campaign, then add its sections in the
            editor.
          </EmptyView>
        }
      />
    );

  return (
    <Stack gap="md">
      <PageHeader
        title="Report Creation"
        description="Reports of a campaign: a cover page in your brand, widgets, text and page breaks over a period, generated as PDF, CSV and XLSX files."
      />
      {missing && (
        <Notice color="yellow" onClose={() => setOpenId(null)}>
          Report {openId} is not among your organisation’s reports: it may have been deleted. Open one from
          the list instead.
        </Notice>
      )}
      {created && (
        <Notice color="teal" onClose={() => setCreated(null)}>
          Report “{created}” created: set its title, period and sections in the editor below.
        </Notice>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>{list}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ReportForm
              onCreated={(r) => {
                setCreated(r.name);
                setOpenId(r.id);
              }}
            />
            <BrandTemplate />
          </Stack>
        </Grid.Col>
      </Grid>
      {open && (
        <Grid gap="md" key={open.id} ref={editorRef}>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <ReportEditor report={open} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="md">
              <GeneratedReports reportId={open.id} />
              <ReportSchedules reportId={open.id} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <DeleteReportModal report={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
