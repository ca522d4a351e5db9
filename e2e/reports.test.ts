// End-to-end: Report Creation and Generated Reports in Chromium against the real server and its demo
// workspace. An analyst defines a report for a demo campaign, opens it, adds a text section and a page break
// in the editor, saves, previews it (the dashboard's widgets drawing live), generates it, follows the
// progress until done, downloads the PDF (a real PDF with the title) and the CSV bundle; the data snapshot's
// hash is the one the job reports. Each PDF page is opened in Chromium's PDF viewer and saved as a PNG
// (e2e/out/report-page-N.png); a re-render of the generated report gives the same hash and the same PDF bytes.
// Screenshots at 1440 and 390 px wide.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GeneratedReport } from '@contracts/generated-reports';
import { canonicalJson } from '@core/reports/snapshot-tables';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });
const TITLE = 'E2E client review';

describe('reports in Chromium', () => {
  it('creates a report, edits and previews it, generates it and downloads the PDF and CSV files', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const url = e2e.server.url;
    const me = (await (await page.request.get(`${url}/api/v1/me`)).json()) as { csrfToken: string };
    const headers = { 'X-CSRF-Token': me.csrfToken, Origin: url };
    const campaigns = (
      (await (await page.request.get(`${url}/api/v1/campaigns`)).json()) as {
        items: { id: number; name: string }[];
      }
    ).items;
    const created = await page.request.post(`${url}/api/v1/reports`, {
      headers,
      data: {
        name: 'E2E review',
        title: TITLE,
        campaignId: campaigns[0]!.id,
        period: { kind: 'relative', span: 'last-month' },
        blocks: [
          { kind: 'widget', id: 'vis', type: 'campaign-visibility', title: null },
          { kind: 'widget', id: 'league', type: 'competitors-league', title: null },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const reportId = ((await created.json()) as { id: number }).id;

    await page.goto(`${url}/folder`);
    await page.getByRole('button', { name: 'Open report E2E review' }).click();
    const editor = page.locator(`[data-report-editor="${reportId}"]`);
    await editor.waitFor();
    await editor.getByRole('button', { name: 'Add text' }).click();
    await editor.getByLabel('Heading').fill('Summary');
    await editor
      .getByLabel('Text', { exact: true })
      .fill('Visibility over last month, with the leading competitors.');
    await editor.getByRole('button', { name: 'Move Text: Summary up' }).click();
    await editor.getByRole('button', { name: 'Move Text: Summary up' }).click();
    await editor.getByRole('button', { name: 'Add page break' }).click();
    await editor.getByRole('button', { name: 'Save report' }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = (await (await page.request.get(`${url}/api/v1/reports/${reportId}`)).json()) as {
      blocks: { kind: string }[];
    };
    expect(saved.blocks.map((b) => b.kind)).toEqual(['text', 'widget', 'widget', 'page-break']);

    await editor.getByRole('button', { name: 'Preview' }).click();
    await page.locator('[data-report-preview] [data-report-cover]').waitFor();
    await page.locator('[data-report-preview] [data-state="ready"]').first().waitFor({ timeout: 60_000 });

    const started = Date.now();
    await page
      .locator(`[data-generated-reports="${reportId}"]`)
      .getByRole('button', { name: 'Generate' })
      .click();
    const row = page.locator('[data-generated-report]').first();
    await row.waitFor();
    await page.locator('[data-generated-report][data-status="done"]').waitFor({ timeout: 180_000 });
    console.log(
      `generated the demo report in ${((Date.now() - started) / 1000).toFixed(1)} s (click to done in the UI)`,
    );
    await screenshot(page, 'reports-1440');

    const list = (await (await page.request.get(`${url}/api/v1/reports/${reportId}/generated`)).json()) as {
      items: GeneratedReport[];
    };
    const g = list.items[0]!;
    expect(g.status).toBe('done');
    console.log(`job duration ${g.durationMs} ms, PDF ${g.pdfBytes} bytes`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^e2e-client-review-.*\.pdf$/);
    const pdf = await (await page.request.get(`${url}/api/v1/generated-reports/${g.id}/pdf`)).body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`/Title (${TITLE})`);
    mkdirSync('e2e/out', { recursive: true });
    writeFileSync('e2e/out/report.pdf', pdf);
    const zip = await page.request.get(`${url}/api/v1/generated-reports/${g.id}/csv`);
    expect(zip.headers()['content-type']).toBe('application/zip');
    const snapshot = (await (
      await page.request.get(`${url}/api/v1/generated-reports/${g.id}/snapshot`)
    ).json()) as unknown;
    expect(createHash('sha256').update(canonicalJson(snapshot), 'utf8').digest('hex')).toBe(g.snapshotHash);

    // The PDF's pages as PNGs, drawn by Chromium's own PDF viewer (one page fitted per image).
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s])/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let n = 1; n <= pages; n += 1) {
      // A fresh viewer per page: a second address differing only in #page would not move the one open.
      const viewer = await context.newPage();
      await viewer.setViewportSize({ width: 700, height: 990 });
      await viewer.goto(`file://${resolve('e2e/out/report.pdf')}#page=${n}&view=Fit&toolbar=0`);
      // The viewer draws the page after the navigation ends. Its empty background compresses to about 4 kB
      // at this size, a drawn A4 page (even the sparse cover) to 20 kB or more: the image is taken once it
      // holds a page and two in a row agree.
      let previous: Buffer | null = null;
      for (;;) {
        const shot = await viewer.screenshot();
        if (previous !== null && shot.length > 10_000 && shot.equals(previous)) break;
        previous = shot;
        await new Promise((r) => setTimeout(r, 250));
      }
      writeFileSync(`e2e/out/report-page-${n}.png`, previous);
      await viewer.close();
    }

    // Re-render the generated report: drawn again from its stored snapshot, the same hash and the same PDF.
    const queued = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/generated-reports/${g.id}/retry`),
    );
    await row.getByRole('button', { name: 'Re-render' }).click();
    expect((await queued).status()).toBe(202);
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(`${url}/api/v1/generated-reports/${g.id}`)
            ).json()) as GeneratedReport
          ).status,
        { timeout: 180_000 },
      )
      .toBe('done');
    const again = (await (
      await page.request.get(`${url}/api/v1/generated-reports/${g.id}`)
    ).json()) as GeneratedReport;
    expect(again.snapshotHash).toBe(g.snapshotHash);
    const pdfAgain = await (await page.request.get(`${url}/api/v1/generated-reports/${g.id}/pdf`)).body();
    expect(pdfAgain.equals(pdf)).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-generated-report][data-status="done"]').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-390');
    await context.close();
  }, 300_000);
});
