// End-to-end (issue 30, "Done when"): the whole Search Console path in Chromium against a server whose Google
// addresses point at the local stand-in (test/support/search-console-stand-in.ts). An administrator connects
// a service account, links sc-domain:example.com and waits for the 16-month backfill; browses its rows on Raw
// Search Analytics, Keyword-to-Page and Page-to-Keyword (figures checked against the API, and the totals
// against the stand-in's own rows); fits a CTR model from them on the CTR Models screen; assigns it to a demo
// campaign in the campaign's edit dialog; and sees the campaign's visibility change (the share-of-visibility
// chart's numbers differ from before and equal the API's) and the screen name the model, whose badge leads to
// the campaign's calibration. The campaign is put back on the default curve at the end. Screenshots at 1280 px
// of each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CalibrationResponse, CtrModelDetail } from '@contracts/ctr-models';
import type {
  GscAnalyticsResponse,
  GscKeywordPagesResponse,
  GscPageKeywordsResponse,
} from '@contracts/search-console';
import { addDays } from '@core/date-range';
import { SA_EMAIL, standInRow, startStandIn, type StandIn } from '../test/support/search-console-stand-in';
import { screenshot, signIn } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';
import {
  campaignOwning,
  connectAndLink,
  figure,
  firstRow,
  getJson,
  lastRequest,
  patchCtrModel,
  searchConsoleSection,
  standInEnv,
} from './support/search-console';

const SITE = 'example.com';
/** A demo site with Search Console rows of its own (generated with the demo workspace). */
const DEMO_SITE = 'wanderlane.co.uk';
/** Rows the stand-in answers for each of the last BIG_DAYS days (2 on older days): enough for a fit. */
const BIG_ROWS = 40;
const BIG_DAYS = 150;

let google: StandIn;
const env: Record<string, string> = {};
// Before the harness's own beforeAll: the server is started with the stand-in's addresses.
beforeAll(async () => {
  google = await startStandIn();
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < BIG_DAYS; i++) google.bigDays.set(addDays(today, -i), BIG_ROWS);
  Object.assign(env, standInEnv(google.url));
});
afterAll(async () => google.close());
const e2e = useServerAndBrowser({ demoKeywords: 1500, env });
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

/** The API's answer to a path on the server, asked again with the page's session. */
const api = <T>(page: Page, url: string) =>
  getJson<T>(page, url.startsWith('/') ? `${e2e.server.url}${url}` : url);
const patchModel = (page: Page, id: number, model: string) => patchCtrModel(page, e2e.server.url, id, model);

/** The rows a chart draws (its hidden data table), as text. */
async function chartRows(page: Page, chart: string): Promise<string[][]> {
  return page.evaluate(
    (name) =>
      [...document.querySelectorAll(`table[data-chart-data="${name}"] tbody tr`)].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      ),
    chart,
  );
}

interface Domains {
  items: { key: string; share: number; visibility: number; visibilityScore: number }[];
}
const r4 = (v: number) => String(Math.round(v * 10_000) / 10_000);

/**
 * Opens the campaign's visibility screen and waits for its share-of-visibility chart: the chart's rows and
 * the API's answer to the request the screen made, as the chart draws them (domain, share, visibility, score).
 */
async function shareOfVisibility(page: Page, id: number): Promise<{ shown: string[][]; api: string[][] }> {
  const domains = lastRequest(page, /\/api\/v3\/campaign-visibility\/\d+\/domains\?/u);
  await page.goto(`${e2e.server.url}/${id}/competitive-analysis/cv`);
  const widget = page.locator('[data-widget="share-of-visibility"]');
  await poll(() => widget.getAttribute('data-state')).toBe('ready');
  await poll(() => domains.url).not.toBeNull();
  const body = await api<Domains>(page, domains.url!);
  return {
    shown: await chartRows(page, 'share-of-visibility'),
    api: body.items.map((t) => [t.key, r4(t.share), r4(t.visibility), r4(t.visibilityScore)]),
  };
}

describe('the Search Console path in Chromium', () => {
  let restore: (() => Promise<unknown>) | null = null;
  afterAll(async () => restore?.());

  it('connects, backfills, browses, fits a model and changes a campaign’s visibility with it', async () => {
    const { context, page, errors } = await signedInPage(e2e, { viewport: { width: 1280, height: 1000 } });

    // 1. Connect a service account and link a property: the backfill runs to its end.
    const section = await searchConsoleSection(page, e2e.server.url);
    const links = await connectAndLink(
      page,
      section,
      google.serviceAccountKey,
      SA_EMAIL,
      `sc-domain:${SITE}`,
    );
    await links.getByText(/^synced /u).waitFor({ timeout: 90_000 });
    // One query a day; every row the stand-in answered is stored.
    const days = google.queries.map((q) => q.startDate);
    const answered = days.reduce((n, d) => n + (google.bigDays.get(d) ?? 2), 0);
    expect(days.length).toBeGreaterThanOrEqual(485);
    await poll(() =>
      links.getByRole('cell', { name: answered.toLocaleString('en-GB'), exact: true }).count(),
    ).toBe(1);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'search-console-path-1-backfilled-1280');

    // 2. Raw Search Analytics: totals and first row are the API's, and the totals are the stand-in's rows
    // of the period the screen shows (summed here from the stand-in, not by the app).
    const analytics = lastRequest(page, /\/search-console\/analytics\?/u);
    await page.goto(`${e2e.server.url}/rawsearchanalytics?site=${SITE}`);
    const raw = await firstRow(page, 'Search analytics rows');
    await poll(() => analytics.url).not.toBeNull();
    const a = await api<GscAnalyticsResponse>(page, analytics.url!);
    const period = a.source.current!;
    let clicks = 0;
    let impressions = 0;
    for (let d = period.start; d <= period.end; d = addDays(d, 1)) {
      for (let i = 0; i < (google.bigDays.get(d) ?? 2); i++) {
        const r = standInRow(d, i, ['date']);
        clicks += r.clicks;
        impressions += r.impressions;
      }
    }
    expect(a.totals.clicks).toBe(clicks);
    expect(a.totals.impressions).toBe(impressions);
    const card = (label: string) =>
      page.locator('.mantine-Paper-root').filter({ hasText: label }).locator('p').nth(1).innerText();
    expect(figure(await card('Clicks'))).toBe(a.totals.clicks);
    expect(figure(await card('Impressions'))).toBe(a.totals.impressions);
    expect(raw[0]).toBe(a.rows[0]!.keys.query);
    expect(figure(raw[1]!)).toBe(a.rows[0]!.clicks);
    expect(figure(raw[2]!)).toBe(a.rows[0]!.impressions);
    await screenshot(page, 'search-console-path-2-raw-1280');

    // 3. Keyword-to-Page: the first query, its clicks and its pages.
    const keywordPages = lastRequest(page, /\/search-console\/keyword-pages\?/u);
    await page.goto(`${e2e.server.url}/searchanalytics?site=${SITE}`);
    const kp = await firstRow(page, 'Queries and their pages');
    await poll(() => keywordPages.url).not.toBeNull();
    const k = await api<GscKeywordPagesResponse>(page, keywordPages.url!);
    expect(kp[0]).toContain(k.rows[0]!.query);
    expect(figure(kp[1]!)).toBe(k.rows[0]!.clicks);
    expect(k.rows[0]!.pages[0]!.page).toMatch(/^https:\/\/example\.com\/p\d$/u);
    await screenshot(page, 'search-console-path-3-keyword-to-page-1280');

    // 4. Page-to-Keyword: the first page and its clicks (the stand-in spreads rows over seven pages).
    const pageKeywords = lastRequest(page, /\/search-console\/page-keywords\?/u);
    await page.goto(`${e2e.server.url}/searchpages?site=${SITE}`);
    const pk = await firstRow(page, 'Pages and their queries');
    await poll(() => pageKeywords.url).not.toBeNull();
    const p = await api<GscPageKeywordsResponse>(page, pageKeywords.url!);
    expect(p.total).toBe(7);
    expect(pk[0]).toContain(p.rows[0]!.page.replace(/^https?:\/\//u, ''));
    expect(figure(pk[1]!)).toBe(p.rows[0]!.clicks);
    await screenshot(page, 'search-console-path-4-page-to-keyword-1280');

    // 5. CTR Models: fit a model from the site's rows; the buckets shown are the API's.
    await page.goto(`${e2e.server.url}/ctr_models`);
    await page.getByLabel('Site', { exact: true }).click();
    await page.getByRole('option', { name: SITE, exact: true }).click();
    const fitted = page.waitForResponse((r) => r.url().endsWith('/api/v1/ctr-models/fit'));
    await page.getByRole('button', { name: 'Fit model' }).click();
    const model = (await (await fitted).json()) as CtrModelDetail;
    expect(model.site).toBe(SITE);
    const detail = await api<CtrModelDetail>(page, `/api/v1/ctr-models/${model.id}`);
    expect(detail.buckets!.length).toBeGreaterThanOrEqual(20);
    const bucket = await firstRow(page, 'Observed buckets');
    expect(figure(bucket[0]!)).toBe(detail.buckets![0]!.bucket);
    expect(figure(bucket[1]!)).toBe(detail.buckets![0]!.impressions);
    expect(figure(bucket[2]!)).toBe(detail.buckets![0]!.clicks);
    await screenshot(page, 'search-console-path-5-fitted-1280');

    // 6. A demo campaign's visibility under the default curve.
    // The demo campaign whose own domain is a demo Search Console site (for its calibration, step 9).
    const id = await campaignOwning(page, e2e.server.url, DEMO_SITE);
    expect(id).toBeGreaterThan(0);
    restore = async () => {
      const again = await e2e.browser.newContext();
      const p2 = await again.newPage();
      await signIn(p2, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
      expect(await patchModel(p2, id, 'default')).toBe(200);
      await again.close();
    };
    expect(await patchModel(page, id, 'default')).toBe(200);
    const before = await shareOfVisibility(page, id);
    expect(before.shown).toEqual(before.api);
    await poll(() => page.getByTestId('ctr-model-badge').textContent()).toBe('CTR model: Default curve');
    await screenshot(page, 'search-console-path-6-visibility-before-1280');

    // 7. Assign the fitted model in the campaign's edit dialog.
    await page.goto(`${e2e.server.url}/campaigns/${id}`);
    await page.getByRole('button', { name: 'Edit campaign' }).click();
    await page.getByRole('dialog').getByLabel('CTR model', { exact: true }).click();
    await page.locator(`[role=option][value="${model.id}"]`).click();
    await screenshot(page, 'search-console-path-7-assign-1280');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/campaigns/${id}`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    expect((await api<{ ctrModel: string }>(page, `/api/v1/campaigns/${id}`)).ctrModel).toBe(model.id);

    // 8. The campaign's visibility under the model: other numbers, the API's, and the screen names it.
    const after = await shareOfVisibility(page, id);
    expect(after.shown).toEqual(after.api);
    expect(after.shown.map((r) => r[0])).toEqual(before.shown.map((r) => r[0]));
    expect(after.shown.map((r) => r[3])).not.toEqual(before.shown.map((r) => r[3]));
    await poll(() => page.getByTestId('ctr-model-badge').textContent()).toBe(`CTR model: ${model.name}`);
    await screenshot(page, 'search-console-path-8-visibility-after-1280');

    // 9. The badge leads to the campaign's calibration under that model: the API's weeks.
    const cal = await api<CalibrationResponse>(page, `/api/v1/ctr-models/calibration?campaign=${id}`);
    expect(cal.model).toEqual({ id: model.id, name: model.name });
    await page.getByTestId('ctr-model-badge').click();
    await page.waitForURL(new RegExp(`/ctr_models\\?calibration=${id}$`, 'u'));
    const panel = page.getByTestId('ctr-calibration');
    await poll(() => panel.getByTestId('calibration-summary').textContent()).toContain(
      `${cal.campaignName} under ${model.name}`,
    );
    const week = await firstRow(page, 'Estimated and real clicks per week');
    expect(week[0]).toBe(cal.weeks[0]!.week);
    expect(figure(week[3]!)).toBe(cal.weeks[0]!.clicks);
    await screenshot(page, 'search-console-path-9-calibration-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
