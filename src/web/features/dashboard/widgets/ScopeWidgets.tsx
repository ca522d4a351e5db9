// The dashboard widgets that are not campaign-visibility widgets, each drawn by its screen's own
// component in the shared widget frame (title, loading, empty, error): project visibility (VisibilityChart
// of the project's first own domain), market share (ShareChart and LeagueTable) and the workspace overview.
// Each reads through the screen's own hook; the time charts carry the organisation-wide annotations.
import type { UseQueryResult } from '@tanstack/react-query';
import type { TimeSpan } from '@core/date-range';
import { useMarketShare } from '../../../api/use-market-share';
import { useProjectVisibility } from '../../../api/use-project-visibility';
import { useDashboard } from '../../../api/use-workspace';
import { WidgetFrame } from '../../campaign-visibility/widgets/WidgetFrame';
import type { WidgetState } from '../../campaign-visibility/widgets/WidgetFrame';
import { LeagueTable } from '../../market-share/LeagueTable';
import { ShareChart } from '../../market-share/ShareChart';
import { chartSeries, VisibilityChart } from '../../project-visibility/VisibilityChart';
import { WorkspaceOverview } from '../WorkspaceOverview';

/** A query's widget state: error, loading, empty (by `isEmpty`) or ready. */
export function queryState<T>(q: UseQueryResult<T>, isEmpty: (data: T) => boolean): WidgetState {
  if (q.isError) return 'error';
  if (q.isPending) return 'loading';
  return isEmpty(q.data) ? 'empty' : 'ready';
}

export function ProjectVisibilityWidget({
  id,
  projectId,
  startDate,
  endDate,
}: {
  id: string;
  projectId: number;
  startDate: string;
  endDate: string;
}) {
  const q = useProjectVisibility({ projectId, startDate, endDate });
  const data = q.data;
  const state = queryState(q, (d) => d.domains.length === 0 || d.total.dates.length === 0);
  // The client's own domain first, as the project screen picks it.
  const index = data
    ? Math.max(
        0,
        data.domains.findIndex((d) => d.isOwn),
      )
    : 0;
  return (
    <WidgetFrame
      id={id}
      title="Project visibility"
      description={
        data && state === 'ready'
          ? `Visibility score of ${data.domains[index]!.label} per campaign and over the project (each keyword once)`
          : 'Visibility score per campaign and over the project'
      }
      state={state}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText="No tracked domain of the project's campaigns has rankings in this range."
    >
      {data && state === 'ready' && (
        <VisibilityChart
          dates={data.total.dates}
          series={chartSeries(data.total, data.campaigns, index)}
          domainLabel={data.domains[index]!.label}
        />
      )}
    </WidgetFrame>
  );
}

export function MarketShareWidget({
  id,
  market,
  host,
  time,
}: {
  id: string;
  market: string;
  host: string | null;
  time: TimeSpan;
}) {
  const q = useMarketShare({ market, time, host });
  const state = queryState(q, (d) => d.dates.length === 0);
  return (
    <WidgetFrame
      id={id}
      title={host === null ? `Market share · ${market}` : `Market share · ${host} in ${market}`}
      description="Share of the visibility of every host in the market, per snapshot date"
      state={state}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText={`${market} has no snapshot in this span: import rankings or widen the range.`}
    >
      {q.data && (
        <>
          <ShareChart dates={q.data.dates} hosts={q.data.hosts} />
          <LeagueTable hosts={q.data.hosts} />
        </>
      )}
    </WidgetFrame>
  );
}

export function WorkspaceOverviewWidget({ id }: { id: string }) {
  const q = useDashboard();
  return (
    <WidgetFrame
      id={id}
      title="Workspace overview"
      description={
        q.data
          ? `${q.data.organisationName}: projects, campaigns, users and the search data stored per market`
          : 'Projects, campaigns, users and the search data stored per market'
      }
      state={queryState(q, () => false)}
      error={q.error}
      onRetry={() => void q.refetch()}
    >
      {q.data && <WorkspaceOverview data={q.data} />}
    </WidgetFrame>
  );
}
