// A dashboard as a report (issue 31, "create a report from it"): its widgets in reading order — grid rows top
// to bottom, then columns left to right — each becoming a report widget block with the widget's own scope,
// filters, range and title, so the report draws what the dashboard showed. Every dashboard widget type is a
// report block type, so no widget is left out.
import type { DashboardWidget } from '@contracts/dashboards';
import type { ReportBlock } from '@contracts/reports';

export function dashboardReportBlocks(widgets: readonly DashboardWidget[]): ReportBlock[] {
  return [...widgets]
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x)
    .map((w) => ({
      kind: 'widget' as const,
      id: w.id,
      type: w.type,
      title: w.title,
      scope: w.scope,
      filters: w.filters,
      range: w.range,
    }));
}

/** The report's campaign: the first campaign widget's in reading order, if any. */
export function firstCampaignOf(blocks: readonly ReportBlock[]): number | undefined {
  for (const b of blocks) {
    if (b.kind === 'widget' && b.scope?.kind === 'campaign') return b.scope.campaignId;
  }
  return undefined;
}
