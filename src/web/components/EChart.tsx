// An ECharts chart drawn with the SVG renderer (crisp at any zoom, printable), sized and resized by its
// container's ResizeObserver reports, with its legend drawn in HTML under it (chart-legend.ts).
// Only the chart types and components the app uses are registered, to keep the bundle small.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEChartsParts } from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { isShown, legendEntries, withHtmlLegend } from './chart-legend';
import { ChartLegend } from './ChartLegend';

registerEChartsParts([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  // Annotations' vertical lines (annotation-marks.ts).
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);

/**
 * Charts do not animate: every number shows as soon as the chart is drawn (a line animating in looked cut
 * short for a second, and the screen's draw time and screenshots should see the whole chart).
 */
const still = (option: EChartsCoreOption): EChartsCoreOption => ({ animation: false, ...option });

export function EChart({
  option,
  height,
  label,
}: {
  option: EChartsCoreOption;
  height: number;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  // Series the user showed or hid in the legend, over the option's own initial selection.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const entries = useMemo(() => legendEntries(option), [option]);
  const drawn = useMemo(
    () => (entries === null ? option : withHtmlLegend(option, entries, toggled)),
    [option, entries, toggled],
  );
  const latest = useRef(drawn);
  const shown = useCallback((name: string) => isShown(option, toggled, name), [option, toggled]);
  const toggle = useCallback(
    (name: string) => setToggled((t) => new Map(t).set(name, !isShown(option, t, name))),
    [option],
  );

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let instance: ReturnType<typeof init> | null = null;
    // Pending until the first draw: a report's print page waits for it (report-readiness.ts).
    el.dataset.chartState = 'pending';
    const start = (size?: { width: number; height: number }) => {
      instance = init(el, null, { renderer: 'svg', ...size });
      chart.current = instance;
      // setOption draws at once (not lazily), so the chart is drawn when it returns.
      instance.setOption(still(latest.current), { notMerge: true });
      el.dataset.chartState = 'drawn';
    };
    // The chart starts at the observer's first report, which comes after layout with the box's size:
    // measuring it at mount instead forced a layout per chart while the screen was still being built, and
    // that first report then drew every chart a second time at the same size.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1]!.contentRect;
            const size = { width: box.width, height: box.height };
            if (instance === null) start(size);
            else if (size.width !== instance.getWidth() || size.height !== instance.getHeight())
              instance.resize(size);
          });
    if (observer === null) start();
    else observer.observe(el);
    return () => {
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = drawn;
    chart.current?.setOption(still(drawn), { notMerge: true });
  }, [drawn]);

  const canvas = <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
  if (entries === null) return canvas;
  return (
    <div>
      {canvas}
      <ChartLegend entries={entries} shown={shown} onToggle={toggle} label={label} />
    </div>
  );
}
