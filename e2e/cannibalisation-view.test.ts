// End-to-end: the Cannibalisation view of Rank Tracking (issue 29 item 3) in Chromium against the real server
// and its demo workspace, at 1440 and 390 px wide: every domain's conflicts table is shown whole — the page
// does not scroll sideways and no table hides columns behind a horizontal scroll — its keywords and URLs
// are the conflicts API's, and screenshots are saved.
import { describe, expect, it } from 'vitest';
import type { RtConflictsResponse } from '@contracts/rank-tracking';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

describe('the Cannibalisation view in Chromium', () => {
  for (const width of [1440, 390]) {
    it(`lists each domain's conflicts without clipping (${width} px)`, async () => {
      const { context, page, errors } = await signedInPage(e2e, { viewport: { width, height: 900 } });
      const campaigns = (await (await page.request.get(`${e2e.server.url}/api/v1/campaigns`)).json()) as {
        items: { id: number }[];
      };
      const id = campaigns.items[0]!.id;
      await page.goto(`${e2e.server.url}/${id}/rankings/rank-tracking`);
      await page
        .getByRole('table', { name: /Keywords \(absolute positions\)/u })
        .waitFor({ timeout: 60_000 });
      await page.getByText('Cannibalisation', { exact: true }).click();
      const conflicts = (await (
        await page.request.get(`${e2e.server.url}/api/v1/rank-tracking/${id}/cannibalisation`)
      ).json()) as RtConflictsResponse;
      const shown = conflicts.domains.filter((d) => d.keywords.length > 0);
      expect(shown.length).toBeGreaterThan(0);
      for (const d of shown) {
        const label = conflicts.targets[d.target]!.label;
        const table = page.getByRole('table', { name: `Conflicts of ${label}`, exact: true });
        await table.waitFor({ timeout: 30_000 });
        await table.getByText(d.keywords[0]!.keyword, { exact: true }).first().waitFor();
        // The table's scroll container shows every column: nothing is reached only by scrolling sideways.
        const widths = await table.evaluate((el) => {
          const box =
            el.closest('.mantine-ScrollArea-viewport, [class*="ScrollContainer"]') ?? el.parentElement!;
          return { scroll: box.scrollWidth, client: box.clientWidth };
        });
        expect(widths.scroll, label).toBeLessThanOrEqual(widths.client + 1);
      }
      const page_ = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(page_.scroll).toBeLessThanOrEqual(page_.client);
      await screenshot(page, `cannibalisation-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
