// End-to-end: Report Creation's one creation form and the brand template in Chromium against the real server
// and its demo workspace. An administrator names a report and picks a campaign: it opens in the block
// editor. They upload a GIF (refused, saying why) and then a PNG logo (previewed), change the primary colour
// and save; the API returns the new template. Screenshots at 1440, 1280 and 390 px.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('report creation and brand template in Chromium', () => {
  it('creates a report through the one form and saves a brand template with a logo', async () => {
    const { context, page, errors } = await signedInPage(e2e, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${e2e.server.url}/folder`);

    const form = page.getByRole('region', { name: 'New report' });
    await form.getByLabel('Name', { exact: false }).first().fill('E2E brand review');
    await form.getByRole('combobox', { name: /Campaign/ }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Create and edit' }).click();
    await page.getByRole('heading', { name: 'Edit “E2E brand review”' }).waitFor({ timeout: 30_000 });

    const brand = page.getByRole('region', { name: 'Brand template' });
    await brand.getByRole('button', { name: 'Save brand template' }).waitFor();
    const upload = async (name: string, mimeType: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await brand.getByRole('button', { name: 'Upload logo…' }).click();
      await (await chooser).setFiles({ name, mimeType, buffer });
    };
    await upload('logo.gif', 'image/gif', Buffer.from('GIF89a'));
    await brand.getByRole('alert').filter({ hasText: 'logo.gif is not a PNG, JPEG or SVG image' }).waitFor();
    await upload('logo.png', 'image/png', PNG);
    await brand.getByTestId('logo-preview').locator('img').waitFor();
    const primary = brand.getByLabel('Primary colour');
    await primary.fill('#2b8a3e');
    await primary.press('Enter');
    await brand.getByRole('button', { name: 'Save brand template' }).click();
    await brand.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = (await (await page.request.get(`${e2e.server.url}/api/v1/report-brand`)).json()) as {
      primaryColor: string;
      logo: string | null;
    };
    expect(saved.primaryColor).toBe('#2b8a3e');
    expect(saved.logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    await screenshot(page, 'reports-brand-1440');
    for (const [width, name] of [
      [1280, 'reports-brand-1280'],
      [390, 'reports-brand-390'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await brand.scrollIntoViewIfNeeded();
      await screenshot(page, name);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
