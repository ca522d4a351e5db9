// jsdom lacks a few browser APIs Mantine uses (matchMedia, ResizeObserver, scrollIntoView); tests import this
// first so components render as in a browser. Vitest runs without globals, so unmounting after each test is
// registered here too.
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A screen test waits for data through the whole app (router, query client, zod parsing); on a busy 2-core CI
// machine shared with other work (load average 12 seen) that can take longer than Testing Library’s 1 s default
// and than 5 s, so `findBy…` waits up to 15 s (the longer wait only slows a test that is failing anyway).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}
HTMLElement.prototype.scrollIntoView ??= () => {};
