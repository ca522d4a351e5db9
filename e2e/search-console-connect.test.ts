// End-to-end: connecting Search Console in Chromium against a server whose Google addresses point at the
// local stand-in (test/support/search-console-stand-in.ts). An administrator pastes a service-account key on
// the administration page, links a property the account can read, watches the 16-month backfill run and end
// with the rows stored, then unlinks it.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { SA_EMAIL, startStandIn, type StandIn } from '../test/support/search-console-stand-in';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';
import { connectAndLink, searchConsoleSection, standInEnv } from './support/search-console';

let google: StandIn;
const env: Record<string, string> = {};
// Before the harness's own beforeAll: the server is started with the stand-in's addresses.
beforeAll(async () => {
  google = await startStandIn();
  Object.assign(env, standInEnv(google.url));
});
afterAll(async () => google.close());
const e2e = useServerAndBrowser({ demoKeywords: 1500, env });

describe('Search Console connection in Chromium', () => {
  it('connects a service account, links a property and backfills it', async () => {
    for (const width of [1280, 390]) {
      const { context, page, errors } = await signedInPage(e2e, { viewport: { width, height: 1000 } });
      const section = await searchConsoleSection(page, e2e.server.url);
      if (width === 1280) {
        const links = await connectAndLink(
          page,
          section,
          google.serviceAccountKey,
          SA_EMAIL,
          'sc-domain:example.com',
        );
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
