// Campaigns of the current project: a sortable, filterable table (project, market, tracked domains,
// schedule) whose names link to each campaign's detail page; "New campaign" opens the set-up wizard; below,
// the organisation's projects, renamed (ROLE_CV) or deleted (ROLE_ADMIN) there.
import { useMemo } from 'react';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { CampaignSummary } from '@contracts/workspace';
import { useCampaigns, useMarkets, useProjects } from '../../api/use-workspace';
import { useFormat, useHref } from '../../app/route-context';
import type { Formatters } from '../../app/route-context';
import { useSession } from '../../app/session-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { DataTable } from '../../components/DataTable';
import { PlusIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { EmptyView, ErrorView, TableSkeleton } from '../../components/StateViews';
import { useProjectStore } from '../../state/project-store';
import { ProjectsTable } from './ProjectsTable';

export const SCHEDULE_LABELS = { daily: 'Daily', weekly: 'Weekly' } as const;

export function ScheduleBadge({ schedule }: { schedule: CampaignSummary['schedule'] }) {
  if (schedule === null)
    return (
      <Text size="xs" c="dimmed">
        Not scheduled
      </Text>
    );
  return (
    <Badge size="sm" variant="light" color={schedule === 'daily' ? 'brand' : 'gray'}>
      {SCHEDULE_LABELS[schedule]}
    </Badge>
  );
}

function columns(
  format: Formatters,
  href: (p: string) => string,
  marketName: (code: string) => string,
): ColumnDef<CampaignSummary>[] {
  return [
    {
      id: 'name',
      header: 'Campaign',
      accessorFn: (c) => c.name,
      cell: ({ row }) => (
        <Anchor component={Link} to={href(`/campaigns/${row.original.id}`)} size="sm" fw={500}>
          {row.original.name}
        </Anchor>
      ),
    },
    { id: 'project', header: 'Project', accessorFn: (c) => c.projectName },
    {
      id: 'market',
      header: 'Market',
      accessorFn: (c) => `${marketName(c.market)} ${c.market}`,
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{marketName(row.original.market)}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {row.original.market}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'trackedDomains',
      header: 'Tracked domains',
      accessorFn: (c) => c.trackedDomains,
      cell: ({ row }) => format.integer(row.original.trackedDomains),
      meta: { numeric: true },
    },
    {
      id: 'schedule',
      header: 'Schedule',
      accessorFn: (c) => (c.schedule === null ? 'Not scheduled' : SCHEDULE_LABELS[c.schedule]),
      cell: ({ row }) => <ScheduleBadge schedule={row.original.schedule} />,
    },
    { id: 'ctrModel', header: 'CTR model', accessorFn: (c) => c.ctrModel },
    {
      id: 'createdAt',
      header: 'Created',
      accessorFn: (c) => c.createdAt,
      cell: ({ row }) => format.date(row.original.createdAt),
      meta: { numeric: true },
    },
  ];
}

export function CampaignsPage() {
  const projectId = useProjectStore((s) => s.currentProjectId);
  const projectName = useProjectStore(
    (s) => s.projects.find((p) => p.id === s.currentProjectId)?.name ?? null,
  );
  const projects = useProjects();
  const markets = useMarkets();
  const campaigns = useCampaigns(projectId);
  const allCampaigns = useCampaigns(null);
  const format = useFormat();
  const href = useHref();
  const { user } = useSession();
  const canSetUp = user.roles.includes('ROLE_CV');
  const newCampaign = canSetUp && (
    <Button component={Link} to={href('/campaigns/new')} leftSection={<PlusIcon size={15} />}>
      New campaign
    </Button>
  );
  const names = useMemo(
    () => new Map((markets.data?.items ?? []).map((m) => [m.code, m.name])),
    [markets.data],
  );
  const cols = useMemo(() => columns(format, href, (code) => names.get(code) ?? code), [format, href, names]);
  useBreadcrumb([{ label: 'Campaigns' }]);

  const header = (
    <PageHeader
      title="Campaigns"
      description={
        projectName ? `Keyword sets tracked in project ${projectName}.` : 'Keyword sets tracked per project.'
      }
      actions={newCampaign}
    />
  );
  let body;
  if (projects.isError) {
    body = (
      <ErrorView
        title="Projects could not be loaded"
        error={projects.error}
        onRetry={() => void projects.refetch()}
      />
    );
  } else if (projects.isSuccess && projects.data.items.length === 0) {
    body = (
      <EmptyView title="No projects yet" action={newCampaign || undefined}>
        Campaigns live in projects, and your organisation has none yet. Create your first campaign: the set-up
        creates its project too.
      </EmptyView>
    );
  } else if (projectId === null || campaigns.isPending) {
    body = <TableSkeleton columns={7} />;
  } else if (campaigns.isError) {
    body = (
      <ErrorView
        title="Campaigns could not be loaded"
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
      />
    );
  } else {
    body = (
      <DataTable
        title="Campaigns"
        data={campaigns.data.items}
        columns={cols}
        glossary="campaigns"
        getRowId={(c) => String(c.id)}
        initialSorting={[{ id: 'name', desc: false }]}
        filterPlaceholder="Filter campaigns"
        empty={
          <EmptyView title="No campaigns in this project" action={newCampaign || undefined}>
            {projectName ?? 'This project'} has no campaign yet. Choose another project in the header, or
            create a campaign in it.
          </EmptyView>
        }
      />
    );
  }
  return (
    <Stack gap="md">
      {header}
      {body}
      {projects.isSuccess && projects.data.items.length > 0 && (
        <ProjectsTable projects={projects.data.items} campaigns={allCampaigns.data?.items ?? []} />
      )}
    </Stack>
  );
}
