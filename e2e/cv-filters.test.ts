// End-to-end sweep of the campaign-visibility filter bar (issue 26 item 3: the Keywords chip was accepted but
// no request carried it). For every filter of the bar, on a freshly loaded screen of a demo campaign: apply
// it as a user would, then check the request it must send (its parameter, on the endpoint that serves it)
// and that what the screen shows changes — the widgets' chart data, or the keyword table for the URL filter,
// which narrows the ranking tables only.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

/** expect.poll with room for the demo server's reads on a busy machine (default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

/** The last request of each campaign-visibility endpoint (`domains`, `ranking/keywords`, …). */
function recordRequests(page: Page): Map<string, URL> {
  const last = new Map<string, URL>();
  page.on('request', (req) => {
    const m = /\/api\/v3\/campaign-visibility\/\d+\/([a-z/-]+)/.exec(req.url());
    if (m) last.set(m[1]!, new URL(req.url()));
  });
  return last;
}

/** Every widget drawn (ready or empty), then the widgets' chart data as one text. */
async function widgetsShown(page: Page): Promise<string> {
  await page.waitForFunction(
    () => {
      const widgets = [...document.querySelectorAll('[data-widget]')];
      return (
        widgets.length > 0 &&
        widgets.every((w) => ['ready', 'empty'].includes(w.getAttribute('data-state') ?? ''))
      );
    },
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(() =>
    [...document.querySelectorAll('table[data-chart-data]')]
      .map((t) => `${t.getAttribute('data-chart-data')}:${t.textContent}`)
      .join('\n'),
  );
}

/** The keyword ranking table's rows as text, once it is drawn (it loads when scrolled near). */
async function keywordTableShown(page: Page): Promise<string> {
  const table = page.locator('[data-table="ranking-keywords"]');
  // The tables are drawn when scrolled near (they are below the fold).
  await page.mouse.wheel(0, 6000);
  await table.scrollIntoViewIfNeeded();
  await poll(() => table.getAttribute('data-state')).toMatch(/ready|empty/);
  return (await table.locator('tbody').textContent()) ?? '';
}

/** Picks the `index`-th option of a Mantine select or multi-select by its label; its text without a count. */
async function pickOption(page: Page, label: string, index = 0): Promise<string> {
  await page.getByRole('combobox', { name: label }).click();
  const option = page.getByRole('listbox', { name: label }).getByRole('option').nth(index);
  const text = ((await option.textContent()) ?? '').replace(/\s*\(\d+\)$/, '');
  await option.click();
  await page.keyboard.press('Escape');
  return text;
}

interface FilterCase {
  name: string;
  /** Applies the filter; returns the value the request must carry. */
  apply: (page: Page, ctx: { keyword: string; url: string }) => Promise<string>;
  /** Endpoint and parameter that must carry it. */
  endpoint: string;
  param: string;
  /** What must change: the widgets, or the keyword table (URL filter). */
  shows: 'widgets' | 'keyword table';
}

const CASES: FilterCase[] = [
  { name: 'Tags', apply: (p) => pickOption(p, 'Tags'), endpoint: 'domains', param: 'tags', shows: 'widgets' },
  {
    name: 'Keyword groups',
    apply: (p) => pickOption(p, 'Keyword groups'),
    endpoint: 'domains',
    param: 'groups',
    shows: 'widgets',
  },
  {
    name: 'Result types',
    apply: async (p) => {
      await pickOption(p, 'Result types');
      // The request carries the type's value (featured_snippet), the option its label: read it back.
      return '';
    },
    endpoint: 'domains',
    param: 'kwResultTypes',
    shows: 'widgets',
  },
  {
    name: 'Keywords',
    apply: async (p, { keyword }) => {
      const input = p.getByLabel('Keywords', { exact: true }).and(p.locator('input'));
      await input.fill(keyword);
      await input.press('Enter');
      return keyword;
    },
    endpoint: 'domains',
    param: 'keywords',
    shows: 'widgets',
  },
  {
    name: 'Date',
    // Options list the dates newest first; the fourth is three snapshots back.
    apply: async (p) => {
      await pickOption(p, 'Date', 3);
      return '';
    },
    endpoint: 'domains',
    param: 'date',
    shows: 'widgets',
  },
  {
    name: 'Whole market',
    apply: async (p) => {
      await p.getByRole('switch', { name: 'Whole market' }).click({ force: true });
      return 'true';
    },
    endpoint: 'domains',
    param: 'useWholeMarket',
    shows: 'widgets',
  },
  {
    name: 'URL filter',
    apply: async (p, { url }) => {
      const input = p.getByRole('textbox', { name: 'URL filter' });
      await input.fill(url);
      await input.press('Enter');
      return url;
    },
    endpoint: 'ranking/keywords',
    param: 'url',
    shows: 'keyword table',
  },
];

describe('campaign visibility filter bar', () => {
  it('sends every filter in its requests and changes what the screen shows', async () => {
    const { context, page, errors } = await signedInPage(e2e, { viewport: { width: 1440, height: 1000 } });
    const api = async (path: string) => (await page.request.get(`${e2e.server.url}${path}`)).json();
    const campaign = (await api('/api/v1/campaigns')).items[0].id as number;
    const screen = `${e2e.server.url}/${campaign}/competitive-analysis/cv`;

    // A keyword of the campaign and a URL that ranks for it, from the screen's own keyword table.
    const requests = recordRequests(page);
    await page.goto(screen);
    await widgetsShown(page);
    await keywordTableShown(page);
    const ranking = await api(
      `${requests.get('ranking/keywords')!.pathname}${requests.get('ranking/keywords')!.search}`,
    );
    const ranked = (ranking.items as { keyword: string; domains: { url: string | null }[] }[]).find(
      (k) => k.domains[0]?.url,
    )!;
    const ctx = { keyword: ranked.keyword, url: ranked.domains[0]!.url! };

    for (const c of CASES) {
      await page.goto(screen);
      let before = await widgetsShown(page);
      if (c.shows === 'keyword table') before = await keywordTableShown(page);
      requests.clear();
      const value = await c.apply(page, ctx);
      await poll(() => requests.get(c.endpoint)?.searchParams.getAll(c.param) ?? []).toSatisfy(
        (values: string[]) => values.length > 0 && (value === '' || values.includes(value)),
      );
      const shown = () => (c.shows === 'widgets' ? widgetsShown(page) : keywordTableShown(page));
      await poll(shown).not.toBe(before);
      await screenshot(page, `cv-filter-${c.name.toLowerCase().replaceAll(' ', '-')}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
