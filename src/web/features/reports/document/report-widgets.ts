// A report's widget block as the dashboard widget it draws: the block's type over the report's scope (the
// campaign, its project or its market, as the widget type reads) and the report's resolved period as a fixed
// range, or over the block's own scope, filters and range — so a report section is the dashboard library's
// own widget, rendered by its own component.
import type { DashboardWidget } from '@contracts/dashboards';
import { WIDGET_SCOPES } from '@contracts/dashboards';
import type { ReportBlock } from '@contracts/reports';

export interface ReportScope {
  campaignId: number;
  projectId: number;
  market: string;
}

export function blockWidget(
  block: Extract<ReportBlock, { kind: 'widget' }>,
  scope: ReportScope,
  period: { from: string; to: string },
): DashboardWidget {
  const kind = WIDGET_SCOPES[block.type][0];
  const reportScope: DashboardWidget['scope'] =
    kind === 'campaign'
      ? { kind, campaignId: scope.campaignId }
      : kind === 'project'
        ? { kind, projectId: scope.projectId }
        : kind === 'market'
          ? { kind, market: scope.market }
          : { kind: 'workspace' };
  return {
    id: block.id,
    type: block.type,
    scope: block.scope ?? reportScope,
    filters: block.filters ?? { domains: [], tags: [] },
    // A relative range of the block's own ends on the period's last day (ReportDocument's "today").
    range: block.range ?? { kind: 'fixed', from: period.from, to: period.to },
    title: block.title,
    layout: { x: 0, y: 0, w: 12, h: 10 },
  };
}
