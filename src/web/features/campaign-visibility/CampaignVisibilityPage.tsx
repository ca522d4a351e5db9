// The campaign-visibility screen (/{campaignId}/competitive-analysis/cv): loads the campaign's filter options,
// seeds the filter store with its tracked domains and domain groups, and draws the filter bar, the widgets
// (in the user's saved order, with one expanded) and the two ranking tables. All data comes through the
// resource cache; every widget shows its own loading, empty and error state.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ComponentType } from 'react';
import { Stack } from '@mantine/core';
import type { CvFiltersResponse } from '@contracts/campaign-visibility';
import type { WidgetsConfig } from '@contracts/widgets';
import { summaryParams } from '@core/filters';
import type { Params } from '@core/resource-cache';
import { isApiError } from '../../api/client';
import { ResourceCacheProvider, useResourceCache } from '../../api/resource-cache';
import { useCvFilters, useCvResourceCache } from '../../api/use-campaign-visibility';
import { useSaveWidgetsConfig, useWidgetsConfig } from '../../api/use-campaign-visibility-widgets';
import { useCampaign } from '../../api/use-workspace';
import { useRoute } from '../../app/route-context';
import { useBreadcrumb } from '../../app/use-breadcrumb';
import { CtrModelBadge } from '../../components/CtrModelBadge';
import { PageHeader } from '../../components/PageHeader';
import { CardsSkeleton, EmptyView, ErrorView } from '../../components/StateViews';
import { useFilterStore } from '../../state/filter-store';
import { CvContext } from './cv-context';
import { firstReads, seedChanges } from './first-reads';
import type { CvContextValue } from './cv-context';
import { FilterBar } from './FilterBar';
import { RankingTables } from './tables/RankingTables';
import { CV_MODULE, fitWidgetsConfig } from './widget-catalog';
import type { CvWidgetId } from './widget-catalog';
import { WidgetSettings } from './WidgetSettings';
import { preloadChart } from './widgets/LazyChart';
import { WhenNearViewport } from './WhenNearViewport';
import {
  KeywordsByVolumeWidget,
  RankRangesWidget,
  SearchVolumeRangesWidget,
  ShareByGroupWidget,
  ShareByTagWidget,
} from './widgets/BreakdownWidgets';
import { CompetitorsWidget, ScoreLostGainedWidget } from './widgets/ChangeWidgets';
import {
  ResultTypeProminenceWidget,
  ShareOfVisibilityWidget,
  VisibilityOverTimeWidget,
} from './widgets/SummaryWidgets';

const WIDGET_COMPONENTS: Record<CvWidgetId, ComponentType> = {
  visibility: VisibilityOverTimeWidget,
  'share-of-visibility': ShareOfVisibilityWidget,
  'result-type-prominence': ResultTypeProminenceWidget,
  'rank-ranges': RankRangesWidget,
  'search-volume-ranges': SearchVolumeRangesWidget,
  'visibility-by-group': ShareByGroupWidget,
  'visibility-by-tag': ShareByTagWidget,
  'visibility-score-lost': ScoreLostGainedWidget,
  'competitors-league': CompetitorsWidget,
  'keywords-by-search-volume': KeywordsByVolumeWidget,
};

function useSeededFilters(campaign: number) {
  const filters = useCvFilters({ campaign });
  const seeded = useRef<number | null>(null);
  const data = filters.data;
  useEffect(() => {
    if (!data || seeded.current === campaign) return;
    seeded.current = campaign;
    const store = useFilterStore.getState();
    store.reset();
    for (const change of seedChanges(data)) store.dispatch(change);
  }, [campaign, data]);
  return filters;
}

/**
 * Sends the visible widgets' first reads as soon as the filter options and the widgets config are in (once
 * per campaign), then starts the chart code: its evaluation overlaps the server's work instead of delaying
 * the reads.
 */
function useFirstReads(campaign: number, options: CvFiltersResponse | null, config: WidgetsConfig | null) {
  const cache = useResourceCache();
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (options === null || config === null || sent.current === campaign) return;
    sent.current = campaign;
    for (const r of firstReads(options, campaign, config, Date.now())) cache.prefetch(r.endpoint, r.params);
    void preloadChart();
  }, [cache, campaign, options, config]);
}

function CvScreen({ campaign }: { campaign: number }) {
  const detail = useCampaign(campaign);
  const filters = useSeededFilters(campaign);
  const state = useFilterStore();
  const widgets = useWidgetsConfig(CV_MODULE);
  const save = useSaveWidgetsConfig(CV_MODULE);
  const config = useMemo(() => fitWidgetsConfig(widgets.data?.config ?? null), [widgets.data]);
  useFirstReads(campaign, filters.data ?? null, widgets.isSuccess ? config : null);
  const name = detail.data?.name ?? `Campaign ${campaign}`;
  useBreadcrumb([{ label: 'Campaign visibility' }, { label: name }]);

  const market = filters.data?.market ?? null;
  const built =
    state.loaded && market !== null ? summaryParams(state, { campaign, market }, 'campaign') : null;
  const paramsKey = built?.ok === true ? JSON.stringify(built.params) : null;
  const params = useMemo<Params | null>(
    () => (paramsKey === null ? null : (JSON.parse(paramsKey) as Params)),
    [paramsKey],
  );
  const toggleExpanded = useCallback(
    (id: string) => save.mutate({ ...config, expanded: config.expanded === id ? null : id }),
    [config, save],
  );
  const ctx = useMemo<CvContextValue>(
    () => ({ campaign, params, expanded: config.expanded, toggleExpanded, canExpand: true }),
    [campaign, params, config.expanded, toggleExpanded],
  );

  if (filters.status === 'error') {
    const notFound = isApiError(filters.error) && filters.error.status === 404;
    return notFound ? (
      <EmptyView title="Campaign not found">
        There is no campaign {campaign} in your organisation. It may have been deleted, or the address is
        mistyped.
      </EmptyView>
    ) : (
      <ErrorView
        title="The campaign’s filters could not be loaded"
        error={filters.error}
        onRetry={filters.refetch}
      />
    );
  }
  const header = (
    <PageHeader
      title={`Campaign visibility · ${name}`}
      description={
        filters.data
          ? `${filters.data.market} · ${filters.data.keywords.toLocaleString()} keywords · who wins which searches, and why`
          : 'Who wins which searches, and why'
      }
      actions={
        <>
          <CtrModelBadge campaign={campaign} />
          <WidgetSettings config={config} onChange={(c) => save.mutate(c)} />
        </>
      }
    />
  );
  if (!filters.data || !state.loaded) {
    return (
      <Stack gap="md">
        {header}
        <CardsSkeleton count={4} />
      </Stack>
    );
  }
  const visible = config.widgets.filter((w) => w.visible);
  return (
    <CvContext.Provider value={ctx}>
      <Stack gap="md">
        {header}
        <FilterBar options={filters.data} />
        {params === null ? (
          <EmptyView title="No domain selected">
            Show at least one domain in the filter bar to compare visibility.
          </EmptyView>
        ) : (
          <>
            <div
              style={{
                display: 'grid',
                // Columns of at least 460 px where they fit, one column as wide as the page where not (a
                // phone): a fixed 460 px minimum made a 390 px page 502 px wide.
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(460px, 100%), 1fr))',
                gap: 16,
              }}
            >
              {visible.map((w) => {
                const Widget = WIDGET_COMPONENTS[w.id as CvWidgetId];
                return <Widget key={w.id} />;
              })}
            </div>
            <WhenNearViewport minHeight={600}>
              <RankingTables />
            </WhenNearViewport>
          </>
        )}
      </Stack>
    </CvContext.Provider>
  );
}

export function CampaignVisibilityPage() {
  const { params } = useRoute();
  const cache = useCvResourceCache();
  const campaign = Number(params.campaignId);
  if (!Number.isInteger(campaign) || campaign <= 0) {
    return (
      <EmptyView title="Campaign not found">
        “{params.campaignId ?? ''}” is not a campaign id. Pick a campaign from the campaigns list.
      </EmptyView>
    );
  }
  return (
    <ResourceCacheProvider cache={cache}>
      <CvScreen campaign={campaign} />
    </ResourceCacheProvider>
  );
}
