// End-to-end: the four Search Console analysis screens (issue 30 items 2–5) in Chromium on the demo
// workspace, whose own sites carry generated Search Console rows. Each screen's figures on the page are
// checked against the API answering the same request (asked again outside the browser): Raw Search
// Analytics' totals and first row, Keyword-to-Page's queries with the rank tracker's position, Page-to-
// Keyword's pages, and on CTR Models the site's brand terms and a non-brand fit's buckets. Screenshots at
// 1440 and 390 px wide.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';
import { figure, firstRow, getJson, lastRequest } from './support/search-console';

const e2e = useServerAndBrowser();
const SITE = 'wanderlane.co.uk';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

interface Metrics {
  clicks: number;
  impressions: number;
  ctr: number | null;
  position: number | null;
}

describe('Search Console screens in Chromium', () => {
  for (const width of [1440, 390]) {
    it(`shows the demo site's rows on the four screens as the API answers them (${width} px)`, async () => {
      const { context, page, errors } = await signedInPage(e2e, { viewport: { width, height: 1000 } });
      const sites = await getJson<{ items: { site: string; rows: number }[] }>(
        page,
        `${e2e.server.url}/api/v1/search-console/sites`,
      );
      expect(sites.items.map((s) => s.site).sort()).toEqual([
        'clearpathmoney.com',
        'hearthandhome.co.uk',
        SITE,
      ]);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

      // Raw Search Analytics: the totals and the first row are the API's.
      const analytics = lastRequest(page, /\/search-console\/analytics\?/u);
      await page.goto(`${e2e.server.url}/rawsearchanalytics?site=${SITE}`);
      const rows = 'Search analytics rows';
      const raw = await firstRow(page, rows);
      await poll(() => analytics.url).not.toBeNull();
      const a = await getJson<{ totals: Metrics; rows: (Metrics & { keys: { query?: string } })[] }>(
        page,
        analytics.url!,
      );
      expect(a.totals.clicks).toBeGreaterThan(0);
      const card = (label: string) =>
        page.locator('.mantine-Paper-root').filter({ hasText: label }).locator('p').nth(1).innerText();
      expect(figure(await card('Clicks'))).toBe(a.totals.clicks);
      expect(figure(await card('Impressions'))).toBe(a.totals.impressions);
      expect(figure(await card('Average position'))).toBeCloseTo(a.totals.position!, 1);
      expect(raw[0]).toBe(a.rows[0]!.keys.query);
      expect(figure(raw[1]!)).toBe(a.rows[0]!.clicks);
      expect(figure(raw[2]!)).toBe(a.rows[0]!.impressions);
      await screenshot(page, `search-console-raw-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);

      // Keyword-to-Page: queries with their pages, and the rank tracker's position where a campaign tracks
      // the query (the demo's non-brand queries are its campaign's keywords).
      const keywordPages = lastRequest(page, /\/search-console\/keyword-pages\?/u);
      await page.goto(`${e2e.server.url}/searchanalytics?site=${SITE}`);
      const kp = await firstRow(page, 'Queries and their pages');
      await poll(() => keywordPages.url).not.toBeNull();
      const k = await getJson<{ rows: (Metrics & { query: string; trackedPosition: number | null })[] }>(
        page,
        keywordPages.url!,
      );
      expect(kp[0]).toContain(k.rows[0]!.query);
      expect(figure(kp[1]!)).toBe(k.rows[0]!.clicks);
      const tracked = k.rows.findIndex((r) => r.trackedPosition !== null);
      expect(tracked).toBeGreaterThanOrEqual(0);
      const trackedRow = page
        .getByRole('table', { name: 'Queries and their pages' })
        .locator('tbody tr')
        .nth(tracked);
      expect(figure(await trackedRow.locator('td').nth(5).innerText())).toBe(
        k.rows[tracked]!.trackedPosition,
      );
      await screenshot(page, `search-console-keyword-to-page-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);

      // Page-to-Keyword: the first page's clicks.
      const pageKeywords = lastRequest(page, /\/search-console\/page-keywords\?/u);
      await page.goto(`${e2e.server.url}/searchpages?site=${SITE}`);
      const pk = await firstRow(page, 'Pages and their queries');
      await poll(() => pageKeywords.url).not.toBeNull();
      const p = await getJson<{ rows: (Metrics & { page: string })[] }>(page, pageKeywords.url!);
      expect(pk[0]).toContain(p.rows[0]!.page.replace(/^https?:\/\//u, ''));
      expect(figure(pk[1]!)).toBe(p.rows[0]!.clicks);
      await screenshot(page, `search-console-page-to-keyword-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);

      // CTR Models: the site's brand terms, then a non-brand fit whose buckets are the API's.
      await page.goto(`${e2e.server.url}/ctr_models`);
      await page.getByLabel('Site', { exact: true }).click();
      await page.getByRole('option', { name: SITE }).click();
      const terms = page.getByRole('form', { name: `Brand terms of ${SITE}` });
      await terms.getByText('wanderlane', { exact: true }).waitFor();
      await page.getByLabel('Queries', { exact: true }).click();
      await page.getByRole('option', { name: 'Non-brand only' }).click();
      const fitted = page.waitForResponse((r) => r.url().endsWith('/api/v1/ctr-models/fit'));
      await page.getByRole('button', { name: 'Fit model' }).click();
      const model = (await (await fitted).json()) as {
        id: string;
        buckets: { bucket: number; impressions: number; clicks: number }[];
      };
      const detail = await getJson<typeof model>(page, `${e2e.server.url}/api/v1/ctr-models/${model.id}`);
      expect(detail.buckets.length).toBeGreaterThan(5);
      const bucket = await firstRow(page, 'Observed buckets');
      expect(figure(bucket[0]!)).toBe(detail.buckets[0]!.bucket);
      expect(figure(bucket[1]!)).toBe(detail.buckets[0]!.impressions);
      expect(figure(bucket[2]!)).toBe(detail.buckets[0]!.clicks);
      await screenshot(page, `search-console-ctr-models-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
