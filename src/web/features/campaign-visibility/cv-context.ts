// What every widget and table of the campaign-visibility screen shares: the campaign id, the filter parameters
// of spec §7 built from the filter store (null while the campaign's filters load or no domain is active), the
// widget being expanded (on this screen; a dashboard's widgets keep their cell), and chart helpers (series colours, axis formatting).
import { createContext, useContext } from 'react';
import type { Params } from '@core/resource-cache';
import type { CvTargetRef } from '@contracts/campaign-visibility';

export interface CvContextValue {
  campaign: number;
  /** Spec §7 filter parameters of the summary widgets; null while they cannot be built. */
  params: Params | null;
  expanded: string | null;
  toggleExpanded: (id: string) => void;
  /** False where a widget has a fixed cell of its own (a dashboard): no expand button. */
  canExpand: boolean;
}

export const CvContext = createContext<CvContextValue>({
  campaign: 0,
  params: null,
  expanded: null,
  toggleExpanded: () => undefined,
  canExpand: true,
});

export const useCv = (): CvContextValue => useContext(CvContext);

/** Neutral grey for a target the response gives no colour. */
export const NO_COLOUR = '#868e96';

export const colourOf = (t: Pick<CvTargetRef, 'color'>): string => t.color ?? NO_COLOUR;

/** Rounds a figure for the chart-data table the way the chart labels it: at most 4 decimals. */
export const round4 = (v: number): number => Math.round(v * 10_000) / 10_000;

/** Shared ECharts layout: compact grid, axis tooltip, the legend under the chart (EChart draws it in HTML). */
export const CHART_BASE = {
  grid: { left: 48, right: 16, top: 16, bottom: 28, containLabel: true },
  legend: { show: true },
  tooltip: { trigger: 'axis' as const },
};

/** A result type as people read it: `featured_snippet` → `Featured snippet`. */
export function resultTypeLabel(type: string): string {
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
