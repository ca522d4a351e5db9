// End-to-end: dashboards in Chromium against the real server and its demo workspace. A signed-in analyst
// opens Dashboard (their default, made with the workspace overview), creates a dashboard, adds five widgets
// from two demo campaigns through the add-widget form, drags one and resizes another, reloads and finds the
// layout kept (on screen and in the API); an annotation shows on the campaign's time chart; screenshots at
// 1280 and 390 px wide, where the competitors league fits its card; then a report is made from the dashboard
// (its widgets in reading order), opens in the editor and its PDF is generated.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '@contracts/dashboards';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

async function box(page: Page, id: string) {
  const b = await page.locator(`[data-widget-tile="${id}"]`).boundingBox();
  if (!b) throw new Error(`widget ${id} is not on screen`);
  return b;
}

/** The tile's box once the grid's move and resize transitions have ended (two reads in a row agree). */
async function settledBox(page: Page, id: string) {
  let last = await box(page, id);
  for (;;) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const next = await box(page, id);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
}

describe('dashboards in Chromium', () => {
  it('builds a dashboard of five widgets from two campaigns, drags and resizes, and keeps it on reload', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => {
      console.error(`page error: ${e.message}`);
      errors.push(e.message);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') console.error(`console: ${m.text()}`);
    });
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const api = async <T>(path: string): Promise<T> =>
      (await (await page.request.get(`${e2e.server.url}${path}`)).json()) as T;
    const campaigns = (
      await api<{ items: { id: number; name: string; market: string }[] }>('/api/v1/campaigns')
    ).items;
    expect(campaigns.length).toBeGreaterThanOrEqual(2);
    const [a, b] = campaigns as [(typeof campaigns)[0], (typeof campaigns)[0]];

    // The sidebar's Dashboard opens the default one: the workspace overview, never empty.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: /My dashboard/ }).waitFor({ timeout: 30_000 });
    await page.locator('[data-widget-tile="overview"] [data-state="ready"]').waitFor({ timeout: 30_000 });

    // An organisation-wide annotation 8 weeks back: drawn on the campaign's time chart.
    const me = await api<{ csrfToken: string }>('/api/v1/me');
    const day = new Date(Date.now() - 56 * 86_400_000).toISOString().slice(0, 10);
    const note = await page.request.post(`${e2e.server.url}/api/v1/annotations`, {
      headers: { 'X-CSRF-Token': me.csrfToken, Origin: e2e.server.url },
      data: { date: day, title: 'E2E dashboard note' },
    });
    expect(note.status()).toBe(201);

    await page.getByRole('button', { name: 'Dashboard actions' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('E2E weekly');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: /E2E weekly/ }).waitFor();
    await page.getByText('No widgets yet').waitFor();
    await screenshot(page, 'dashboards-empty');

    const wanted: [string, (typeof campaigns)[0]][] = [
      ['Campaign visibility over time', a],
      ['Share of visibility', a],
      ['Competitors league', a],
      ['Rank ranges', b],
      ['Movers: visibility lost and gained', b],
    ];
    for (const [type, campaign] of wanted) {
      await page.getByRole('button', { name: 'Add widget' }).click();
      await pick(page, 'Widget', type);
      await pick(page, 'Campaign', new RegExp(`^${escape(`${campaign.name} · ${campaign.market}`)}`, 'u'));
      await pick(page, 'Date range', 'last 6 months');
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok());
      await page.getByRole('dialog').getByRole('button', { name: 'Add widget' }).click();
      await saved;
    }
    const tiles = page.locator('[data-widget-tile]');
    await expect.poll(() => tiles.count()).toBe(5);
    for (const id of ['w1', 'w2', 'w3', 'w4', 'w5']) {
      await expect
        .poll(() => page.locator(`[data-widget-tile="${id}"] [data-widget]`).getAttribute('data-state'), {
          timeout: 60_000,
        })
        .toBe('ready');
    }
    await expect
      .poll(
        () => page.locator('[data-widget-tile="w1"] svg text', { hasText: 'E2E dashboard note' }).count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(1);

    // Drag w2 by its bar to the right half; resize w1 by its corner to be taller.
    const w2 = await box(page, 'w2');
    await page.mouse.move(w2.x + 60, w2.y + 10);
    await page.mouse.down();
    await page.mouse.move(w2.x + 60 + w2.width, w2.y - 200, { steps: 12 });
    let saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok());
    await page.mouse.up();
    await saved;
    const w1 = await box(page, 'w1');
    const handle = page.locator('[data-widget-tile="w1"] .react-resizable-handle');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + 200, hb.y + 160, { steps: 12 });
    saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok());
    await page.mouse.up();
    await saved;

    const board = Number(new URL(page.url()).searchParams.get('board'));
    const stored = await api<Dashboard>(`/api/v1/dashboards/${board}`);
    const cell = (id: string) => stored.widgets.find((w) => w.id === id)!.layout;
    expect(cell('w2').x).toBeGreaterThanOrEqual(6);
    expect(cell('w1').w).toBeGreaterThan(6);
    expect(cell('w1').h).toBeGreaterThan(9);
    const before = { w1: await settledBox(page, 'w1'), w2: await settledBox(page, 'w2') };
    expect(before.w1.height).toBeGreaterThan(w1.height);
    expect(before.w2.x).toBeGreaterThan(w2.x);
    await screenshot(page, 'dashboards-1280');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /E2E weekly/ }).waitFor();
    await expect.poll(() => tiles.count()).toBe(5);
    for (const id of ['w1', 'w2'] as const) {
      const after = await settledBox(page, id);
      expect(Math.round(after.x)).toBe(Math.round(before[id].x));
      expect(Math.round(after.y)).toBe(Math.round(before[id].y));
      expect(Math.round(after.width)).toBe(Math.round(before[id].width));
      expect(Math.round(after.height)).toBe(Math.round(before[id].height));
    }

    // The widgets are Tab stops with a menu each.
    await page.locator('[data-widget-tile="w1"]').focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Widget menu: /u);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-dashboard-grid="stack"]').waitFor();
    await expect
      .poll(() => page.locator(`[data-widget-tile="w4"] [data-widget]`).getAttribute('data-state'), {
        timeout: 60_000,
      })
      .toBe('ready');
    await screenshot(page, 'dashboards-390');
    // The competitors league shows its four columns in a phone's card: nothing hidden to the side.
    const league = page.locator('[data-widget-tile="w3"]');
    await league
      .locator('[data-widget="competitors-league"][data-state="ready"]')
      .waitFor({ timeout: 60_000 });
    const table = league.getByRole('table', { name: 'Competitors league' });
    const fit = await table.evaluate((t) => {
      // The scrolling box is the table's grandparent (Mantine's scroll container, then its inner div).
      const scroller = t.parentElement!.parentElement!;
      const box = scroller.getBoundingClientRect();
      return { content: scroller.scrollWidth, visible: scroller.clientWidth, right: box.right };
    });
    expect(fit.content).toBeLessThanOrEqual(fit.visible);
    expect(fit.right).toBeLessThanOrEqual(390);
    await league.scrollIntoViewIfNeeded();
    await league.screenshot({ path: 'e2e/out/dashboards-390-league.png' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // Create a report from the dashboard: its five widgets in reading order, opened in the editor; generate
    // its PDF.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${e2e.server.url}/dashboard?board=${board}`);
    await page.getByRole('heading', { level: 1, name: /E2E weekly/ }).waitFor();
    await page.getByRole('button', { name: 'Dashboard actions' }).click();
    const action = page.getByRole('menuitem', { name: 'Create report from dashboard' });
    await action.waitFor();
    await screenshot(page, 'dashboards-report-action');
    // What the Report Creation page's list answered (a missing editor is explained by it).
    const listed: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/v1/reports'))
        void r.text().then(
          (t) => listed.push(`${r.status()} ${t.slice(0, 300)}`),
          () => listed.push(`${r.status()}`),
        );
    });
    const made = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/v1/dashboards/${board}/report`),
    );
    await action.click();
    const response = await made;
    expect(response.status()).toBe(201);
    const report = (await response.json()) as { id: number; title: string; blocks: { id: string }[] };
    expect(report.title).toBe('E2E weekly');
    const kept = await api<Dashboard>(`/api/v1/dashboards/${board}`);
    const order = [...kept.widgets]
      .sort((p, q) => p.layout.y - q.layout.y || p.layout.x - q.layout.x)
      .map((w) => w.id);
    expect(report.blocks.map((blk) => blk.id)).toEqual(order);
    await page.waitForURL(`**/folder?report=${report.id}`);
    const editor = page.locator(`[data-report-editor="${report.id}"]`);
    await editor.waitFor().catch(async (e: unknown) => {
      await screenshot(page, 'dashboards-report-editor-missing');
      console.error(
        `reports list answers: ${JSON.stringify(listed)}\nat ${page.url()}:\n${await page.locator('main').innerText()}`,
      );
      console.error(`server log (last 4,000 characters):\n${e2e.server.output().slice(-4000)}`);
      throw e;
    });
    await screenshot(page, 'dashboards-report-editor');
    const generating = Date.now();
    await page
      .locator(`[data-generated-reports="${report.id}"]`)
      .getByRole('button', { name: 'Generate' })
      .click();
    await page.locator('[data-generated-report][data-status="done"]').waitFor({ timeout: 180_000 });
    console.log(`generated the dashboard's report in ${((Date.now() - generating) / 1000).toFixed(1)} s`);
    const generated = await api<{ items: { id: number; status: string; pdfBytes: number | null }[] }>(
      `/api/v1/reports/${report.id}/generated`,
    );
    const g = generated.items[0]!;
    expect(g.status).toBe('done');
    console.log(`dashboard report PDF ${g.pdfBytes} bytes`);
    const pdf = await (
      await page.request.get(`${e2e.server.url}/api/v1/generated-reports/${g.id}/pdf`)
    ).body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(errors).toEqual([]);
    await context.close();
  });
});
