// End-to-end: the Page Analysis and Tag Analysis screens (issue 29 items 4 and 5) in Chromium against the
// real server and its demo workspace. An analyst opens Page Analysis from the sidebar's address, reads the
// own domain's URL count and visibility score and checks them against the API, sorts the URL table, opens
// the most visible URL (its keywords, series and summary, again against the API) and a keyword's drawer;
// then reads a tag's share of visibility in the Tag Analysis matrix against the API and switches to keyword
// groups. Screenshots at 1440 and 390 px wide.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PaPageResponse, PaPagesResponse } from '@contracts/page-analysis';
import type { TaResponse } from '@contracts/tag-analysis';
import { screenshot, signIn } from './support/browser';
import { apiGet, en, pct, poll, record } from './support/answers';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();
const api = <T>(page: Page, path: string) => apiGet<T>(page, e2e.server.url, path);

describe('page and tag analysis in Chromium', () => {
  for (const width of [1440, 390]) {
    it(`reads a URL's numbers and a tag's share against the API (${width} px)`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width, height: 1000 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const pages = record<PaPagesResponse>(page, /\/api\/v1\/page-analysis\/\d+\/pages\?/u);
      const one = record<PaPageResponse>(page, /\/api\/v1\/page-analysis\/\d+\/page\?/u);
      const tags = record<TaResponse>(page, /\/api\/v1\/tag-analysis\/\d+\?/u);
      await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
      const campaigns = await api<{ items: { id: number }[] }>(page, '/api/v1/campaigns');
      const id = campaigns.items[0]!.id;

      // Page Analysis: the own domain's URLs, most visible first.
      await page.goto(`${e2e.server.url}/${id}/rankings/page-analysis`);
      await page.getByRole('table', { name: 'URLs of the domain' }).waitFor({ timeout: 60_000 });
      await poll(() => pages.last?.body.rows.length ?? 0).toBeGreaterThan(0);
      const shown = pages.last!.body;
      expect(shown.targets[shown.focus]!.own).toBe(true);
      const direct = await api<PaPagesResponse>(page, `/api/v1/page-analysis/${id}/pages`);
      expect(direct.totals).toEqual(shown.totals);
      expect(direct.totals.urls).toBeGreaterThan(0);
      await poll(() => page.getByTestId('kpi-urls').textContent()).toBe(en(direct.totals.urls, 0));
      expect(await page.getByTestId('kpi-vs').textContent()).toBe(en(direct.totals.visibilityScore));
      const top = direct.rows[0]!;
      expect(top.visibilityScore).toBeGreaterThan(0);
      // Sorted by keywords, ascending: the server's order.
      await page.locator('[data-sort-field="keywords"]').click();
      await page.locator('[data-sort-field="keywords"]').click();
      await poll(() => pages.last?.url.searchParams.get('sortDirection')).toBe('asc');
      const asc = pages.last!.body.rows.map((r) => r.keywords);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      await page.locator('[data-sort-field="visibilityScore"]').click();
      // Back to the first order (answered from the cache): the header says so.
      await poll(() =>
        page.locator('th[aria-sort="descending"] [data-sort-field="visibilityScore"]').count(),
      ).toBe(1);
      await screenshot(page, `page-analysis-${width}`);

      // The most visible URL in depth.
      await page.getByRole('button', { name: `Open ${top.url}`, exact: true }).click();
      await page.getByTestId('page-summary').waitFor();
      await poll(() => one.last?.body.url).toBe(top.url);
      const detail = await api<PaPageResponse>(
        page,
        `/api/v1/page-analysis/${id}/page?url=${encodeURIComponent(top.url)}`,
      );
      expect(detail.summary).toEqual(top);
      expect(detail.keywords.filter((k) => k.status === 'kept' || k.status === 'gained')).toHaveLength(
        top.keywords,
      );
      expect(await page.getByTestId('page-summary').textContent()).toContain(
        `${en(top.keywords, 0)} keyword${top.keywords === 1 ? '' : 's'} at ${detail.dates!.end}`,
      );
      const keywords = page.getByRole('table', { name: /Keywords of this URL/u });
      await keywords.waitFor();
      const best = [...detail.keywords].sort((a, b) => b.visibilityScore - a.visibilityScore)[0]!;
      // The detail scrolled into view; a full-page picture is taken from the top (the header is sticky).
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `page-analysis-detail-${width}`);
      await page
        .getByRole('button', { name: `Open ${best.keyword}`, exact: true })
        .first()
        .click();
      const drawer = page.getByRole('dialog');
      await drawer.getByText('The stored SERP').waitFor();
      await page.keyboard.press('Escape');

      // Tag Analysis: a tag's share of visibility for each domain, as the API computes it.
      await page.goto(`${e2e.server.url}/${id}/rankings/tag-analysis`);
      await page.getByRole('table', { name: 'Tags × domains' }).waitFor({ timeout: 60_000 });
      await poll(() => tags.last?.body.labels.length ?? 0).toBeGreaterThan(0);
      const matrix = await api<TaResponse>(page, `/api/v1/tag-analysis/${id}`);
      expect(matrix.labels.map((l) => l.label)).toEqual(tags.last!.body.labels.map((l) => l.label));
      const label = matrix.labels.find((l) => l.targets.some((t) => t.end.share > 0))!;
      for (const [i, t] of matrix.targets.entries()) {
        const cell = page.locator(`[data-cell="${label.label}|${t.key}"]`);
        expect(await cell.textContent()).toMatch(
          new RegExp(`^${pct(label.targets[i]!.end.share).replace('.', '\\.')}`, 'u'),
        );
      }
      // Shares of the tracked domains add up to 100 % where any of them is visible.
      expect(label.targets.reduce((s, t) => s + t.end.share, 0)).toBeCloseTo(100, 6);
      await page.getByRole('button', { name: `Show ${label.label} over time`, exact: true }).click();
      await page
        .getByRole('table', { name: new RegExp(`Rank distribution of ${label.label}`, 'u') })
        .waitFor();
      await page.getByText('Loading the series…').waitFor({ state: 'detached' });
      await screenshot(page, `tag-analysis-${width}`);

      await page.getByText('Keyword groups', { exact: true }).click();
      await poll(() => tags.last?.body.kind).toBe('groups');
      await page.getByRole('table', { name: 'Keyword groups × domains' }).waitFor();
      const groups = await api<TaResponse>(page, `/api/v1/tag-analysis/${id}?kind=groups`);
      expect(
        await page.getByRole('table', { name: 'Keyword groups × domains' }).locator('tbody tr').count(),
      ).toBe(groups.labels.length);
      await screenshot(page, `tag-analysis-groups-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
