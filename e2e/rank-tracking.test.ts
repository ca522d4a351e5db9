// End-to-end: the Rank Tracking screen (issue 29 items 1–3) in Chromium against the real server and its demo
// workspace. An analyst filters the table to a tag and to movers, switches absolute/classic positions,
// compares two other snapshot dates, opens a keyword's drawer (history, stored SERP), finds the cannibalised
// keywords the demo plants, in the table (checked against the conflicts API) and in the Cannibalisation
// view, and adds and deletes an alert rule in the Alerts view; screenshots at 1280 and 390 px wide.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RtConflictsResponse, RtTableResponse } from '@contracts/rank-tracking';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser();
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

/** The last table answer the screen received, with the address it asked. */
function recordTable(page: Page): { last: { url: URL; body: RtTableResponse } | null } {
  const seen: { last: { url: URL; body: RtTableResponse } | null } = { last: null };
  page.on('response', (res) => {
    if (!/\/api\/v1\/rank-tracking\/\d+\/keywords\?/u.test(res.url())) return;
    void res
      .json()
      .then((body: RtTableResponse) => {
        seen.last = { url: new URL(res.url()), body };
      })
      .catch(() => undefined);
  });
  return seen;
}

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('rank tracking in Chromium', () => {
  for (const width of [1280, 390]) {
    it(`filters, switches positions, opens a drawer and filters to cannibalised keywords (${width} px)`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width, height: 1000 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const table = recordTable(page);
      await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
      const campaigns = (await (await page.request.get(`${e2e.server.url}/api/v1/campaigns`)).json()) as {
        items: { id: number }[];
      };
      const id = campaigns.items[0]!.id;
      await page.goto(`${e2e.server.url}/${id}/rankings/rank-tracking`);
      await page
        .getByRole('table', { name: /Keywords \(absolute positions\)/u })
        .waitFor({ timeout: 60_000 });
      await poll(() => table.last?.body.rows.length ?? 0).toBeGreaterThan(0);
      const all = table.last!.body;
      expect(all.targets.length).toBeGreaterThan(1);
      await screenshot(page, `rank-tracking-${width}`);

      // A tag: every row carries it.
      const tag = all.tags[0]!;
      await pick(page, 'Tags', tag);
      await page.keyboard.press('Escape');
      await poll(() => table.last?.url.searchParams.getAll('tags').join()).toBe(tag);
      expect(table.last!.body.total).toBeLessThan(all.total);
      expect(table.last!.body.rows.every((r) => r.tags.includes(tag))).toBe(true);
      // A fresh screen for the next filter: the bare address (the selection lives in the address).
      const bare = `${e2e.server.url}/${id}/rankings/rank-tracking`;
      await page.goto(bare);
      await page
        .getByRole('table', { name: /Keywords \(absolute positions\)/u })
        .waitFor({ timeout: 60_000 });
      await poll(() => table.last?.url.searchParams.getAll('tags').length).toBe(0);

      // Movers up by 3 or more, for the focus domain.
      await pick(page, 'Movement', 'Moved up');
      await page.getByLabel('By at least', { exact: true }).fill('3');
      await poll(() => table.last?.url.searchParams.get('moveBy')).toBe('3');
      const movers = table.last!.body;
      expect(movers.rows.every((r) => (r.cells[movers.focus]!.change ?? 0) >= 3)).toBe(true);
      // A fresh screen again: no movement filter.
      await page.goto(bare);
      await page
        .getByRole('table', { name: /Keywords \(absolute positions\)/u })
        .waitFor({ timeout: 60_000 });
      await poll(() => table.last?.url.searchParams.get('movers')).toBeNull();

      // Classic positions: never worse than absolute ones for the same result.
      await page.getByText('Classic (organic)').click();
      await page.getByRole('table', { name: /Keywords \(classic positions\)/u }).waitFor();
      await poll(() => table.last?.body.positionKind).toBe('classic');

      // Two other snapshot dates.
      const dates = all.snapshotDates;
      await pick(page, 'Compare from', dates[dates.length - 5]!);
      await poll(() => table.last?.body.dates?.start).toBe(dates[dates.length - 5]);

      // The drawer of the first keyword on the page.
      const first = table.last!.body.rows[0]!.keyword;
      await page.getByRole('button', { name: `Open ${first}`, exact: true }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByText('The stored SERP').waitFor();
      await drawer.getByRole('table', { name: /SERP of/u }).waitFor();
      await expect
        .poll(() =>
          drawer
            .getByRole('table', { name: /SERP of/u })
            .locator('tbody tr')
            .count(),
        )
        .toBeGreaterThan(5);
      await drawer.getByText('URL changes and conflicts').waitFor();
      await screenshot(page, `rank-tracking-drawer-${width}`);
      await page.keyboard.press('Escape');

      // Cannibalised only: the demo plants conflicts (a second URL of a domain, or a URL that flips, on a
      // small share of keywords: DEMO_CONFLICTS), so the filter keeps exactly the keywords where the focus
      // domain has one — as many as the conflicts API lists for it at the same dates and position kind.
      await page.getByLabel('Cannibalised only').check();
      await poll(() => table.last?.url.searchParams.get('cannibalised')).toBe('true');
      const cannibalised = table.last!.body;
      expect(cannibalised.total).toBeGreaterThan(0);
      expect(cannibalised.rows.every((r) => r.cells[cannibalised.focus]!.conflicts.length > 0)).toBe(true);
      const base = new URLSearchParams();
      for (const k of ['startDate', 'endDate', 'positionKind', 'focus']) {
        const v = table.last!.url.searchParams.get(k);
        if (v !== null) base.set(k, v);
      }
      const conflicts = (await (
        await page.request.get(`${e2e.server.url}/api/v1/rank-tracking/${id}/cannibalisation?${base}`)
      ).json()) as RtConflictsResponse;
      const focusConflicts = conflicts.domains.find((d) => d.target === cannibalised.focus)!;
      expect(focusConflicts.keywords.length).toBe(cannibalised.total);
      expect(focusConflicts.keywords.map((k) => k.keyword).sort()).toEqual(
        expect.arrayContaining(cannibalised.rows.map((r) => r.keyword).sort()),
      );
      // Sorted by best position (chosen in the store, as the filter is): the focus domain's best positions
      // in the table's order, keywords it never ranked for last.
      await pick(page, 'Sort by', 'Best position');
      await poll(() => table.last?.url.searchParams.get('sortField')).toBe('best');
      const byBest = table.last!.body;
      expect(byBest.total).toBe(cannibalised.total);
      const bests = byBest.rows.map((r) => r.cells[byBest.focus]!.best ?? Number.POSITIVE_INFINITY);
      const direction = table.last!.url.searchParams.get('sortDirection');
      const want = [...bests].sort((x, y) => (direction === 'desc' ? y - x : x - y));
      expect(bests.filter(Number.isFinite)).toEqual(want.filter(Number.isFinite));
      await screenshot(page, `rank-tracking-best-${width}`);
      // The address holds the selection: reloaded (as a copied link opens), the screen asks for the same
      // table — filters, dates, position kind and sort — and shows the filter set.
      const asked = table.last!.url.search;
      expect(new URL(page.url()).searchParams.get('sortField')).toBe('best');
      table.last = null;
      await page.reload();
      await poll(() => table.last?.url.search).toBe(asked);
      expect(await page.getByLabel('Cannibalised only').isChecked()).toBe(true);
      await page.getByText('Cannibalisation', { exact: true }).click();
      await page.getByText(focusConflicts.keywords[0]!.keyword, { exact: true }).first().waitFor();
      await screenshot(page, `rank-tracking-conflicts-${width}`);

      // Alerts: a rule refused until named, then added, shown in the rules table and deleted after a
      // confirmation; no alert has fired on the demo (its rankings were written before any rule existed).
      await page.getByText('Alerts', { exact: true }).click();
      await page.getByText('No alert rules yet').waitFor();
      await page.getByText('No alerts fired yet').waitFor();
      await page.getByRole('button', { name: 'Add rule' }).click();
      const modal = page.getByRole('dialog', { name: 'New alert rule' });
      await modal.getByRole('button', { name: 'Add rule' }).click();
      await modal.getByText('name the rule, e.g. "Brand drops"').waitFor();
      await modal.getByLabel('Name').fill('Top 3 entries');
      await pick(page, 'Alert when', 'A keyword enters the top N');
      await modal.getByLabel('Top N').fill('0');
      await modal.getByRole('button', { name: 'Add rule' }).click();
      await modal.getByText('the top N is 1–100').waitFor();
      await modal.getByLabel('Top N').fill('3');
      await modal.getByRole('button', { name: 'Add rule' }).click();
      const rules = page.getByRole('table', { name: 'Alert rules' });
      await rules.getByText('enters the top 3').waitFor();
      await modal.waitFor({ state: 'hidden' });
      const stored = (await (
        await page.request.get(`${e2e.server.url}/api/v1/alerts/${id}/rules`)
      ).json()) as { items: { name: string; kind: string; threshold: number }[] };
      expect(stored.items).toMatchObject([{ name: 'Top 3 entries', kind: 'enter-top', threshold: 3 }]);
      await screenshot(page, `rank-tracking-alerts-${width}`);
      await page.getByRole('button', { name: 'Delete Top 3 entries' }).click();
      await page.getByRole('button', { name: 'Delete rule' }).click();
      await page.getByText('No alert rules yet').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
