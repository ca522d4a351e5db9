// End-to-end: the campaign-visibility screen in Chromium against the real server and its demo workspace.
// Signs in, opens a demo campaign's screen and times navigation → every widget drawn, checks that every
// chart's numbers (its hidden data-chart-data table) equal the API's answer to the same request, hides a
// domain, adds a tag filter, sorts the keyword table by a grouped delta field, and downloads both CSVs
// (BOM, header, one line per row of the table's total).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CvCompetitorsResponse } from '@contracts/campaign-visibility';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

/** Spec target: navigation to every widget drawn, in ms, on the demo workspace (printed, not asserted). */
const DRAWN_TARGET_MS = 1_500;
/**
 * Asserted bound: the target plus room for a shared 2-core CI machine, where the demo server's fifteen
 * DuckDB reads and the browser compete for the same cores; above it something has regressed.
 */
const DRAWN_LIMIT_MS = 5_000;
const WIDGETS = 10;

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

const signInAdmin = (page: Page) =>
  signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);

/** Waits until every widget is drawn (ready or empty) and returns performance.now() at that moment. */
async function allDrawn(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (count) => {
      const widgets = [...document.querySelectorAll('[data-widget]')];
      const done =
        widgets.length === count &&
        widgets.every((w) => ['ready', 'empty'].includes(w.getAttribute('data-state') ?? ''));
      return done ? performance.now() : false;
    },
    WIDGETS,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

type Row = (string | number)[];

/** expect.poll with room for the demo server's reads on a busy machine (default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

async function chartData(page: Page): Promise<Record<string, string[][]>> {
  return page.evaluate(() => {
    const out: Record<string, string[][]> = {};
    for (const t of document.querySelectorAll('table[data-chart-data]')) {
      out[t.getAttribute('data-chart-data')!] = [...t.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      );
    }
    return out;
  });
}

// What each chart must show, computed here from the API's JSON independently of the web code.
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;
const EXPECTED: Record<string, { endpoint: string; rows: (body: any) => Row[] }> = {
  visibility: {
    endpoint: 'domains',
    rows: (b) =>
      b.items.flatMap((t: any) => t.series.map((p: any) => [t.key, p.date, r4(p.visibilityScore)])),
  },
  'share-of-visibility': {
    endpoint: 'domains',
    rows: (b) => b.items.map((t: any) => [t.key, r4(t.share), r4(t.visibility), r4(t.visibilityScore)]),
  },
  'result-type-prominence': {
    endpoint: 'result-type-prominence',
    rows: (b) =>
      b.items.flatMap((t: any) =>
        t.total.map((x: any) => [t.key, x.resultType, r4(x.share), r4(x.visibilityScore)]),
      ),
  },
  'rank-ranges': {
    endpoint: 'rank-ranges',
    rows: (b) => b.items.flatMap((t: any) => t.ranges.map((x: any) => [t.key, x.key, x.keywords])),
  },
  'search-volume-ranges': {
    endpoint: 'search-volume-ranges',
    rows: (b) =>
      b.items.flatMap((x: any) =>
        x.domains.map((d: any) => [x.key, d.key, r4(d.visibilityScore), d.ranking]),
      ),
  },
  'keywords-by-search-volume': {
    endpoint: 'search-volume-ranges',
    rows: (b) => b.items.map((x: any) => [x.key, x.keywords]),
  },
  'visibility-by-group': {
    endpoint: 'visibility-share',
    rows: (b) =>
      b.items.flatMap((x: any) =>
        x.domains.map((d: any) => [x.label, d.key, r4(d.share), r4(d.visibilityScore)]),
      ),
  },
  'visibility-by-tag': {
    endpoint: 'tags',
    rows: (b) =>
      b.items.flatMap((x: any) =>
        x.domains.map((d: any) => [x.label, d.key, r4(d.share), r4(d.visibilityScore)]),
      ),
  },
  'visibility-score-lost': {
    endpoint: 'visibility-score-lost',
    rows: (b) => b.items.map((t: any) => [t.key, r4(t.lost), r4(t.gained)]),
  },
  'competitors-league': {
    endpoint: 'competitors',
    rows: (b) =>
      (b as CvCompetitorsResponse).items.map((c) => [
        c.rank,
        c.domain,
        r4(c.visibilityScore),
        r4(c.share),
        c.rankChange ?? '',
      ]),
  },
};

/** The last request the page made to each campaign-visibility endpoint (path after /{campaign}/). */
function recordRequests(page: Page): Map<string, string> {
  const last = new Map<string, string>();
  page.on('request', (req) => {
    const m = /\/api\/v3\/campaign-visibility\/\d+\/([a-z/-]+)/.exec(req.url());
    if (m) last.set(m[1]!, req.url());
  });
  return last;
}

async function compareChartsWithApi(page: Page, requests: Map<string, string>): Promise<number> {
  const shown = await chartData(page);
  let compared = 0;
  for (const [widget, spec] of Object.entries(EXPECTED)) {
    const state = await page.locator(`[data-widget="${widget}"]`).getAttribute('data-state');
    if (state === 'empty') continue;
    const url = requests.get(spec.endpoint);
    expect(url, `a request of ${widget}`).toBeDefined();
    const res = await page.request.get(url!);
    expect(res.status()).toBe(200);
    const expected = spec.rows(await res.json()).map((row) => row.map(String));
    expect(shown[widget], `the numbers ${widget} draws`).toEqual(expected);
    compared += 1;
  }
  return compared;
}

describe('campaign visibility screen', () => {
  it('draws every widget fast, shows the API’s numbers, filters, sorts and exports', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAdmin(page);
    const campaigns = await (await page.request.get(`${e2e.server.url}/api/v1/campaigns`)).json();
    const campaign = campaigns.items[0].id as number;
    const requests = recordRequests(page);

    // Navigation → every widget drawn (performance.now counts from navigation start).
    await page.goto(`${e2e.server.url}/${campaign}/competitive-analysis/cv`);
    const drawnMs = await allDrawn(page);
    console.log(`navigation → every widget drawn: ${drawnMs.toFixed(0)} ms (target ≤ ${DRAWN_TARGET_MS} ms)`);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'cv-1-loaded');
    expect(await compareChartsWithApi(page, requests)).toBeGreaterThanOrEqual(8);

    // Hide the second domain: it leaves the request and the charts.
    const chips = page.getByRole('group', { name: /^Domains/ }).locator('[data-domain]');
    const hidden = (await chips.nth(1).getAttribute('data-domain'))!;
    await chips.nth(1).click();
    await poll(() => requests.get('domains')?.includes(encodeURIComponent(hidden)) ?? true).toBe(false);
    await allDrawn(page);
    const shares = (await chartData(page))['share-of-visibility']!;
    expect(shares.map((r) => r[0])).not.toContain(hidden);

    // Add a tag filter: requests carry it and the charts still match the API.
    await page.getByRole('combobox', { name: 'Tags' }).click();
    const option = page.getByRole('listbox', { name: 'Tags' }).getByRole('option').first();
    const tag = ((await option.textContent()) ?? '').replace(/\s*\(\d+\)$/, '');
    await option.click();
    await page.keyboard.press('Escape');
    await poll(() => requests.get('domains')?.includes(`tags=${encodeURIComponent(tag)}`)).toBe(true);
    await allDrawn(page);
    await page.waitForLoadState('networkidle');
    await compareChartsWithApi(page, requests);
    await screenshot(page, 'cv-2-filtered');

    // Sort the keyword table by a grouped delta field (visibility score change of target 0).
    // The tables load when scrolled near (they are below the fold).
    await page.mouse.wheel(0, 6000);
    const table = page.locator('[data-table="ranking-keywords"]');
    await poll(() => table.getAttribute('data-state')).toBe('ready');
    await table.locator('[data-sort-field="visibilityScoreDeltas|0"]').click();
    await poll(() => requests.get('ranking/keywords') ?? '').toContain(
      `sortField=${encodeURIComponent('visibilityScoreDeltas|0.delta')}`,
    );
    await poll(() => table.getAttribute('data-state')).toBe('ready');
    const sorted = await (await page.request.get(requests.get('ranking/keywords')!)).json();
    const firstKeyword = await table.locator('tbody tr').first().locator('td').first().textContent();
    expect(firstKeyword).toBe(sorted.items[0].keyword);
    const deltas = sorted.items.map(
      (k: { domains: { visibilityScoreDeltas: { delta: number } }[] }) =>
        k.domains[0]!.visibilityScoreDeltas.delta,
    );
    expect(deltas).toEqual([...deltas].sort((a: number, b: number) => b - a));
    await screenshot(page, 'cv-3-sorted');
    await table.screenshot({ path: 'e2e/out/cv-4-keyword-table.png' });

    // Both CSV exports: BOM, header, one line per row of the table's total.
    const urlsTable = page.locator('[data-table="ranking-urls"]');
    await poll(() => urlsTable.getAttribute('data-state')).toMatch(/ready|empty/);
    const urlTotal = (await (await page.request.get(requests.get('ranking/urls')!)).json()).total as number;
    for (const [section, total, header] of [
      [table, sorted.total as number, /keyword/i],
      [urlsTable, urlTotal, /url/i],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes
        .subarray(3)
        .toString('utf8')
        .split(/\r?\n/)
        .filter((l) => l !== '');
      expect(lines[0]).toMatch(header);
      expect(lines.length - 1).toBe(total);
    }

    expect(errors).toEqual([]);
    expect(drawnMs).toBeLessThanOrEqual(DRAWN_LIMIT_MS);
    await context.close();
  });
});
