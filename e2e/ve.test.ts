// End-to-end: the visibility explorer in Chromium against the real server and its demo workspace. A signed-in
// analyst (the admin holds ROLE_VE) types a host with a path in the search box, picks the market, opens
// /{host}/{market}/competitive-analysis/ve, sees the summary whose figures equal the API's answer, and exports
// the keyword table as CSV (BOM, header, one line per keyword of the table's total).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

const signInAdmin = (page: Page) =>
  signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);

/** A host with a path that ranks in the market at the last snapshot: the first path segment of a top URL. */
async function hostWithPath(page: Page, market: string): Promise<string> {
  const suggestions = await (
    await page.request.get(
      `${e2e.server.url}/api/v3/public/visibility-explorer/autocomplete?market=${market}&q=.com`,
    )
  ).json();
  for (const s of suggestions.items as { value: string }[]) {
    const summary = await (
      await page.request.get(
        `${e2e.server.url}/api/v3/visibility-explorer/${market}/domains?domains=${s.value}`,
      )
    ).json();
    for (const u of summary.topUrls as { url: string }[]) {
      const url = new URL(u.url);
      const segment = url.pathname.split('/').filter((p) => p !== '')[0];
      if (segment) return `${url.host}/${segment}`;
    }
  }
  throw new Error(`no URL with a path ranks in ${market}`);
}

describe('visibility explorer in Chromium', () => {
  it('opens the explorer for a host with a path and exports its keywords', async () => {
    const context = await e2e.browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAdmin(page);
    const markets = (await (await page.request.get(`${e2e.server.url}/api/v1/markets`)).json()).items as {
      code: string;
      name: string;
    }[];
    const market = markets[0]!;
    const host = await hostWithPath(page, market.code);

    await page.goto(`${e2e.server.url}/example.com/${market.code}/competitive-analysis/ve`);
    const box = page.getByPlaceholder('example.com/blog');
    await box.fill(host);
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.waitForURL(`**/${host}/${market.code}/competitive-analysis/ve`);
    await page.getByRole('heading', { name: `Visibility explorer: ${host}` }).waitFor();
    const table = page.getByRole('table', { name: 'Ranking keywords' });
    await table.waitFor({ timeout: 30_000 });

    // The API's answer to the same request (the server's default range is the screen's: 6 months to today).
    const api = await (
      await page.request.get(
        `${e2e.server.url}/api/v3/visibility-explorer/${market.code}/domains?domains=${host}`,
      )
    ).json();
    const figure = page.getByText(/^Ranking keywords of/).locator('xpath=..');
    await expect
      .poll(() => figure.textContent(), { timeout: 20_000 })
      .toContain(new Intl.NumberFormat('en-GB').format(api.rankingKeywords));
    const total = (
      await (
        await page.request.get(
          `${e2e.server.url}/api/v3/visibility-explorer/${market.code}/ranking/keywords?domains=${host}&pageSize=1`,
        )
      ).json()
    ).total as number;
    expect(total).toBeGreaterThan(0);
    await screenshot(page, 've-host-with-path');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export keywords (CSV)' }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .subarray(3)
      .toString('utf8')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    expect(lines[0]).toMatch(/^Keyword,/);
    expect(download.suggestedFilename()).toContain('-keywords-');
    expect(lines.length - 1).toBe(total);
    expect(errors).toEqual([]);
    await context.close();
  });
});
