// The widget library (issue 31 item 1): every chart and table of the product that a dashboard can hold, by
// the type stored in its config (contracts/dashboards) — its name, what it shows, whether it is a time chart
// (those draw the annotations), the cell it takes when added, and how it renders: through the very
// component of its screen, given its scope as props (campaign widgets through CampaignScope).
import type { ComponentType, ReactNode } from 'react';
import type { DashboardWidget, WidgetLayout, WidgetType } from '@contracts/dashboards';
import { RankRangesWidget } from '../../campaign-visibility/widgets/BreakdownWidgets';
import { CompetitorsWidget, ScoreLostGainedWidget } from '../../campaign-visibility/widgets/ChangeWidgets';
import {
  ResultTypeProminenceWidget,
  ShareOfVisibilityWidget,
  VisibilityOverTimeWidget,
} from '../../campaign-visibility/widgets/SummaryWidgets';
import { CampaignScope } from './CampaignScope';
import { RankTableWidget, TagMatrixWidget } from './RankWidgets';
import { MarketShareWidget, ProjectVisibilityWidget, WorkspaceOverviewWidget } from './ScopeWidgets';
import { SearchConsoleTotalsWidget } from './SearchConsoleTotalsWidget';
import { TasksWidget } from './TasksWidget';
import { rangeDates, rangeSpan } from './widget-range';

export interface WidgetDefinition {
  label: string;
  description: string;
  /** A chart over dates: annotations are drawn on it. */
  timeChart: boolean;
  /** Width and height (grid units) of a newly added one. */
  size: Pick<WidgetLayout, 'w' | 'h'>;
  render: (widget: DashboardWidget, today: string) => ReactNode;
}

/** A campaign widget drawn from its own read (not the campaign-visibility screen's context). */
function campaignTable(Widget: typeof RankTableWidget) {
  return (w: DashboardWidget, today: string) =>
    w.scope.kind === 'campaign' ? (
      <Widget id={w.id} campaign={w.scope.campaignId} filters={w.filters} {...rangeDates(w.range, today)} />
    ) : null;
}

function campaignWidget(Widget: ComponentType) {
  return (w: DashboardWidget, today: string) =>
    w.scope.kind === 'campaign' ? (
      <CampaignScope campaign={w.scope.campaignId} widget={w} today={today}>
        <Widget />
      </CampaignScope>
    ) : null;
}

export const WIDGET_LIBRARY: Readonly<Record<WidgetType, WidgetDefinition>> = {
  'campaign-visibility': {
    label: 'Campaign visibility over time',
    description: 'Visibility score per tracked domain and group at each point date',
    timeChart: true,
    size: { w: 6, h: 9 },
    render: campaignWidget(VisibilityOverTimeWidget),
  },
  'share-of-visibility': {
    label: 'Share of visibility',
    description: 'Each tracked domain’s share of the visibility at the range’s end',
    timeChart: false,
    size: { w: 6, h: 8 },
    render: campaignWidget(ShareOfVisibilityWidget),
  },
  'competitors-league': {
    label: 'Competitors league',
    description: 'The market’s leading hosts on the campaign’s keywords, with their change',
    timeChart: false,
    size: { w: 6, h: 10 },
    render: campaignWidget(CompetitorsWidget),
  },
  'rank-ranges': {
    label: 'Rank ranges',
    description: 'Keywords per rank range for each tracked domain',
    timeChart: false,
    size: { w: 6, h: 8 },
    render: campaignWidget(RankRangesWidget),
  },
  'result-type-prominence': {
    label: 'Result-type prominence',
    description: 'Share of each domain’s visibility by the result type it ranks with',
    timeChart: false,
    size: { w: 6, h: 8 },
    render: campaignWidget(ResultTypeProminenceWidget),
  },
  movers: {
    label: 'Movers: visibility lost and gained',
    description: 'Visibility score lost and gained per domain over the range, with the keywords behind it',
    timeChart: false,
    size: { w: 6, h: 10 },
    render: campaignWidget(ScoreLostGainedWidget),
  },
  'project-visibility': {
    label: 'Project visibility',
    description: 'The project’s own domain per campaign and in total, each keyword once',
    timeChart: true,
    size: { w: 12, h: 10 },
    render: (w, today) =>
      w.scope.kind === 'project' ? (
        <ProjectVisibilityWidget id={w.id} projectId={w.scope.projectId} {...rangeDates(w.range, today)} />
      ) : null,
  },
  'market-share': {
    label: 'Market share',
    description: 'Share of visibility of a market’s leading hosts over time, and their table',
    timeChart: true,
    size: { w: 12, h: 14 },
    render: (w, today) =>
      w.scope.kind === 'market' || w.scope.kind === 'host' ? (
        <MarketShareWidget
          id={w.id}
          market={w.scope.market}
          host={w.scope.kind === 'host' ? w.scope.host : null}
          time={rangeSpan(w.range, today)}
        />
      ) : null,
  },
  'workspace-overview': {
    label: 'Workspace overview',
    description: 'Projects, campaigns, users and the search data per market',
    timeChart: false,
    size: { w: 12, h: 12 },
    render: (w) => <WorkspaceOverviewWidget id={w.id} />,
  },
  'rank-table': {
    label: 'Rank table extract',
    description:
      'The keywords that moved most: the own domain’s position, change and best position (Rank Tracking’s first rows)',
    timeChart: false,
    size: { w: 6, h: 12 },
    render: campaignTable(RankTableWidget),
  },
  'tag-matrix': {
    label: 'Tag matrix',
    description: 'Share of visibility of each keyword tag per tracked domain, with its change (Tag Analysis)',
    timeChart: false,
    size: { w: 6, h: 10 },
    render: campaignTable(TagMatrixWidget),
  },
  'search-console-totals': {
    label: 'Search Console totals',
    description: 'Clicks, impressions, CTR and average position of a property, against the previous period',
    timeChart: false,
    size: { w: 6, h: 6 },
    render: (w, today) =>
      w.scope.kind === 'search-console' ? (
        <SearchConsoleTotalsWidget id={w.id} site={w.scope.site} {...rangeDates(w.range, today)} />
      ) : null,
  },
  tasks: {
    label: 'Open tasks',
    description:
      'Open and in-progress tasks of the workspace or a campaign: status, priority, assignee, due date',
    timeChart: false,
    size: { w: 6, h: 10 },
    render: (w) => (
      <TasksWidget id={w.id} campaignId={w.scope.kind === 'campaign' ? w.scope.campaignId : null} />
    ),
  },
};
