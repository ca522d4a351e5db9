// End-to-end: issue 29's whole path in one session, in Chromium against the real server and its demo
// workspace, at 1280 px. An analyst filters the rank table to a tag and to movers, switches to classic
// positions, opens a keyword's drawer, finds a cannibalised keyword in the Cannibalisation view and opens one
// of its URLs in Page Analysis (same dates, position kind and domain), compares two other dates there, reads
// a tag's share in Tag Analysis, adds an annotation and sees it on the campaign-visibility chart. Every
// number read is checked against the API.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PaPageResponse, PaPagesResponse } from '@contracts/page-analysis';
import type { RtTableResponse } from '@contracts/rank-tracking';
import type { TaResponse } from '@contracts/tag-analysis';
import { screenshot, signIn } from './support/browser';
import { apiGet, en, pct, poll, record } from './support/answers';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();
const api = <T>(page: Page, path: string) => apiGet<T>(page, e2e.server.url, path);

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function rankTable(page: Page): Promise<void> {
  await page.getByRole('table', { name: /Keywords \(absolute positions\)/u }).waitFor({ timeout: 60_000 });
}

describe("the rankings workspace's whole path in Chromium", () => {
  it('goes from the rank table to a cannibalised URL in Page Analysis, a tag and an annotation', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const table = record<RtTableResponse>(page, /\/api\/v1\/rank-tracking\/\d+\/keywords\?/u);
    const pages = record<PaPagesResponse>(page, /\/api\/v1\/page-analysis\/\d+\/pages\?/u);
    const one = record<PaPageResponse>(page, /\/api\/v1\/page-analysis\/\d+\/page\?/u);
    const tags = record<TaResponse>(page, /\/api\/v1\/tag-analysis\/\d+\?/u);
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const campaigns = await api<{ items: { id: number }[] }>(page, '/api/v1/campaigns');
    const id = campaigns.items[0]!.id;

    // The rank table, filtered to a tag, then (afresh) to movers up by 3 or more.
    await page.goto(`${e2e.server.url}/${id}/rankings/rank-tracking`);
    await rankTable(page);
    await poll(() => table.last?.body.rows.length ?? 0).toBeGreaterThan(0);
    const all = table.last!.body;
    const tag = all.tags[0]!;
    await pick(page, 'Tags', tag);
    await page.keyboard.press('Escape');
    await poll(() => table.last?.url.searchParams.getAll('tags').join()).toBe(tag);
    expect(table.last!.body.total).toBeLessThan(all.total);
    expect(table.last!.body.rows.every((r) => r.tags.includes(tag))).toBe(true);
    await page.reload();
    await rankTable(page);
    await pick(page, 'Movement', 'Moved up');
    await page.getByLabel('By at least', { exact: true }).fill('3');
    await poll(() => table.last?.url.searchParams.get('moveBy')).toBe('3');
    const movers = table.last!.body;
    expect(movers.rows.every((r) => (r.cells[movers.focus]!.change ?? 0) >= 3)).toBe(true);
    await page.reload();
    await rankTable(page);

    // Classic positions, then one keyword's drawer.
    await page.getByText('Classic (organic)').click();
    await page.getByRole('table', { name: /Keywords \(classic positions\)/u }).waitFor();
    await poll(() => table.last?.body.positionKind).toBe('classic');
    const first = table.last!.body.rows[0]!.keyword;
    await page.getByRole('button', { name: `Open ${first}`, exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('table', { name: /SERP of/u })
      .waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'rankings-path-table-1280');

    // A cannibalised keyword's URL, opened in Page Analysis with the table's dates and position kind.
    await page.getByText('Cannibalisation', { exact: true }).click();
    const link = page.locator('a[title="Open this URL in Page Analysis"]').first();
    await link.waitFor({ timeout: 30_000 });
    const target = new URL((await link.getAttribute('href')) ?? '', e2e.server.url);
    const url = target.searchParams.get('url')!;
    expect(target.pathname).toBe(`/${id}/rankings/page-analysis`);
    expect(target.searchParams.get('positionKind')).toBe('classic');
    await screenshot(page, 'rankings-path-conflicts-1280');
    await link.click();
    await page.getByTestId('page-summary').waitFor({ timeout: 60_000 });
    await poll(() => one.last?.body.url).toBe(url);
    expect(one.last!.url.searchParams.get('positionKind')).toBe('classic');
    expect(one.last!.url.searchParams.get('focus')).toBe(target.searchParams.get('focus'));
    const detail = await api<PaPageResponse>(
      page,
      `/api/v1/page-analysis/${id}/page?${one.last!.url.searchParams.toString()}`,
    );
    // The URL's keywords there carry the conflict that led to it.
    expect(detail.keywords.some((k) => k.conflicts.length > 0)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'rankings-path-page-1280');

    // Two other dates in Page Analysis: the URL table and its totals follow, as the API has them.
    await poll(() => pages.last?.body.snapshotDates.length ?? 0).toBeGreaterThan(5);
    const dates = pages.last!.body.snapshotDates;
    const from = dates[dates.length - 5]!;
    await pick(page, 'Compare from', from);
    await poll(() => pages.last?.body.dates?.start).toBe(from);
    const compared = await api<PaPagesResponse>(
      page,
      `/api/v1/page-analysis/${id}/pages?${pages.last!.url.searchParams.toString()}`,
    );
    expect(compared.totals).toEqual(pages.last!.body.totals);
    await poll(() => page.getByTestId('kpi-urls').textContent()).toBe(en(compared.totals.urls, 0));

    // A tag's share of visibility in Tag Analysis, for every domain, as the API has it.
    await page.goto(`${e2e.server.url}/${id}/rankings/tag-analysis`);
    await page.getByRole('table', { name: 'Tags × domains' }).waitFor({ timeout: 60_000 });
    await poll(() => tags.last?.body.labels.length ?? 0).toBeGreaterThan(0);
    const matrix = await api<TaResponse>(page, `/api/v1/tag-analysis/${id}`);
    const label = matrix.labels.find((l) => l.label === tag) ?? matrix.labels[0]!;
    for (const [i, t] of matrix.targets.entries()) {
      expect(await page.locator(`[data-cell="${label.label}|${t.key}"]`).textContent()).toMatch(
        new RegExp(`^${pct(label.targets[i]!.end.share).replace('.', '\\.')}`, 'u'),
      );
    }
    await screenshot(page, 'rankings-path-tags-1280');

    // An annotation on a point date of the campaign, drawn on the campaign-visibility chart.
    let domainsUrl: string | null = null;
    page.on('request', (req) => {
      if (/\/api\/v3\/campaign-visibility\/\d+\/domains/u.test(req.url())) domainsUrl = req.url();
    });
    await page.goto(`${e2e.server.url}/${id}/competitive-analysis/cv`);
    const widget = page.locator('[data-widget="visibility"]');
    await poll(() => widget.getAttribute('data-state')).toBe('ready');
    const { dates: points } = (await (await page.request.get(domainsUrl!)).json()) as { dates: string[] };
    // The second point date: e2e/annotations.test.ts, on the same shared server and campaign, notes the middle
    // one, and two labels on one date overlap.
    const day = points[1]!;
    await page.goto(`${e2e.server.url}/campaigns/${id}`);
    const form = page.getByRole('form', { name: 'Add an annotation' });
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Title').fill('E2E path: title tags rewritten');
    await form.getByRole('button', { name: 'Add annotation' }).click();
    await page
      .getByRole('table', { name: 'Annotations' })
      .getByText('E2E path: title tags rewritten')
      .waitFor();
    await page.goto(`${e2e.server.url}/${id}/competitive-analysis/cv`);
    await poll(() => widget.getAttribute('data-state')).toBe('ready');
    await poll(() => widget.locator('svg text', { hasText: 'E2E path: title tags rewritten' }).count()).toBe(
      1,
    );
    await widget.scrollIntoViewIfNeeded();
    await screenshot(page, 'rankings-path-annotation-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
