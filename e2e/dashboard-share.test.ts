// End-to-end: a dashboard's read-only share link in Chromium against the real server and its demo workspace.
// A signed-in analyst makes a dashboard of three widgets from a demo campaign, opens Dashboard ▾ → Share
// read-only…, makes a 30-day link and copies its address; a fresh browser context (no session) opens it and
// sees the dashboard's widgets drawn, the "Shared read-only by …" line, no sidebar, and no API answering it
// outside the link; after the analyst revokes the link, the page says it no longer works. Screenshots of the
// share dialog and of the shared page at 1440, 1280 and 390 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '@contracts/dashboards';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

const WIDGETS = ['vis', 'league', 'ranges'] as const;

async function widgetsReady(page: Page): Promise<void> {
  for (const id of WIDGETS) {
    await expect
      .poll(() => page.locator(`[data-widget-tile="${id}"] [data-widget]`).getAttribute('data-state'), {
        timeout: 60_000,
      })
      .toBe('ready');
  }
}

describe('dashboard share links in Chromium', () => {
  it('opens a shared dashboard read-only in a fresh browser, and not once revoked', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const me = (await (await page.request.get(`${e2e.server.url}/api/v1/me`)).json()) as {
      csrfToken: string;
    };
    const campaign = (
      (await (await page.request.get(`${e2e.server.url}/api/v1/campaigns`)).json()) as {
        items: { id: number; name: string; market: string }[];
      }
    ).items[0]!;
    const scope = { kind: 'campaign', campaignId: campaign.id };
    const range = { kind: 'relative', span: 'half-year' };
    const made = await page.request.post(`${e2e.server.url}/api/v1/dashboards`, {
      headers: { 'X-CSRF-Token': me.csrfToken, Origin: e2e.server.url },
      data: {
        name: 'E2E client board',
        visibility: 'private',
        widgets: [
          { id: 'vis', type: 'campaign-visibility', scope, range, layout: { x: 0, y: 0, w: 6, h: 9 } },
          { id: 'league', type: 'competitors-league', scope, range, layout: { x: 6, y: 0, w: 6, h: 10 } },
          { id: 'ranges', type: 'rank-ranges', scope, range, layout: { x: 0, y: 10, w: 12, h: 8 } },
        ],
      },
    });
    expect(made.status()).toBe(201);
    const board = (await made.json()) as Dashboard;

    await page.goto(`${e2e.server.url}/dashboard?board=${board.id}`);
    await page.getByRole('heading', { level: 1, name: /E2E client board/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Dashboard actions' }).click();
    await page.getByRole('menuitem', { name: 'Share read-only…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This dashboard has no share links yet.').waitFor();
    await dialog.getByLabel('Expires after').click();
    await page.getByRole('option', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const field = dialog.getByLabel('New share link address');
    await field.waitFor();
    const address = await field.inputValue();
    expect(address).toMatch(
      new RegExp(`^${e2e.server.url}/shared/dashboard/v1\\.\\d+\\.\\d+\\.[\\w-]{43}$`, 'u'),
    );
    const links = dialog.locator('[data-testid^="dashboard-share-link-"]');
    await links.first().waitFor();
    // The status badges of the link rows (the dialog's introduction also says "revoked").
    const status = (s: string) => links.getByText(s, { exact: true }).count();
    await expect.poll(() => status('active')).toBe(1);
    await screenshot(page, 'dashboard-share-dialog-1440');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'dashboard-share-dialog-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-dashboard-grid="stack"]').waitFor();
    await screenshot(page, 'dashboard-share-dialog-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A fresh browser context: no cookie, no session.
    const viewer = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const shared = await viewer.newPage();
    const errors: string[] = [];
    shared.on('pageerror', (e) => errors.push(e.message));
    const reads: string[] = [];
    shared.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(new URL(r.url()).pathname);
    });
    await shared.goto(address);
    await shared.getByRole('heading', { level: 2, name: 'E2E client board' }).waitFor({ timeout: 30_000 });
    await widgetsReady(shared);
    await expect
      .poll(() => shared.getByTestId('shared-line').textContent())
      .toMatch(/^Shared read-only by .+ · expires /u);
    // Read-only: no sidebar, no widget menu; every read went through the link.
    expect(await shared.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await shared.locator('[aria-label^="Widget menu"]').count()).toBe(0);
    expect(reads.length).toBeGreaterThan(3);
    expect(reads.every((p) => p.startsWith('/api/v1/shared-dashboards/'))).toBe(true);
    // The viewer has no session: the API itself stays closed to them.
    expect((await shared.request.get(`${e2e.server.url}/api/v1/dashboards/${board.id}`)).status()).toBe(401);
    await screenshot(shared, 'dashboard-shared-1440');
    await shared.setViewportSize({ width: 1280, height: 900 });
    await widgetsReady(shared);
    await screenshot(shared, 'dashboard-shared-1280');
    await shared.setViewportSize({ width: 390, height: 844 });
    await shared.locator('[data-dashboard-grid="stack"]').waitFor();
    await widgetsReady(shared);
    await screenshot(shared, 'dashboard-shared-390');
    // The grid measures its new width after the resize (a ResizeObserver): wait for it to settle there.
    await expect
      .poll(() => shared.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(390);

    // Revoked: the same address now says so.
    await dialog
      .getByRole('button', { name: /^Revoke share link/u })
      .first()
      .click();
    await expect.poll(() => status('revoked')).toBe(1);
    expect(await status('active')).toBe(0);
    await shared.reload();
    await shared.getByTestId('shared-dashboard-error').waitFor({ timeout: 30_000 });
    expect(await shared.getByTestId('shared-dashboard-error').textContent()).toContain('revoked');
    await screenshot(shared, 'dashboard-shared-revoked-390');
    expect(errors).toEqual([]);
    await viewer.close();
    await context.close();
  });
});
