// End-to-end: the market-share screen in Chromium against the real server and its demo workspace. A signed-in
// analyst (the file's administrator holds ROLE_MS_ALL) opens /marketshare/ (redirected to the empty variant),
// picks a market of the organisation, and sees the chart, the table and the competitive matrix; a share in
// the table equals the API's; both CSVs download with a BOM, a header and one line per host.
import { describe, expect, it } from 'vitest';
import type { MarketShareMatrixResponse, MarketShareResponse } from '@contracts/market-share';
import { formatPercent } from '@core/locale';
import type { Download } from 'playwright-core';
import { downloadedCsv, screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

/** The lines of a downloaded CSV after checking its BOM: header first. */
const csvLines = async (download: Download) =>
  (await downloadedCsv(download)).split(/\r\n/).filter((l) => l !== '');

describe('market share in Chromium', () => {
  it('picks a market, shows chart, table and matrix like the API, and exports both CSVs', async () => {
    const { context, page, errors } = await signedInPage(e2e, {
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });
    const api = async (path: string) => (await page.request.get(`${e2e.server.url}${path}`)).json();
    const campaigns = (await api('/api/v1/campaigns')).items as { market: string }[];
    const market = [...new Set(campaigns.map((c) => c.market))].sort()[0]!;
    const markets = (await api('/api/v1/markets')).items as { code: string; name: string }[];
    const marketName = markets.find((m) => m.code === market)!.name;

    await page.goto(`${e2e.server.url}/marketshare/`);
    await page.waitForURL(/\/marketshare\/overview$/u);
    await page.getByText('Choose a market').waitFor();
    const form = page.getByRole('form', { name: 'Choose host, market and time' });
    await form.getByLabel('Market', { exact: true }).click();
    await page.getByRole('option', { name: `${marketName} (${market})` }).click();
    await form.getByRole('button', { name: 'Show market share' }).click();
    await page.waitForURL(new RegExp(`/marketshare/overview/${market}/year$`, 'u'));
    await page.getByRole('heading', { name: `Market share: ${market}` }).waitFor();

    const table = page.getByRole('table', { name: 'Hosts by share of visibility' });
    await table.waitFor({ timeout: 60_000 });
    await page.getByRole('img', { name: /Share of visibility per snapshot date/u }).waitFor();
    const overview = (await api(
      `/api/marketshare/data/overview?market=${market}&time=year`,
    )) as MarketShareResponse;
    expect(overview.hosts.length).toBeGreaterThanOrEqual(10);
    expect(overview.dates.length).toBeGreaterThan(1);
    // The table's first row is the API's first host, with its share as the screen writes it (en_GB).
    const first = table.locator('tbody tr').first();
    expect(await first.locator('td').first().textContent()).toContain(overview.hosts[0]!.host);
    expect(await first.locator('td').nth(3).textContent()).toBe(
      formatPercent(overview.hosts[0]!.share, 'en_GB', 2),
    );
    const own = overview.hosts.filter((h) => h.own);
    expect(own.length).toBeGreaterThan(0);

    const matrix = page.getByRole('table', { name: 'Share of visibility by keyword tag' });
    await matrix.waitFor({ timeout: 60_000 });
    const m = (await api(
      `/api/marketshare/data/competitive-matrix?market=${market}&time=year`,
    )) as MarketShareMatrixResponse;
    expect(m.labels.length).toBeGreaterThan(0);
    expect(await matrix.locator('tbody tr').count()).toBe(m.rows.length);
    await screenshot(page, 'market-share');

    const [overviewCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export table and series (CSV)' }).click(),
    ]);
    const lines = await csvLines(overviewCsv);
    expect(lines[0]!.startsWith('Host,Role,Rank,Visibility score,Share %')).toBe(true);
    expect(lines).toHaveLength(overview.hosts.length + 2); // header, hosts, whole market
    expect(lines[1]!.split(',')[0]).toBe(overview.hosts[0]!.host);
    // CSV numbers carry four decimals (core csv.ts).
    expect(Number(lines[1]!.split(',')[4])).toBeCloseTo(overview.hosts[0]!.share, 4);

    await page.getByText('Keyword groups').click();
    await page
      .getByRole('table', { name: 'Share of visibility by keyword group' })
      .waitFor({ timeout: 60_000 });
    const [matrixCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export matrix (CSV)' }).click(),
    ]);
    expect(matrixCsv.suggestedFilename()).toBe(`market-share-matrix-groups-${market}-year.csv`);
    const mLines = await csvLines(matrixCsv);
    expect(mLines[0]!.startsWith('Host,Role,')).toBe(true);
    expect(mLines.length).toBeGreaterThan(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'market-share-groups');
    expect(errors).toEqual([]);
    await context.close();
  });
});
