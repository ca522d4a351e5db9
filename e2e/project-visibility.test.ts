// End-to-end: project visibility in Chromium against the real server and its demo workspace. A signed-in
// analyst (the admin holds ROLE_CV) opens Project Visibility from the sidebar for the current demo project,
// sees the chart whose numbers (its data table) equal the API's series for the total and every campaign, and
// downloads the summary as CSV (BOM, header, one line per scope and domain).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PvResponse } from '@contracts/project-visibility';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

describe('project visibility in Chromium', () => {
  it('opens the demo project, draws the API’s numbers and downloads the CSV', async () => {
    const { context, page, errors } = await signedInPage(e2e, {
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });

    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Project Visibility/ });
    const href = (await link.getAttribute('href'))!;
    const id = /^\/ldx-(\d+)\/competitive-analysis\/project-visibility/u.exec(href)?.[1];
    expect(id, href).toBeDefined();
    await link.click();
    await page.waitForURL(`**/ldx-${id}/competitive-analysis/project-visibility**`);
    const table = page.getByRole('table', { name: /^Campaigns of the project for / });
    await table.waitFor({ timeout: 30_000 });

    // The API's answer to the same request (the server's default range is the screen's: 6 months to today).
    const api = (await (
      await page.request.get(`${e2e.server.url}/api/v3/project-visibility/ldx-${id}/domains`)
    ).json()) as PvResponse;
    expect(api.campaigns.length).toBeGreaterThan(0);
    expect(api.total.dates.length).toBeGreaterThan(0);
    const index = Math.max(
      0,
      api.domains.findIndex((d) => d.isOwn),
    );
    const domain = api.domains[index]!;
    await page.getByRole('table', { name: `Campaigns of the project for ${domain.label}` }).waitFor();
    const total = api.total.domains[index]!;
    const figure = page.getByText('Visibility score (est. monthly clicks)').locator('xpath=..');
    expect(await figure.textContent()).toContain(
      new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(total.visibilityScore),
    );

    // The chart's numbers: one row per date, a column for the total and each campaign.
    await page.getByRole('button', { name: 'Chart data' }).click();
    const data = page.getByRole('table', { name: 'Chart data' });
    await data.waitFor();
    const cells = await data
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td[data-value]')].map((td) => td.getAttribute('data-value'))),
      );
    expect(cells).toHaveLength(api.total.dates.length);
    const scopes = [api.total, ...api.campaigns];
    api.total.dates.forEach((date, row) => {
      scopes.forEach((scope, column) => {
        const want = scope.domains[index]!.series.find((p) => p.date === date)?.visibilityScore;
        const got = cells[row]![column];
        if (want === undefined) expect(got, `${scope.name} ${date}`).toBe('');
        else expect(Number(got), `${scope.name} ${date}`).toBeCloseTo(want, 6);
      });
    });
    await screenshot(page, 'project-visibility');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export summary (CSV)' }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .subarray(3)
      .toString('utf8')
      .split(/\r?\n/u)
      .filter((l) => l !== '');
    expect(lines[0]).toMatch(/^Scope,Campaign id,Market,Keywords,Domain,/u);
    expect(lines.length - 1).toBe(scopes.length * api.domains.length);
    expect(lines[1 + index]).toContain(`,${domain.key},`);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^project-visibility-ldx-${id}-`, 'u'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
