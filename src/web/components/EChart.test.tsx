import '../test/dom-setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';

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
});
