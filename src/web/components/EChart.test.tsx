import '../test/dom-setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';

// ECharts itself draws nothing in jsdom (no layout): a stand-in records what the component asks of it.
const calls: string[] = [];
const options: Record<string, unknown>[] = [];
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: (_el: unknown, _theme: unknown, opts: { width?: number; height?: number }) => {
    let size = { width: opts.width ?? 0, height: opts.height ?? 0 };
    calls.push(`init ${size.width}×${size.height}`);
    return {
      getWidth: () => size.width,
      getHeight: () => size.height,
      resize: (next: { width: number; height: number }) => {
        size = next;
        calls.push(`resize ${next.width}×${next.height}`);
      },
      setOption: (option: { title: string }) => {
        options.push(option);
        calls.push(`option ${option.title}`);
      },
      dispose: () => calls.push('dispose'),
    };
  },
}));

/** A ResizeObserver whose reports the test sends. */
const observers: { report: (width: number, height: number) => void; disconnected: boolean }[] = [];
class TestResizeObserver {
  private readonly entry = { disconnected: false, report: (_w: number, _h: number) => {} };
  constructor(callback: (entries: { contentRect: { width: number; height: number } }[]) => void) {
    this.entry.report = (width, height) => callback([{ contentRect: { width, height } }]);
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

const { EChart } = await import('./EChart');
// dom-setup's stand-in is writable, not configurable: swapped by assignment.
const setupObserver = globalThis.ResizeObserver;

beforeEach(() => {
  calls.length = 0;
  options.length = 0;
  observers.length = 0;
  globalThis.ResizeObserver = TestResizeObserver as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  globalThis.ResizeObserver = setupObserver;
});

describe('EChart', () => {
  it('starts the chart at its box’s first reported size, and redraws only when the size changes', () => {
    const { rerender, unmount } = render(<EChart option={{ title: 'a' }} height={220} label="chart" />);
    expect(calls).toEqual([]);
    act(() => observers[0]!.report(540, 220));
    expect(calls).toEqual(['init 540×220', 'option a']);
    act(() => observers[0]!.report(540, 220));
    act(() => observers[0]!.report(1100, 220));
    expect(calls.slice(2)).toEqual(['resize 1100×220']);
    rerender(<EChart option={{ title: 'b' }} height={220} label="chart" />);
    expect(calls.slice(3)).toEqual(['option b']);
    unmount();
    expect(calls.slice(4)).toEqual(['dispose']);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('draws the latest option when the first report comes after it changed', () => {
    const { rerender } = render(<EChart option={{ title: 'a' }} height={220} label="chart" />);
    rerender(<EChart option={{ title: 'b' }} height={220} label="chart" />);
    act(() => observers[0]!.report(300, 220));
    expect(calls).toEqual(['init 300×220', 'option b']);
  });

  it('draws without animation, so every number shows at once', () => {
    render(<EChart option={{ title: 'a' }} height={220} label="chart" />);
    act(() => observers[0]!.report(300, 220));
    expect(options).toEqual([{ animation: false, title: 'a' }]);
  });

  it('lists every series in its legend, not a page of them, and shows or hides one on a click (issue 26)', () => {
    const series = Array.from({ length: 25 }, (_, i) => ({
      type: 'line',
      name: `domain-${i}.com`,
      data: [i],
    }));
    const option = {
      title: 'league',
      legend: { selected: { 'domain-24.com': false } },
      series: [{ ...series[0], color: '#123456' }, ...series.slice(1)],
    };
    render(
      <MantineProvider>
        <EChart option={option} height={220} label="Share of visibility" />
      </MantineProvider>,
    );
    act(() => observers[0]!.report(600, 220));
    const legend = screen.getByRole('group', { name: 'Legend of Share of visibility' });
    const buttons = [...legend.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(series.map((s) => s.name));
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual([...Array(24).fill('true'), 'false']);
    // ECharts' own legend is hidden and holds the selection; colours are the series' own, else the palette's.
    const drawn = options.at(-1) as {
      legend: { show: boolean; selected: Record<string, boolean> };
      color: string[];
    };
    expect(drawn.legend.show).toBe(false);
    expect(drawn.legend.selected['domain-24.com']).toBe(false);
    expect((buttons[0]!.querySelector('[data-swatch]') as HTMLElement).style.borderColor).toMatch(
      /#123456|rgb\(18, 52, 86\)/,
    );
    fireEvent.click(buttons[3]!);
    fireEvent.click(buttons[24]!);
    const after = options.at(-1) as typeof drawn;
    expect(after.legend.selected['domain-3.com']).toBe(false);
    expect(after.legend.selected['domain-24.com']).toBe(true);
    expect(buttons[3]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('draws no legend for a chart that hides its own', () => {
    render(
      <EChart
        option={{ title: 'pie', legend: { show: false }, series: [{ name: 'x' }] }}
        height={220}
        label="pie"
      />,
    );
    act(() => observers[0]!.report(300, 220));
    expect(screen.queryByRole('group')).toBeNull();
  });
});
