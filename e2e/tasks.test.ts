// End-to-end: tasks in Chromium against the real server. An import of two snapshots where a tracked keyword
// drops raises a detector task; the analyst opens it on the board, assigns it to themself, moves it to In
// progress from the keyboard and closes it from the card's menu; a task created through the form shows in the
// list. A second import where two URLs of the own domain start ranking for one keyword raises a
// cannibalisation task; the analyst links it to a report and the drawer's link opens that report in Report
// Creation. Screenshots at 1280 and 390 px wide.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();

const HEADER = 'date,market,keyword,position,url,result_type,search_volume';
const rivals = (date: string, keyword: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${date},it-it,${keyword},${i + 1},https://rival${i}.test/,organic,800`,
  );
const FIRST = [
  HEADER,
  '2025-05-01,it-it,voli economici,2,https://www.e2e-tasks.test/voli,organic,800',
  ...rivals('2025-05-01', 'voli economici', 1),
].join('\n');
const SECOND = [
  HEADER,
  ...rivals('2025-05-08', 'voli economici', 11),
  '2025-05-08,it-it,voli economici,12,https://www.e2e-tasks.test/voli,organic,800',
].join('\n');
// One own URL ranks for "hotel roma" on the first date; on the second a second own URL ranks beside it.
const HOTEL_FIRST = [
  HEADER,
  '2025-06-01,it-it,hotel roma,3,https://www.e2e-hotel.test/roma,organic,500',
  ...rivals('2025-06-01', 'hotel roma', 2),
].join('\n');
const HOTEL_SECOND = [
  HEADER,
  '2025-06-08,it-it,hotel roma,3,https://www.e2e-hotel.test/roma,organic,500',
  '2025-06-08,it-it,hotel roma,5,https://www.e2e-hotel.test/offerte,organic,500',
  ...rivals('2025-06-08', 'hotel roma', 2),
].join('\n');

async function api(
  page: Page,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
  contentType = 'application/json',
) {
  const url = e2e.server.url;
  const me = (await (await page.request.get(`${url}/api/v1/me`)).json()) as { csrfToken: string };
  const res = await page.request.fetch(`${url}${path}`, {
    method,
    headers: { 'x-csrf-token': me.csrfToken, origin: url, 'content-type': contentType },
    data: typeof data === 'string' ? data : JSON.stringify(data),
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json() as Promise<{ id: number; status?: string }>;
}

async function importCsv(page: Page, campaignId: number, csv: string): Promise<void> {
  const job = await api(
    page,
    'POST',
    `/api/v1/imports?name=ranks.csv&campaign=${campaignId}`,
    csv,
    'text/csv',
  );
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`${e2e.server.url}/api/v1/imports/${job.id}`)).json()) as {
            status: string;
          }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('succeeded');
}

describe('tasks in Chromium', () => {
  it('raises a task on a drop, assigns it, moves it on the board and closes it; deletes another', async () => {
    const { context, page, errors } = await signedInPage(e2e, { viewport: { width: 1280, height: 900 } });

    const project = await api(page, 'POST', '/api/v1/projects', { name: 'E2E tasks' });
    const campaign = await api(page, 'POST', '/api/v1/campaigns', {
      projectId: project.id,
      name: 'E2E voli',
      market: 'it-it',
    });
    await api(page, 'POST', `/api/v1/campaigns/${campaign.id}/domains`, {
      value: 'e2e-tasks.test',
      own: true,
    });
    await importCsv(page, campaign.id, FIRST);
    await importCsv(page, campaign.id, SECOND);

    await page.goto(`${e2e.server.url}/tasks`);
    const title = '"voli economici" dropped from #2 to #12';
    const card = page.getByRole('button', { name: new RegExp(`^${title.replace(/[#"]/g, '.')}: Open`) });
    await card.waitFor();
    await screenshot(page, 'tasks-board-1280');

    // Open it, check the evidence, assign it to oneself through the edit form.
    await card.click();
    const drawer = page.getByRole('dialog', { name: 'Task', exact: true });
    await drawer.getByText('Evidence (raised by a detector)').waitFor();
    await drawer.getByRole('cell', { name: '#12' }).waitFor();
    // Let the drawer finish sliding in before the picture.
    await page.waitForTimeout(500);
    await screenshot(page, 'tasks-drawer-1280');
    await drawer.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit task' });
    await form.getByLabel('Assignee').click();
    await page.getByRole('option', { name: /^E2E tasks/ }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    await drawer.getByText(/^You ·/).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Move it with the keyboard: → from Open to In progress.
    await card.focus();
    await page.keyboard.press('ArrowRight');
    const moved = page.getByRole('button', {
      name: new RegExp(`^${title.replace(/[#"]/g, '.')}: In progress`),
    });
    await moved.waitFor();
    expect(await page.locator('[data-column="in-progress"]').getByText(title).count()).toBe(1);

    // Close it from the card's menu.
    await page.getByRole('button', { name: `Move ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Done' }).click();
    await page.locator('[data-column="done"]').getByText(title).waitFor();

    // A task through the form, seen in the list view.
    await page.getByRole('button', { name: 'New task' }).first().click();
    const create = page.getByRole('dialog', { name: 'New task' });
    await create.getByLabel('Title').fill('E2E write the migration checklist');
    await create.getByRole('button', { name: 'Create task' }).click();
    await create.waitFor({ state: 'detached' });
    // The segmented control's radios are visually hidden: click their labels.
    await page.locator('label[for$="-list"]').click();
    const table = page.getByRole('table', { name: 'Tasks' });
    await table.getByText('E2E write the migration checklist').waitFor();
    await table.getByText(title).waitFor();
    await screenshot(page, 'tasks-list-1280');

    // Delete the form's task from its drawer, through the confirmation.
    await table.getByRole('button', { name: 'E2E write the migration checklist' }).click();
    await page.getByRole('dialog', { name: 'Task' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete task' });
    await confirm.getByText('This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete task' }).click();
    await confirm.waitFor({ state: 'detached' });
    await table.getByText('E2E write the migration checklist').waitFor({ state: 'detached' });

    const tasks = (await (
      await page.request.get(`${e2e.server.url}/api/v1/tasks?campaign=${campaign.id}`)
    ).json()) as {
      items: { title: string; status: string; assigneeId: number | null; source: string }[];
    };
    expect(tasks.items).toEqual([
      expect.objectContaining({ title, status: 'done', source: 'rank-drop', assigneeId: expect.any(Number) }),
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('label[for$="-board"]').click();
    await page.locator('[data-column="done"]').getByText(title).waitFor();
    await screenshot(page, 'tasks-board-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('raises a cannibalisation task, links it to a report, and the link opens the report', async () => {
    const { context, page, errors } = await signedInPage(e2e, { viewport: { width: 1280, height: 900 } });

    const project = await api(page, 'POST', '/api/v1/projects', { name: 'E2E hotel' });
    const campaign = await api(page, 'POST', '/api/v1/campaigns', {
      projectId: project.id,
      name: 'E2E hotel roma',
      market: 'it-it',
    });
    await api(page, 'POST', `/api/v1/campaigns/${campaign.id}/domains`, {
      value: 'e2e-hotel.test',
      own: true,
    });
    const report = await api(page, 'POST', '/api/v1/reports', {
      name: 'E2E hotel weekly',
      campaignId: campaign.id,
      sections: ['visibility'],
    });
    await importCsv(page, campaign.id, HOTEL_FIRST);
    await importCsv(page, campaign.id, HOTEL_SECOND);

    await page.goto(`${e2e.server.url}/tasks`);
    const title = 'Cannibalisation: 2 URLs rank for "hotel roma"';
    const card = page.getByRole('button', { name: new RegExp(`^${title.replace(/"/g, '.')}: Open`) });
    await card.click();
    const drawer = page.getByRole('dialog', { name: 'Task', exact: true });
    await drawer.getByText('Evidence (raised by a detector)').waitFor();
    await drawer
      .getByText(/offerte/)
      .first()
      .waitFor();

    await drawer.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit task' });
    await form.getByLabel('Report').click();
    await page.getByRole('option', { name: 'E2E hotel weekly' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });
    const link = drawer.getByRole('link', { name: 'E2E hotel weekly' });
    await link.waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'tasks-cannibalisation-drawer-1280');

    await link.click();
    await page.waitForURL(new RegExp(`/folder\\?report=${report.id}$`));
    await page.locator(`[data-report-editor="${report.id}"]`).waitFor();
    await screenshot(page, 'tasks-report-link-opened-1280');

    const tasks = (await (
      await page.request.get(`${e2e.server.url}/api/v1/tasks?campaign=${campaign.id}`)
    ).json()) as { items: { title: string; source: string; reportId: number | null }[] };
    expect(tasks.items).toEqual([
      expect.objectContaining({ title, source: 'cannibalisation', reportId: report.id }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
