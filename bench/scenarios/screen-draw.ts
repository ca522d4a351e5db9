// Draws the campaign-visibility screen in headless Chromium for scenario `screen`, in a process of its own
// (screen-driver.ts) so that Playwright's client never shares the app server's event loop: a fresh page per
// draw, timed from navigation start to the first animation frame where every widget is ready or empty, with
// the page's Resource Timing of its API requests.
import type { Browser, BrowserContext } from 'playwright-core';
import { CV_WIDGETS } from '@web/features/campaign-visibility/widget-catalog';

/** A draw slower than this fails the scenario (something is broken, not slow). */
const DRAW_TIMEOUT_MS = 120_000;
export const VIEWPORT = { width: 1440, height: 1000 };

export interface ApiEntry {
  path: string;
  /** Milliseconds after navigation start: fetch started, request sent (after any queueing), answer read. */
  start: number;
  sent: number;
  end: number;
  /** transferSize 0: answered from the HTTP cache. */
  fromCache: boolean;
}

/** What the page reports at the first frame where every widget is settled. */
interface Settled {
  drawnMs: number;
  failed: string[];
  api: ApiEntry[];
}

export interface Draw {
  drawnMs: number;
  api: ApiEntry[];
  slowest: { endpoint: string; ms: number };
  /** The endpoint whose answer came last before the draw. */
  lastEndpoint: string;
}

/** An API path without the version prefix and ids: `cv/domains` for …/campaign-visibility/7/domains. */
export function endpointOf(path: string): string {
  return path
    .replace(/^\/api\/v\d+\//u, '')
    .replace(/^campaign-visibility\/\d+\//u, 'cv/')
    .replace(/\/\d+(?=\/|$)/gu, '/:id');
}

/** Opens `url` in a fresh page of `context` and waits until every widget is drawn. */
export async function drawOnce(context: BrowserContext, url: string, what: string): Promise<Draw> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url, { waitUntil: 'commit' });
    let settled: Settled;
    try {
      // No named inner functions here: tsx would wrap them in a __name helper the page does not have.
      const handle = await page.waitForFunction(
        (count: number): Settled | false => {
          const widgets = [...document.querySelectorAll('[data-widget]')];
          const states = widgets.map((w) => w.getAttribute('data-state') ?? '');
          if (widgets.length !== count || !states.every((s) => ['ready', 'empty', 'error'].includes(s)))
            return false;
          const drawnMs = performance.now();
          const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return {
            drawnMs,
            failed: widgets
              .filter((w) => w.getAttribute('data-state') === 'error')
              .map((w) => w.getAttribute('data-widget') ?? '?'),
            api: entries
              .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
              .map((e) => ({
                path: new URL(e.name).pathname,
                start: e.startTime,
                sent: e.requestStart,
                end: e.responseEnd,
                fromCache: e.transferSize === 0,
              })),
          };
        },
        CV_WIDGETS.length,
        { timeout: DRAW_TIMEOUT_MS, polling: 'raf' },
      );
      settled = (await handle.jsonValue()) as Settled;
    } catch (error) {
      const states = await page
        .evaluate(() =>
          [...document.querySelectorAll('[data-widget]')]
            .map((w) => `${w.getAttribute('data-widget')}=${w.getAttribute('data-state')}`)
            .join(', '),
        )
        .catch(() => '?');
      const text = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch(() => '?');
      throw new Error(
        `${what}: the widgets were not all drawn (${(error as Error).message.split('\n')[0]}); ` +
          `widgets: ${states || 'none'}; page says: ${JSON.stringify(text)}`,
      );
    }
    if (settled.failed.length > 0)
      throw new Error(`${what}: widgets in the error state: ${settled.failed.join(', ')}`);
    if (errors.length > 0) throw new Error(`${what}: errors in the page: ${errors.join('; ')}`);
    if (settled.api.length === 0) throw new Error(`${what}: no API request was recorded before the draw`);
    const slowest = settled.api.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
    const last = settled.api.reduce((a, b) => (b.end > a.end ? b : a));
    return {
      drawnMs: settled.drawnMs,
      api: settled.api,
      slowest: { endpoint: endpointOf(slowest.path), ms: slowest.end - slowest.start },
      lastEndpoint: endpointOf(last.path),
    };
  } finally {
    await page.close();
  }
}

/** A browser context at the screen's viewport, signed in with the analyst's session cookie. */
export async function signedInContext(
  browser: Browser,
  base: string,
  cookie: string,
): Promise<BrowserContext> {
  const at = cookie.indexOf('=');
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: base }]);
  return context;
}
