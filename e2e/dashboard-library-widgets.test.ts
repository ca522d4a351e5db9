// End-to-end: the widget library's rank table extract, tag matrix, Search Console totals and open tasks in
// Chromium on the demo workspace. An analyst adds the four to a new dashboard through the add-widget form
// (a demo campaign, a demo site's Search Console rows, the workspace's tasks), each draws real rows — the
// numbers checked against the API's answer to the same read — screenshots at 1440 px, and the report made
// from the dashboard generates with the four widgets' reads in its data snapshot.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';
import { getJson } from './support/search-console';

const e2e = useServerAndBrowser();
const SITE = 'wanderlane.co.uk';

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The rows of a widget's hidden chart-data table (the numbers it draws), header first. */
async function drawn(page: Page, id: string): Promise<string[][]> {
  return page
    .locator(`[data-widget-tile="${id}"] table[data-chart-data]`)
    .evaluate((t) =>
      [...t.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent!)),
    );
}

describe('rank table, tag matrix, Search Console totals and tasks widgets in Chromium', () => {
  it('draw real rows on a dashboard at 1440 px and in the report made from it', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET') reads.push(r.url());
    });
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const url = e2e.server.url;
    const campaign = (
      await getJson<{ items: { id: number; name: string; market: string }[] }>(
        page,
        `${url}/api/v1/campaigns`,
      )
    ).items.find((c) => c.name === 'UK travel: destinations and deals')!;
    expect(campaign).toBeDefined();

    // An open task of the workspace, assigned to the analyst, for the tasks widget.
    const me = await getJson<{ csrfToken: string; user: { id: number } }>(page, `${url}/api/v1/me`);
    const title = `E2E library widgets ${Date.now()}`;
    const made = await page.request.post(`${url}/api/v1/tasks`, {
      headers: { 'X-CSRF-Token': me.csrfToken, Origin: url },
      data: { title, priority: 'urgent', assigneeId: me.user.id, dueDate: '2030-01-31' },
    });
    expect(made.status()).toBe(201);

    await page.goto(`${url}/dashboard`);
    await page.getByRole('button', { name: 'Dashboard actions' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('E2E library widgets');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: /E2E library widgets/ }).waitFor();

    const campaignOption = new RegExp(
      `^${`${campaign.name} · ${campaign.market}`.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}`,
      'u',
    );
    const wanted: { type: string; fields: [string, string | RegExp][] }[] = [
      {
        type: 'Rank table extract',
        fields: [
          ['Campaign', campaignOption],
          ['Date range', 'last 3 months'],
        ],
      },
      {
        type: 'Tag matrix',
        fields: [
          ['Campaign', campaignOption],
          ['Date range', 'last 3 months'],
        ],
      },
      {
        type: 'Search Console totals',
        fields: [
          ['Search Console property', SITE],
          ['Date range', 'last month'],
        ],
      },
      { type: 'Open tasks', fields: [] },
    ];
    for (const w of wanted) {
      await page.getByRole('button', { name: 'Add widget' }).click();
      await pick(page, 'Widget', w.type);
      for (const [label, option] of w.fields) await pick(page, label, option);
      const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok());
      await page.getByRole('dialog').getByRole('button', { name: 'Add widget' }).click();
      await saved;
    }
    await expect.poll(() => page.locator('[data-widget-tile]').count()).toBe(4);
    for (const id of ['w1', 'w2', 'w3', 'w4']) {
      await expect
        .poll(() => page.locator(`[data-widget-tile="${id}"] [data-widget]`).getAttribute('data-state'), {
          timeout: 60_000,
        })
        .toBe('ready');
    }

    // Rank table: the API's first rows, the own domain's position, change and best.
    const rtRead = reads.find((r) => r.includes(`/api/v1/rank-tracking/${campaign.id}/keywords?`))!;
    const rt = await getJson<{
      focus: number;
      targets: { label: string; own: boolean }[];
      rows: {
        keyword: string;
        cells: { position: number | null; change: number | null; best: number | null }[];
      }[];
    }>(page, rtRead);
    expect(rt.targets[rt.focus]!.own).toBe(true);
    const ranks = await drawn(page, 'w1');
    expect(ranks[0]).toEqual(['keyword', 'position', 'change', 'best']);
    expect(ranks.length - 1).toBe(rt.rows.length);
    expect(rt.rows.length).toBeGreaterThan(0);
    expect(ranks.length - 1).toBeLessThanOrEqual(15);
    const top = rt.rows[0]!;
    expect(ranks[1]).toEqual([
      top.keyword,
      ...[top.cells[rt.focus]!.position, top.cells[rt.focus]!.change, top.cells[rt.focus]!.best].map((v) =>
        v === null ? '' : String(v),
      ),
    ]);
    expect(ranks.slice(1).some((r) => r[1] !== '')).toBe(true);
    await expect
      .poll(() =>
        page
          .locator('[data-widget-tile="w1"]')
          .getByRole('table', { name: 'Rank table extract' })
          .locator('tbody tr')
          .count(),
      )
      .toBe(rt.rows.length);

    // Tag matrix: a row per tag with the share of each tracked domain.
    const matrix = await drawn(page, 'w2');
    expect(matrix[0]!.slice(0, 2)).toEqual(['tag', 'keywords']);
    expect(matrix.length).toBeGreaterThan(2);
    expect(matrix.slice(1).some((r) => r.slice(2).some((v) => Number(v) > 0))).toBe(true);

    // Search Console totals: the property's clicks and impressions, against the month before.
    const totals = await drawn(page, 'w3');
    expect(totals.map((r) => r[0])).toEqual(['period', 'current', 'previous']);
    expect(Number(totals[1]![1])).toBeGreaterThan(0);
    expect(Number(totals[1]![2])).toBeGreaterThan(0);
    expect(Number(totals[2]![2])).toBeGreaterThan(0);
    const gscRead = reads.find((r) => r.includes('/api/v1/search-console/analytics?'))!;
    expect(gscRead).toContain(`site=${SITE}`);
    const gsc = await getJson<{ totals: { clicks: number; impressions: number } }>(page, gscRead);
    expect(Number(totals[1]![1])).toBe(gsc.totals.clicks);
    await page.locator('[data-widget-tile="w3"]').getByText('before:').first().waitFor();

    // Open tasks: the task made above, with its priority and assignee.
    const tasks = await drawn(page, 'w4');
    const mine = tasks.find((r) => r[0] === title);
    expect(mine?.slice(1, 3)).toEqual(['open', 'urgent']);
    expect(mine?.[4]).toBe('2030-01-31');
    expect(tasks.slice(1).every((r) => r[1] !== 'done')).toBe(true);

    await screenshot(page, 'library-widgets-1440');
    for (const [id, name] of [
      ['w1', 'rank-table'],
      ['w2', 'tag-matrix'],
      ['w3', 'search-console-totals'],
      ['w4', 'tasks'],
    ] as const)
      await page
        .locator(`[data-widget-tile="${id}"]`)
        .screenshot({ path: `e2e/out/library-widgets-${name}.png` });
    // On a phone the grid is one column: each widget keeps its rows readable (tables scroll inside).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-widget-tile="w4"]').getByText('Open tasks').waitFor();
    await screenshot(page, 'library-widgets-390');
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The report made from the dashboard holds the four widgets and generates; its snapshot keeps their reads.
    await page.getByRole('button', { name: 'Dashboard actions' }).click();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/v1\/dashboards\/\d+\/report$/u.test(r.url()),
    );
    await page.getByRole('menuitem', { name: 'Create report from dashboard' }).click();
    const report = (await (await created).json()) as { id: number; blocks: { type: string }[] };
    expect(report.blocks.map((b) => b.type).sort()).toEqual([
      'rank-table',
      'search-console-totals',
      'tag-matrix',
      'tasks',
    ]);
    const editor = page.locator(`[data-report-editor="${report.id}"]`);
    await editor.waitFor();
    await editor.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => page.locator('[data-report-block="widget"] [data-state="ready"]').count(), {
        timeout: 60_000,
      })
      .toBe(4);
    await screenshot(page, 'library-widgets-report-preview');
    await page
      .locator(`[data-generated-reports="${report.id}"]`)
      .getByRole('button', { name: 'Generate' })
      .click();
    await page.locator('[data-generated-report][data-status="done"]').waitFor({ timeout: 180_000 });
    const generated = await getJson<{ items: { id: number; status: string; snapshotHash: string }[] }>(
      page,
      `${url}/api/v1/reports/${report.id}/generated`,
    );
    const g = generated.items[0]!;
    expect(g.status).toBe('done');
    const snapshot = await getJson<{ responses: Record<string, unknown> }>(
      page,
      `${url}/api/v1/generated-reports/${g.id}/snapshot`,
    );
    const addresses = Object.keys(snapshot.responses);
    for (const read of [
      `/api/v1/rank-tracking/${campaign.id}/keywords?`,
      `/api/v1/tag-analysis/${campaign.id}?`,
      `/api/v1/search-console/analytics?site=${SITE}`,
      '/api/v1/tasks',
    ])
      expect(
        addresses.some((a) => a.startsWith(read)),
        read,
      ).toBe(true);
    const pdf = await (await page.request.get(`${url}/api/v1/generated-reports/${g.id}/pdf`)).body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(errors).toEqual([]);
    await context.close();
  });
});
