// End-to-end: the public demo in Chromium against the real server and its demo workspace, with an allowance
// of two searches (SIGHTLINE_DEMO_SEARCHES). An anonymous visitor opens /demo, searches a domain of the
// workspace and sees the limited summary (no URLs, no exports), uses the allowance, meets LIMIT_REACHED,
// switches to the set-up-a-call dialog and books a call (THANK_YOU); an admin then sees the request under
// Administration → Call requests. The anonymous visitor's browser gets 401 from the explorer's API.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

/** Lets a dialog's open or close transition (Mantine's 200 ms) finish, so a screenshot shows it whole. */
const settle = (page: Page) => page.waitForTimeout(400);

// A server of its own (its allowance counts stay out of the shared one), on a copy of the shared workspace.
const e2e = useServerAndBrowser({ env: { SIGHTLINE_DEMO_SEARCHES: '2' } });

describe('public demo in Chromium', () => {
  it('lets a visitor search, reach the limit and book a call, which an admin then sees', async () => {
    const visitor = await e2e.browser.newContext({ viewport: { width: 1300, height: 1000 } });
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // A domain of the demo workspace that ranks in its first market, found as a visitor would: autocomplete.
    const status = await (await page.request.get(`${e2e.server.url}/demo/search`)).json();
    const market = status.markets[0] as { code: string; name: string };
    const suggestions = await (
      await page.request.get(
        `${e2e.server.url}/api/v3/public/visibility-explorer/autocomplete?market=${market.code}&q=.com`,
      )
    ).json();
    const domain = (suggestions.items as { value: string; kind: string }[]).find(
      (s) => s.kind === 'domain',
    )!.value;

    await page.goto(`${e2e.server.url}/demo`);
    await page.getByRole('heading', { name: 'How visible is a site in search?' }).waitFor();
    await page.getByText('2 of 2 free searches left.').waitFor();
    const search = async () => {
      await page.getByRole('combobox', { name: 'Domain' }).fill(domain);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    };

    await search();
    const summary = page.getByRole('region', { name: `Demo summary of ${domain}` });
    await summary.waitFor();
    await page.getByText('1 of 2 free searches left.').waitFor();
    const rows = summary.getByRole('table', { name: 'Top keywords' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(5);
    // Limited: no URL of the site and nothing to download.
    expect(await summary.textContent()).not.toContain('https://');
    expect(await page.getByRole('link', { name: /csv|export/i }).count()).toBe(0);
    await screenshot(page, 'demo-summary');

    // A locked part offers TRY_THIS_FEATURE.
    await summary.getByRole('button', { name: 'Try this feature' }).last().click();
    const tryDialog = page.getByRole('dialog', { name: 'CSV exports New' });
    await tryDialog.waitFor();
    await tryDialog.getByRole('button', { name: 'Not now' }).click();
    await tryDialog.waitFor({ state: 'hidden' });

    await search();
    await page.getByText('You have used your free searches.').waitFor();

    // Past the allowance: 402 → LIMIT_REACHED → SET_UP_A_CALL → THANK_YOU.
    await search();
    const limit = page.getByRole('dialog', { name: 'Limit reached' });
    await limit.waitFor();
    await settle(page);
    await screenshot(page, 'demo-limit-reached');
    await limit.getByRole('button', { name: 'Set up a call' }).click();
    const form = page.getByRole('dialog', { name: 'Set up a call' });
    await form.waitFor();
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Work email').fill('vera@example.com');
    await form.getByLabel('Company').fill('Example Travel Ltd');
    await form.getByLabel('Morning (09:00–12:00)').check();
    await settle(page);
    await screenshot(page, 'demo-set-up-call');
    await form.getByRole('button', { name: 'Request call' }).click();
    const thanks = page.getByRole('dialog', { name: 'Call requested' });
    await thanks.waitFor();
    await form.waitFor({ state: 'hidden' });
    await settle(page);
    expect(await thanks.textContent()).toContain('vera@example.com');
    await screenshot(page, 'demo-thank-you');

    // The visitor's browser gets nothing from the signed-in explorer.
    const full = await page.request.get(
      `${e2e.server.url}/api/v3/visibility-explorer/${market.code}/domains?domains=${domain}`,
    );
    expect(full.status()).toBe(401);
    expect(errors).toEqual([]);
    await visitor.close();

    const adminContext = await e2e.browser.newContext({ viewport: { width: 1300, height: 900 } });
    const admin = await adminContext.newPage();
    await signIn(admin, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Call requests' })
      .click();
    const table = admin.getByRole('table', { name: 'Call requests' });
    await table.waitFor();
    const row = table.locator('tbody tr').first();
    expect(await row.textContent()).toContain('Vera Visitor');
    expect(await row.textContent()).toContain('vera@example.com');
    expect(await row.textContent()).toContain('Example Travel Ltd');
    expect(await row.textContent()).toContain('Morning (09:00–12:00)');
    await screenshot(admin, 'demo-admin-call-requests');
    await adminContext.close();
  }, 240_000);
});
