// The charts' legend as data (issue 26): ECharts' own legend pages long lists ("1/3"), hiding most series, so
// the app draws its legend in HTML under the chart — every series, wrapped and scrolled when long — and keeps
// ECharts' legend hidden, only as the holder of which series are shown (`legend.selected`). A series' swatch
// colour is the one the chart draws it in: its own colour, else the option's palette (the app's, §3) by index.
import type { EChartsCoreOption } from 'echarts/core';
import { PALETTE } from '@core/palette';

export interface LegendEntry {
  name: string;
  color: string;
}

interface SeriesLike {
  name?: unknown;
  color?: unknown;
  itemStyle?: { color?: unknown };
}

interface LegendLike {
  show?: unknown;
  selected?: Record<string, boolean>;
}

const legendOf = (option: EChartsCoreOption): LegendLike | null => {
  const legend = option.legend;
  return legend !== null && typeof legend === 'object' && !Array.isArray(legend)
    ? (legend as LegendLike)
    : null;
};

const paletteOf = (option: EChartsCoreOption): readonly string[] =>
  Array.isArray(option.color) && option.color.every((c) => typeof c === 'string')
    ? (option.color as string[])
    : PALETTE;

/** The named series of an option with a shown legend, in order; null when the chart has no legend. */
export function legendEntries(option: EChartsCoreOption): LegendEntry[] | null {
  const legend = legendOf(option);
  if (legend === null || legend.show === false || !Array.isArray(option.series)) return null;
  const palette = paletteOf(option);
  return (option.series as SeriesLike[]).flatMap((s, i) => {
    if (typeof s.name !== 'string') return [];
    const own = typeof s.color === 'string' ? s.color : s.itemStyle?.color;
    return [{ name: s.name, color: typeof own === 'string' ? own : palette[i % palette.length]! }];
  });
}

/** Whether a series is drawn: the user's toggle, else the option's initial selection, else shown. */
export function isShown(
  option: EChartsCoreOption,
  toggled: ReadonlyMap<string, boolean>,
  name: string,
): boolean {
  return toggled.get(name) ?? legendOf(option)?.selected?.[name] ?? true;
}

/** The option as drawn: ECharts' legend hidden but holding the selection, the palette the swatches use. */
export function withHtmlLegend(
  option: EChartsCoreOption,
  entries: readonly LegendEntry[],
  toggled: ReadonlyMap<string, boolean>,
): EChartsCoreOption {
  return {
    ...option,
    color: [...paletteOf(option)],
    legend: {
      ...legendOf(option),
      show: false,
      selected: Object.fromEntries(entries.map((e) => [e.name, isShown(option, toggled, e.name)])),
    },
  };
}
