// End-to-end: the one-to-one comparison in Chromium against the real server and its demo workspace. A
// signed-in analyst (the admin holds ROLE_MS_ALL) compares the market's two leading domains: the group counts
// and the first keyword equal the API's, both CSVs download with a BOM and parse to the API's numbers, and a
// share link made on the screen opens the comparison in a new, signed-out browser context without any
// navigation; the same token on another address is refused, and once revoked the link says so.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { downloadedCsv, screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

const GROUPS = ['shared', 'onlyA', 'onlyB', 'aAhead', 'bAhead'] as const;

/** A downloaded CSV's records, after checking its byte-order mark. */
async function csvRecords(download: Download): Promise<Record<string, string>[]> {
  return parse(await downloadedCsv(download), { columns: true }) as Record<string, string>[];
}

/** The counts the group buttons show. */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const g of GROUPS) out[g] = Number(await page.getByTestId(`group-${g}`).getAttribute('data-count'));
  return out;
}

describe('one-to-one comparison in Chromium', () => {
  it('compares two hosts, exports both CSVs, and shares the comparison read-only until revoked', async () => {
    const { context, page, errors } = await signedInPage(e2e, {
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });
    const api = async (path: string) => (await page.request.get(`${e2e.server.url}${path}`)).json();
    const market = ((await api('/api/v1/markets')).items as { code: string }[])[0]!.code;
    // The market's two leading domains: the first competitors of a well-known demo host's summary.
    const suggestions = (await api(`/api/v3/public/visibility-explorer/autocomplete?market=${market}&q=.com`))
      .items as { value: string }[];
    const summary = await api(
      `/api/v3/visibility-explorer/${market}/domains?domains=${suggestions[0]!.value}`,
    );
    const [a, b] = (summary.competitors as { domain: string }[]).map((c) => c.domain);
    const q = `host=${a},${b}&market=${market}&time=month`;

    await page.goto(`${e2e.server.url}/${a},${b}/month/${market}/1-2-1`);
    await page.getByRole('heading', { name: `One-to-one: ${a} vs ${b}` }).waitFor();
    const table = page.getByRole('table', { name: 'Keywords of the comparison' });
    await table.waitFor({ timeout: 60_000 });
    const data = await api(`/api/v2/1-2-1/data?${q}`);
    expect(data.counts.shared + data.counts.onlyA + data.counts.onlyB).toBeGreaterThan(0);
    expect(await shownCounts(page)).toEqual(data.counts);
    expect(await table.locator('tbody tr').first().locator('td').first().textContent()).toBe(
      data.items[0].keyword,
    );
    await page.getByTestId('group-bAhead').click();
    const bAhead = await api(`/api/v2/1-2-1/data?${q}&group=bAhead`);
    if (bAhead.total > 0) {
      await expect
        .poll(() => table.locator('tbody tr').first().locator('td').first().textContent())
        .toBe(bAhead.items[0].keyword);
    }
    await page.getByTestId('group-all').click();
    await page.getByRole('button', { name: 'Chart data' }).click();
    // Full-page screenshots draw the fixed header where the page is scrolled to: from the top, then.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'one-to-one');

    const [summaryCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export comparison (CSV)' }).click(),
    ]);
    const measures = await csvRecords(summaryCsv);
    const vs = measures.find((r) => r.Section === 'summary' && r.Measure === 'Visibility score')!;
    expect(Number(vs[a!])).toBeCloseTo(data.a.visibilityScore, 6);
    expect(Number(vs[b!])).toBeCloseTo(data.b.visibilityScore, 6);
    expect(measures.filter((r) => r.Section === 'series')).toHaveLength(2 * data.series.length);
    const [keywordCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export keywords (CSV)' }).click(),
    ]);
    const keywords = await csvRecords(keywordCsv);
    expect(keywords).toHaveLength(data.total);
    expect(keywords[0]!.Keyword).toBe(data.items[0].keyword);

    // A share link, opened in a new browser context without a session.
    await page.getByRole('button', { name: 'Share read-only' }).click();
    await page.getByRole('button', { name: 'Create share link' }).click();
    const address = await page.getByRole('textbox', { name: 'New share link address' }).inputValue();
    expect(address).toContain(`/${a},${b}/year/${market}/1-2-1/v1.`);
    const shared = await e2e.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const viewer = await shared.newPage();
    viewer.on('pageerror', (e) => errors.push(e.message));
    await viewer.goto(address.replace('/year/', '/month/'));
    await viewer.getByTestId('shared-line').waitFor({ timeout: 60_000 });
    expect(await viewer.getByTestId('shared-line').textContent()).toMatch(
      /^Shared read-only by .+ · expires /,
    );
    expect(await viewer.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /account|sign out/i }).count()).toBe(0);
    expect(await shownCounts(viewer)).toEqual(data.counts);
    await screenshot(viewer, 'one-to-one-shared');
    expect((await viewer.request.get(`${e2e.server.url}/api/v1/me`)).status()).toBe(401);

    // The same token on another comparison is refused.
    await viewer.goto(address.replace(`/${a},${b}/`, `/${a},example.org/`));
    await viewer.getByText(`This share link opens only the comparison of ${a} and ${b}`).first().waitFor();
    await screenshot(viewer, 'one-to-one-shared-other-address');

    // Revoked on the screen: the link says so.
    await page
      .getByRole('button', { name: `Revoke the share link of ${a} vs ${b}` })
      .first()
      .click();
    await expect
      .poll(() => page.getByRole('button', { name: `Revoke the share link of ${a} vs ${b}` }).count())
      .toBe(0);
    await viewer.goto(address);
    await viewer
      .getByText(/This share link was revoked on .+; ask its owner for a new one/)
      .first()
      .waitFor();
    await screenshot(viewer, 'one-to-one-shared-revoked');
    expect(errors).toEqual([]);
    await shared.close();
    await context.close();
  });
});
