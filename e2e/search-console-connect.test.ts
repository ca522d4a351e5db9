// End-to-end: connecting Search Console in Chromium against a server whose Google addresses point at the
// local stand-in (test/support/search-console-stand-in.ts). An administrator pastes a service-account key on
// the administration page, links a property the account can read, watches the 16-month backfill run and end
// with the rows stored, then unlinks it.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { SA_EMAIL, startStandIn, type StandIn } from '../test/support/search-console-stand-in';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

let google: StandIn;
const env: Record<string, string> = {};
// Before the harness's own beforeAll: the server is started with the stand-in's addresses.
beforeAll(async () => {
  google = await startStandIn();
  Object.assign(env, {
    GOOGLE_OAUTH_AUTH_URL: `${google.url}/auth`,
    GOOGLE_OAUTH_TOKEN_URL: `${google.url}/token`,
    SEARCH_CONSOLE_API_URL: google.url,
  });
});
afterAll(async () => google.close());
const e2e = useServerAndBrowser({ demoKeywords: 1500, env });

describe('Search Console connection in Chromium', () => {
  it('connects a service account, links a property and backfills it', async () => {
    for (const width of [1280, 390]) {
      const context = await e2e.browser.newContext({ viewport: { width, height: 1000 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
      await page.goto(`${e2e.server.url}/admin/users`);
      const section = page
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: 'Search Console' }) })
        .last();
      await section.getByRole('heading', { name: 'Search Console' }).waitFor();
      if (width === 1280) {
        await section.getByText('Service-account key').click();
        await section.getByLabel('Service-account JSON key').fill(google.serviceAccountKey);
        await section.getByRole('button', { name: 'Connect service account' }).click();
        const connections = section.getByRole('table', { name: 'Search Console connections' });
        await connections.getByText(SA_EMAIL).waitFor();
        await expect.poll(() => connections.getByText('Ready').count()).toBe(1);

        await section.getByLabel('Connection', { exact: true }).click();
        await page.getByRole('option', { name: SA_EMAIL }).click();
        await section.getByLabel('Property', { exact: true }).click();
        await page.getByRole('option', { name: 'sc-domain:example.com' }).click();
        await section.getByRole('button', { name: 'Link and fetch 16 months' }).click();
        const links = section.getByRole('table', { name: 'Linked Search Console properties' });
        await links.getByText('sc-domain:example.com').waitFor();
        // The backfill ends (16 months: 485–489 days of two rows each, one request a day) and the row says
        // when it synced and how many rows it stored.
        await links.getByText(/^synced /u).waitFor({ timeout: 60_000 });
        const days = google.queries.length;
        expect(days).toBeGreaterThanOrEqual(485);
        expect(days).toBeLessThanOrEqual(489);
        await expect
          .poll(async () => links.getByRole('cell', { name: String(days * 2), exact: true }).count())
          .toBe(1);
      }
      await section.scrollIntoViewIfNeeded();
      const png = await screenshot(page, `search-console-connect-${width}`);
      expect(png).toMatch(/\.png$/u);
      // Nothing wider than the page at a phone's width: the tables scroll inside their card.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
