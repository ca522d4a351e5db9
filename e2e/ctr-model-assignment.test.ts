// End-to-end (issue 30 items 5–6): on the demo workspace an analyst fits a CTR model from the demo site's
// Search Console rows, assigns it to that site's campaign in the campaign's edit dialog, and sees the
// campaign's visibility change (Page Analysis' visibility score, against the API before and after) and the
// screens name the model (Campaign visibility, Page Analysis). The CTR Models screen's calibration table
// shows the API's figures. The campaign is put back on the default curve afterwards (the server is shared).
// Screenshots at 1440 and 390 px wide.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CalibrationResponse } from '@contracts/ctr-models';
import type { PaPagesResponse } from '@contracts/page-analysis';
import { screenshot, signIn } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';
import { campaignOwning, getJson, patchCtrModel } from './support/search-console';

const e2e = useServerAndBrowser();
const SITE = 'wanderlane.co.uk';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const en = (v: number, digits = 1) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits }).format(v);

const api = <T>(page: Page, path: string) => getJson<T>(page, `${e2e.server.url}${path}`);
const patchModel = (page: Page, id: number, model: string) => patchCtrModel(page, e2e.server.url, id, model);

describe('assigning a fitted CTR model in Chromium', () => {
  let restore: (() => Promise<unknown>) | null = null;
  afterAll(async () => restore?.());

  for (const width of [1440, 390]) {
    it(`fits, assigns and calibrates a model (${width} px)`, async () => {
      const { context, page, errors } = await signedInPage(e2e, { viewport: { width, height: 1000 } });
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // The demo campaign whose own domain is the Search Console site.
      const id = await campaignOwning(page, e2e.server.url, SITE);
      expect(id).toBeGreaterThan(0);
      restore ??= async () => {
        const again = await e2e.browser.newContext();
        const p = await again.newPage();
        await signIn(p, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
        await patchModel(p, id, 'default');
        await again.close();
      };
      expect(await patchModel(page, id, 'default')).toBe(200);
      const before = await api<PaPagesResponse>(page, `/api/v1/page-analysis/${id}/pages`);

      // Fit a model from the site's rows on the CTR Models screen.
      await page.goto(`${e2e.server.url}/ctr_models`);
      await page.getByLabel('Site', { exact: true }).click();
      await page.getByRole('option', { name: SITE }).click();
      const fitted = page.waitForResponse((r) => r.url().endsWith('/api/v1/ctr-models/fit'));
      await page.getByRole('button', { name: 'Fit model' }).click();
      const model = (await (await fitted).json()) as { id: string; name: string };

      // Assign it in the campaign's edit dialog.
      await page.goto(`${e2e.server.url}/campaigns/${id}`);
      await page.getByRole('button', { name: 'Edit campaign' }).click();
      await page.getByRole('dialog').getByLabel('CTR model', { exact: true }).click();
      // Pick this fit by its id (the second width fits the same rows again: its name ends " (2)").
      await page.locator(`[role=option][value="${model.id}"]`).click();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/v1/campaigns/${id}`) && r.request().method() === 'PATCH',
      );
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      expect((await saved).status()).toBe(200);
      expect((await api<{ ctrModel: string }>(page, `/api/v1/campaigns/${id}`)).ctrModel).toBe(model.id);

      // Page Analysis: the visibility score changed, as the API says, and the model is named.
      const after = await api<PaPagesResponse>(page, `/api/v1/page-analysis/${id}/pages`);
      expect(after.totals.visibilityScore).not.toBeCloseTo(before.totals.visibilityScore, 0);
      await page.goto(`${e2e.server.url}/${id}/rankings/page-analysis`);
      await poll(() => page.getByTestId('kpi-vs').textContent()).toBe(en(after.totals.visibilityScore));
      await poll(() => page.getByTestId('ctr-model-badge').textContent()).toBe(`CTR model: ${model.name}`);
      await screenshot(page, `ctr-model-page-analysis-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);

      // Campaign visibility names it too.
      await page.goto(`${e2e.server.url}/${id}/competitive-analysis/cv`);
      await poll(() => page.getByTestId('ctr-model-badge').textContent()).toBe(`CTR model: ${model.name}`);
      await screenshot(page, `ctr-model-cv-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);

      // Calibration on the CTR Models screen: the table is the API's.
      const cal = await api<CalibrationResponse>(page, `/api/v1/ctr-models/calibration?campaign=${id}`);
      expect(cal.model).toEqual({ id: model.id, name: model.name });
      expect(cal.total.clicks).toBeGreaterThan(0);
      await page.goto(`${e2e.server.url}/ctr_models`);
      const panel = page.getByTestId('ctr-calibration');
      await panel.getByLabel('Campaign', { exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${cal.campaignName} `, 'u') }).click();
      const rows = panel
        .getByRole('table', { name: 'Estimated and real clicks per week' })
        .locator('tbody tr');
      await poll(() => rows.count()).toBe(cal.weeks.length);
      for (const [i, w] of cal.weeks.entries()) {
        const cells = await rows.nth(i).locator('td').allInnerTexts();
        expect(cells).toEqual([
          w.week,
          String(w.days),
          en(w.estimatedClicks),
          en(w.clicks, 0),
          w.ratio === null ? '–' : en(w.ratio, 2),
        ]);
      }
      await expect(panel.getByTestId('calibration-summary').textContent()).resolves.toContain(model.name);
      await screenshot(page, `ctr-model-calibration-${width}`);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
