// An ECharts chart drawn with the SVG renderer (crisp at any zoom, printable), sized and resized by its
// container's ResizeObserver reports.
// Only the chart types and components the app uses are registered, to keep the bundle small.
import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEChartsParts } from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

registerEChartsParts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

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
  const latest = useRef(option);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let instance: ReturnType<typeof init> | null = null;
    const start = (size?: { width: number; height: number }) => {
      instance = init(el, null, { renderer: 'svg', ...size });
      chart.current = instance;
      instance.setOption(still(latest.current), { notMerge: true });
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
    latest.current = option;
    chart.current?.setOption(still(option), { notMerge: true });
  }, [option]);

  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
