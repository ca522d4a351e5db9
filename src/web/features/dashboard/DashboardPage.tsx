// Dashboard (the sidebar's 'dashboard'): the user's dashboards (DashboardBoard) — the default one opens,
// made with the workspace overview widget on first use. A workspace without campaigns opens on the welcome
// (WelcomeView) instead, never on an empty chart, with the overview's figures under it once markets exist.
import { Stack } from '@mantine/core';
import { useDashboard } from '../../api/use-workspace';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { PageHeader } from '../../components/PageHeader';
import { CardsSkeleton, ErrorView } from '../../components/StateViews';
import { DashboardBoard } from './DashboardBoard';
import { WelcomeView } from './WelcomeView';
import { WorkspaceOverview } from './WorkspaceOverview';

export function DashboardPage() {
  const query = useDashboard();
  useBreadcrumb([{ label: 'Dashboard' }]);
  if (query.isPending) {
    return (
      <Stack>
        <PageHeader title="Dashboard" />
        <CardsSkeleton count={6} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack>
        <PageHeader title="Dashboard" />
        <ErrorView
          title="The overview could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }
  const d = query.data;
  if (d.campaigns === 0) {
    return (
      <Stack gap="md">
        <WelcomeView organisationName={d.organisationName} />
        {d.markets.length > 0 && <WorkspaceOverview data={d} />}
      </Stack>
    );
  }
  return <DashboardBoard />;
}
