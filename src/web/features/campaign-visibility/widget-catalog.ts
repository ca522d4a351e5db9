// The widgets available on the campaign-visibility screen, in their default order, and how a saved per-user
// config (order, hidden widgets, the one expanded widget) is applied: unknown ids are dropped and widgets
// added since the config was saved appear at the end, visible; and what each widget reads first.
import type { WidgetsConfig } from '@contracts/widgets';
import type { Params } from '@core/resource-cache';
import type { CvEndpointId } from '../../api/use-campaign-visibility';

export const CV_MODULE = 'campaign-visibility';

export const CV_WIDGETS = [
  { id: 'visibility', title: 'Visibility over time' },
  { id: 'share-of-visibility', title: 'Share of visibility' },
  { id: 'result-type-prominence', title: 'Result-type prominence' },
  { id: 'rank-ranges', title: 'Rank ranges' },
  { id: 'search-volume-ranges', title: 'Search-volume ranges' },
  { id: 'visibility-by-group', title: 'Visibility share by keyword group' },
  { id: 'visibility-by-tag', title: 'Visibility share by tag' },
  { id: 'visibility-score-lost', title: 'Visibility score lost and gained' },
  { id: 'competitors-league', title: 'Competitors league' },
  { id: 'keywords-by-search-volume', title: 'Keywords by search volume' },
] as const;

export type CvWidgetId = (typeof CV_WIDGETS)[number]['id'];

const KNOWN = new Set<string>(CV_WIDGETS.map((w) => w.id));

export function defaultWidgetsConfig(): WidgetsConfig {
  return { widgets: CV_WIDGETS.map((w) => ({ id: w.id, visible: true })), expanded: null };
}

/** A saved config fitted to the widgets that exist now. */
export function fitWidgetsConfig(saved: WidgetsConfig | null): WidgetsConfig {
  if (saved === null) return defaultWidgetsConfig();
  const seen = new Set<string>();
  const widgets = saved.widgets.filter((w) => KNOWN.has(w.id) && !seen.has(w.id) && seen.add(w.id));
  for (const w of CV_WIDGETS) if (!seen.has(w.id)) widgets.push({ id: w.id, visible: true });
  const expanded = saved.expanded !== null && KNOWN.has(saved.expanded) ? saved.expanded : null;
  return { widgets, expanded };
}

/** Moves a widget one place up (-1) or down (+1). */
export function moveWidget(config: WidgetsConfig, id: string, by: -1 | 1): WidgetsConfig {
  const i = config.widgets.findIndex((w) => w.id === id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= config.widgets.length) return config;
  const widgets = [...config.widgets];
  [widgets[i], widgets[j]] = [widgets[j]!, widgets[i]!];
  return { ...config, widgets };
}

/** The read of a widget's first draw: the endpoint (use-campaign-visibility's id) and what it adds. */
interface WidgetRead {
  endpoint: CvEndpointId;
  extra?: Readonly<Record<string, number>>;
}

export const CV_WIDGET_READS: Readonly<Record<CvWidgetId, WidgetRead>> = {
  visibility: { endpoint: 'cvDomains' },
  'share-of-visibility': { endpoint: 'cvDomains' },
  'result-type-prominence': { endpoint: 'cvResultTypeProminence' },
  'rank-ranges': { endpoint: 'cvRankRanges' },
  'search-volume-ranges': { endpoint: 'cvSearchVolumeRanges' },
  'visibility-by-group': { endpoint: 'cvVisibilityShare' },
  'visibility-by-tag': { endpoint: 'cvTags' },
  'visibility-score-lost': { endpoint: 'cvVisibilityScoreLost', extra: { top: 5 } },
  'competitors-league': { endpoint: 'cvCompetitors', extra: { limit: 10 } },
  'keywords-by-search-volume': { endpoint: 'cvSearchVolumeRanges' },
};

/** The parameters a widget reads with: the screen's filters and the widget's own additions. */
export function widgetParams(id: CvWidgetId, params: Params | null): Params | null {
  return params === null ? null : { ...params, ...CV_WIDGET_READS[id].extra };
}
