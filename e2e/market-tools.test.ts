// End-to-end: the market explorer and recommendation screens in Chromium against the real server and its demo
// workspace. A signed-in analyst (the admin holds ROLE_MS_ALL) opens both for the market's leading domain:
// the tables show the API's rows, a URL's keywords open from its button, and both CSVs download with a BOM
// and one line per row of the API's answer.
import { describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { downloadedCsv, screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

/** The data lines of a downloaded CSV, after checking its BOM. */
const csvLines = async (download: Download) =>
  (await downloadedCsv(download))
    .split(/\r?\n/)
    .filter((l) => l !== '')
    .slice(1);

describe('market explorer and recommendation in Chromium', () => {
  it('shows a host’s keywords and its URLs by opportunity, and exports both', async () => {
    const { context, page, errors } = await signedInPage(e2e, {
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });
    const api = async (path: string) => (await page.request.get(`${e2e.server.url}${path}`)).json();
    const market = ((await api('/api/v1/markets')).items as { code: string }[])[0]!.code;
    // The market's leading domain: the first competitor of a well-known demo host's summary.
    const suggestions = (await api(`/api/v3/public/visibility-explorer/autocomplete?market=${market}&q=.com`))
      .items as { value: string }[];
    const summary = await api(
      `/api/v3/visibility-explorer/${market}/domains?domains=${suggestions[0]!.value}`,
    );
    const host = (summary.competitors as { domain: string }[])[0]!.domain;
    const q = `host=${host}&market=${market}`;

    await page.goto(`${e2e.server.url}/market-explorer/existing/url/keywords?${q}&time=month`);
    await page.getByRole('heading', { name: `Market explorer: ${host}` }).waitFor();
    const keywords = page.getByRole('table', { name: 'Ranking keywords' });
    await keywords.waitFor({ timeout: 30_000 });
    const explorer = await api(`/api/market-explorer/existing/url/keywords/data?${q}&time=month`);
    expect(explorer.total).toBeGreaterThan(0);
    const firstRow = keywords.locator('tbody tr').first();
    expect(await firstRow.locator('td').first().textContent()).toBe(explorer.items[0].keyword);
    await screenshot(page, 'market-explorer');
    const [meCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export a year of keywords (CSV)' }).click(),
    ]);
    const year = await api(`/api/market-explorer/existing/url/keywords/data?${q}&pageSize=1`);
    expect(await csvLines(meCsv)).toHaveLength(year.total);

    await page.getByRole('link', { name: 'Recommendation' }).click();
    await page.getByRole('heading', { name: `Recommendation: ${host}` }).waitFor();
    const urls = page.getByRole('table', { name: 'URLs by opportunity' });
    await urls.waitFor({ timeout: 30_000 });
    const rec = await api(`/api/recommendation/data/urls?${q}&time=month&pageSize=500`);
    expect(rec.total).toBeGreaterThan(0);
    const top = rec.items[0] as { url: string; behind: { keyword: string }[] };
    await page.getByRole('button', { name: `Show the keywords behind ${top.url}` }).click();
    const behind = page.getByRole('table', { name: `Keywords behind ${top.url}` });
    await behind.waitFor();
    expect(await behind.locator('tbody tr').count()).toBe(top.behind.length);
    await screenshot(page, 'recommendation');
    const [recCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export URLs and keywords (CSV)' }).click(),
    ]);
    const lines = await csvLines(recCsv);
    let behindTotal = 0;
    for (let p = 1; (p - 1) * 500 < rec.total; p++) {
      const pageOf = await api(`/api/recommendation/data/urls?${q}&pageSize=500&page=${p}`);
      behindTotal += (pageOf.items as { behind: unknown[] }[]).reduce((n, r) => n + r.behind.length, 0);
    }
    expect(lines).toHaveLength(behindTotal);
    expect(recCsv.suggestedFilename()).toMatch(/^recommendation-/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
