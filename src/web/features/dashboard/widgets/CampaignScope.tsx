// Gives a campaign-visibility widget on a dashboard what the campaign screen's context gives it there: the
// campaign and the filter parameters — the campaign's tracked domains and groups as the screen seeds them
// (first-reads seededParams), narrowed by the widget's own domain and tag filters, over the widget's range.
// The widget itself is the screen's component, unchanged.
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import type { DashboardWidget } from '@contracts/dashboards';
import type { Params } from '@core/resource-cache';
import { isApiError } from '../../../api/client';
import { ResourceCacheProvider } from '../../../api/resource-cache';
import { useCvFilters, useCvResourceCache } from '../../../api/use-campaign-visibility';
import { EmptyView, ErrorView } from '../../../components/StateViews';
import { CvContext } from '../../campaign-visibility/cv-context';
import type { CvContextValue } from '../../campaign-visibility/cv-context';
import { seededParams } from '../../campaign-visibility/first-reads';
import { rangeDates } from './widget-range';

const noop = () => undefined;

/** The campaign screen's resource cache (one per query client, shared with that screen) around the scope. */
export function CampaignScope(props: {
  campaign: number;
  widget: DashboardWidget;
  today: string;
  children: ReactNode;
}) {
  return (
    <ResourceCacheProvider cache={useCvResourceCache()}>
      <Scoped {...props} />
    </ResourceCacheProvider>
  );
}

function Scoped({
  campaign,
  widget,
  today,
  children,
}: {
  campaign: number;
  widget: DashboardWidget;
  today: string;
  children: ReactNode;
}) {
  const filters = useCvFilters({ campaign });
  const options = filters.data;
  const { filters: narrow, range } = widget;
  const params = useMemo<Params | null>(() => {
    if (!options) return null;
    const base = seededParams(options, campaign, Date.now());
    if (base === null) return null;
    const all = base.domains as string[];
    const domains = narrow.domains.length > 0 ? all.filter((d) => narrow.domains.includes(d)) : all;
    if (domains.length === 0) return null;
    return {
      ...base,
      domains,
      ...(narrow.tags.length > 0 && { tags: narrow.tags }),
      ...rangeDates(range, today),
    };
  }, [options, campaign, narrow, range, today]);
  const ctx = useMemo<CvContextValue>(
    () => ({ campaign, params, expanded: null, toggleExpanded: noop, canExpand: false }),
    [campaign, params],
  );
  if (filters.status === 'error') {
    return (
      <Paper withBorder p="md">
        {isApiError(filters.error) && filters.error.status === 404 ? (
          <EmptyView title="Campaign not found">
            Campaign {campaign} is no longer in your organisation. Configure the widget with another campaign
            or remove it.
          </EmptyView>
        ) : (
          <ErrorView
            title="The campaign could not be loaded"
            error={filters.error}
            onRetry={filters.refetch}
          />
        )}
      </Paper>
    );
  }
  if (options && params === null) {
    return (
      <Paper withBorder p="md">
        <EmptyView title="No domain to show">
          The campaign tracks none of the domains this widget is narrowed to. Add tracked domains to the
          campaign or configure the widget.
        </EmptyView>
      </Paper>
    );
  }
  return <CvContext.Provider value={ctx}>{children}</CvContext.Provider>;
}
