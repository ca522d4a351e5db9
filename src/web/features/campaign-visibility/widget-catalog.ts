// The widgets available on the campaign-visibility screen, in their default order, and how a saved per-user
// config (order, hidden widgets, the one expanded widget) is applied: unknown ids are dropped and widgets
// added since the config was saved appear at the end, visible.
import type { WidgetsConfig } from '@contracts/widgets';

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
