// The campaign-visibility screen's first state, computed from its filter options alone: the filter changes
// that seed the filter store (the campaign's tracked domains and domain groups), and the reads its visible
// widgets will make with those filters, so the screen can send them the moment the options arrive instead
// of after it has rendered the filter bar and the widgets — or, at boot, the moment the early answers for the
// options and the widgets config arrive, before React has drawn anything (sendFirstReadsEarly).
import { cvFiltersResponse } from '@contracts/campaign-visibility';
import { CV_BASE } from '@contracts/paths';
import type { CvFiltersResponse } from '@contracts/campaign-visibility';
import { widgetsResponse } from '@contracts/widgets';
import type { WidgetsConfig } from '@contracts/widgets';
import { createFilterState, reduceFilters, summaryParams } from '@core/filters';
import type { Params } from '@core/resource-cache';
import { peekEarly, sendEarlyRequestsLater } from '../../api/client';
import { cvRequestPath } from '../../api/use-campaign-visibility';
import type { CvEndpointId } from '../../api/use-campaign-visibility';
import type { FilterChange } from '../../state/filter-store';
import { firstAddresses } from './first-addresses';
import { CV_WIDGET_READS, fitWidgetsConfig, widgetParams } from './widget-catalog';
import type { CvWidgetId } from './widget-catalog';

/** The changes that seed an emptied filter store with the campaign's domains and domain groups. */
export function seedChanges(options: CvFiltersResponse): FilterChange[] {
  return [
    {
      type: 'set',
      filter: 'domains',
      entries: options.domains.map((d) => ({ value: d.value, label: d.label, color: d.color })),
    },
    {
      type: 'set',
      filter: 'domainGroups',
      entries: options.domainGroups.map((g) => ({
        value: g.value,
        label: g.label,
        color: g.color,
        members: g.members,
      })),
    },
    { type: 'loaded' },
  ];
}

/** The widgets' parameters right after seeding (null: no domain to show, so no widget reads). */
export function seededParams(options: CvFiltersResponse, campaign: number, now: number): Params | null {
  const state = seedChanges(options).reduce(
    (s, change) => reduceFilters(s, { ...change, now }).state,
    createFilterState({ now }),
  );
  const built = summaryParams(state, { campaign, market: options.market }, 'campaign');
  return built.ok ? built.params : null;
}

/** One read per distinct (endpoint, parameters) of the visible widgets, in the config's order. */
export function firstReads(
  options: CvFiltersResponse,
  campaign: number,
  config: WidgetsConfig,
  now: number,
): { endpoint: CvEndpointId; params: Params }[] {
  const params = seededParams(options, campaign, now);
  if (params === null) return [];
  const reads = new Map<string, { endpoint: CvEndpointId; params: Params }>();
  for (const w of config.widgets) {
    if (!w.visible) continue;
    const id = w.id as CvWidgetId;
    const endpoint = CV_WIDGET_READS[id].endpoint;
    const p = widgetParams(id, params)!;
    reads.set(`${endpoint} ${JSON.stringify(p)}`, { endpoint, params: p });
  }
  return [...reads.values()];
}

/**
 * At boot, after the options and the config were sent early: sends the widgets' first reads early too, as
 * soon as both answers are in (nothing when either failed: the screen then asks for itself). Until then a
 * request of the app for this campaign's endpoints waits, so it takes these instead of repeating them. The
 * promise settles once they are sent.
 */
export function sendFirstReadsEarly(campaign: number): Promise<void> {
  const at = firstAddresses(campaign);
  const reads = Promise.all([
    peekEarly(at.options, cvFiltersResponse),
    peekEarly(at.config, widgetsResponse),
  ]).then(([options, config]) =>
    options === null || config === null
      ? []
      : firstReads(options, campaign, fitWidgetsConfig(config.config), Date.now()).map((r) =>
          cvRequestPath(r.endpoint, r.params),
        ),
  );
  return sendEarlyRequestsLater(`${CV_BASE}/${campaign}/`, reads);
}
