// End-to-end: setting up a campaign from an empty workspace (`serve --no-demo`, issue 25) in Chromium. The app
// opens on the welcome; the wizard creates a project and a campaign in gb-en, takes 20 pasted keywords (two
// tags, one keyword group); a generic SERP CSV for them is imported through the import screen (campaign
// preselected); then your domain, two typed competitors and one taken from the suggestions, and a domain
// group; rank checks are skipped and campaign visibility shows the API's numbers (and the own domain's
// visibility score equals one computed here from the CSV with the default CTR curve). On the campaign page
// the group is renamed, a competitor removed and the campaign deleted; the audit log shows each change.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ noDemo: true });

const OWN = 'myshop.co.uk';
const TYPED = ['rival-a.com', 'rival-b.com'];
const SUGGESTED = 'rival-c.com';
/** Default CTR curve of DESIGN §3, positions 1–10. */
const CTR = [0.285, 0.157, 0.11, 0.08, 0.072, 0.051, 0.04, 0.032, 0.028, 0.025];

const keywords = Array.from({ length: 20 }, (_, i) => ({
  keyword: `running shoes ${String.fromCharCode(97 + i)}`,
  volume: 1000 + i * 250,
  tag: i % 2 === 0 ? 'brand' : 'generic',
}));

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const DATES = [isoDaysAgo(8), isoDaysAgo(1)];

/** The own domain's position on keyword i at snapshot d (the suggested rival is first everywhere). */
const ownPosition = (i: number, d: number) => 2 + ((i + d) % 4);

function serpCsv(): string {
  const lines = ['date,market,keyword,position,url'];
  DATES.forEach((date, d) =>
    keywords.forEach((k, i) => {
      const own = ownPosition(i, d);
      const others = [
        `https://www.${SUGGESTED}/shoes`,
        `https://${TYPED[0]}/p/${i}`,
        `https://${TYPED[1]}/r/${i}`,
      ];
      if (i % 3 === 0) others.push(`https://en.wikipedia.org/wiki/Shoe_${i}`);
      let position = 1;
      for (const url of others) {
        if (position === own) position += 1;
        lines.push(`${date},gb-en,${k.keyword},${position},${url}`);
        position += 1;
      }
      lines.push(`${date},gb-en,${k.keyword},${own},https://www.${OWN}/running/${i}`);
    }),
  );
  return `${lines.join('\n')}\n`;
}

/** The own domain's visibility score at the latest snapshot, by DESIGN §3. */
const expectedOwnScore = () =>
  keywords.reduce((sum, k, i) => sum + k.volume * CTR[ownPosition(i, DATES.length - 1) - 1]!, 0);

async function chartRows(page: Page, widget: string): Promise<string[][]> {
  return page.evaluate(
    (id) =>
      [...document.querySelectorAll(`table[data-chart-data="${id}"] tbody tr`)].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      ),
    widget,
  );
}

const r4 = (v: number) => String(Math.round(v * 10_000) / 10_000);
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

async function importSerps(context: BrowserContext, url: string, campaignId: number): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/imports?campaign=${campaignId}`);
  await page.getByRole('form', { name: 'Import files' }).waitFor();
  await page.locator('input[type=file]').setInputFiles({
    name: 'serps.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(serpCsv(), 'utf8'),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText(/Import #\d+ succeeded/).waitFor({ timeout: 60_000 });
  await screenshot(page, 'setup-04-import');
  await page.close();
}

describe('campaign set-up on an empty workspace', () => {
  it('goes from the welcome through the wizard to campaign visibility, then edits and deletes', async () => {
    const { url, adminEmail, adminPassword } = e2e.server;
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, url, adminEmail, adminPassword);

    // An empty workspace opens on the welcome, never on an empty chart.
    await page.goto(url);
    const welcome = page.getByTestId('welcome');
    await welcome.waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    await screenshot(page, 'setup-01-welcome');
    await welcome.getByRole('link', { name: 'New campaign' }).click();

    // Project, then market and name: the campaign is created and the address carries it.
    await page.getByLabel('Name of the new project').fill('E2E retail');
    await page.getByRole('button', { name: 'Create project and continue' }).click();
    const basics = page.getByRole('form', { name: 'Market and name' });
    await basics.getByLabel('Market').fill('gb-en');
    await basics.getByLabel('Campaign name').fill('E2E shoes');
    await screenshot(page, 'setup-02-market');
    await basics.getByRole('button', { name: 'Create campaign and continue' }).click();
    await page.waitForURL(/\/campaigns\/new\?campaign=\d+&step=2/);
    const campaignId = Number(new URL(page.url()).searchParams.get('campaign'));

    // 20 pasted keywords: volume, one of two tags, and one keyword group for all.
    await page
      .getByLabel('Keywords', { exact: true })
      .fill(keywords.map((k) => `${k.keyword}\t${k.volume}\t${k.tag}`).join('\n'));
    await page.getByLabel('Keyword group', { exact: true }).fill('Running');
    await page.getByTestId('paste-preview').getByText('20 keywords').waitFor();
    await screenshot(page, 'setup-03-keywords');
    await page.getByRole('button', { name: 'Add 20 keywords' }).click();
    await page.getByText('It now holds 20.').waitFor();

    // Search results for them, imported in another tab with the campaign preselected.
    await importSerps(context, url, campaignId);

    // Your domain, two typed competitors, and one from the suggestions.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Your domain', { exact: true }).fill(OWN);
    await page.getByRole('button', { name: 'Add your domain' }).click();
    await page.getByRole('button', { name: `Stop tracking ${OWN}` }).waitFor();
    for (const rival of TYPED) {
      await page.getByLabel('Competitor', { exact: true }).fill(rival);
      await page.getByRole('button', { name: 'Add competitor' }).click();
      await page.getByRole('button', { name: `Stop tracking ${rival}` }).waitFor();
    }
    await page.getByRole('button', { name: `Add ${SUGGESTED} as a competitor` }).click();
    await page.getByRole('button', { name: `Stop tracking ${SUGGESTED}` }).waitFor();
    await screenshot(page, 'setup-05-domains');

    // A domain group of the two typed rivals; the tags and the keyword group came with the paste.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add domain group' });
    await dialog.getByLabel('Group name').fill('Rivals');
    for (const rival of TYPED) await dialog.getByLabel(rival).check();
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('button', { name: 'Edit group Rivals' }).waitFor();
    await page.getByRole('button', { name: 'Rename tag brand' }).waitFor();
    await page.getByRole('button', { name: 'Rename tag generic' }).waitFor();
    await page.getByRole('button', { name: 'Rename keyword group Running' }).waitFor();
    await screenshot(page, 'setup-06-groups');

    // Rank checks are skipped; the wizard lands on campaign visibility.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    await screenshot(page, 'setup-07-rank-checks');
    let domainsUrl: string | null = null;
    page.on('request', (req) => {
      if (/\/api\/v3\/campaign-visibility\/\d+\/domains\?/.test(req.url())) domainsUrl = req.url();
    });
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(`${url}/${campaignId}/competitive-analysis/cv`);
    const share = page.locator('[data-widget="share-of-visibility"]');
    await poll(() => share.getAttribute('data-state')).toBe('ready');
    await page.waitForLoadState('networkidle');
    expect(domainsUrl).not.toBeNull();
    const api = (await (await page.request.get(domainsUrl!)).json()) as {
      items: { key: string; share: number; visibility: number; visibilityScore: number }[];
    };
    const shown = await chartRows(page, 'share-of-visibility');
    expect(shown).toEqual(
      api.items.map((t) => [t.key, r4(t.share), r4(t.visibility), r4(t.visibilityScore)]),
    );
    // Four domains and the group (keyed by its id).
    expect(shown.map((r) => r[0])).toEqual(expect.arrayContaining([OWN, ...TYPED, SUGGESTED]));
    expect(shown).toHaveLength(5);
    const own = api.items.find((t) => t.key === OWN)!;
    expect(own.visibilityScore).toBeCloseTo(expectedOwnScore(), 2);
    await screenshot(page, 'setup-08-campaign-visibility');

    // The campaign page: rename the group, remove a competitor, then delete the campaign.
    await page.goto(`${url}/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Edit group Rivals' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit domain group' });
    await edit.getByLabel('Group name').fill('Main rivals');
    await edit.getByRole('button', { name: 'Save group' }).click();
    await page.getByRole('button', { name: 'Edit group Main rivals' }).waitFor();
    await page.getByRole('button', { name: `Stop tracking ${TYPED[1]}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove tracked domain' })
      .getByRole('button', { name: 'Remove domain' })
      .click();
    await poll(() => page.getByRole('button', { name: `Stop tracking ${TYPED[1]}` }).count()).toBe(0);
    const detail = (await (await page.request.get(`${url}/api/v1/campaigns/${campaignId}`)).json()) as {
      domains: { value: string }[];
      domainGroups: { label: string }[];
      keywords: number;
      tags: { tag: string }[];
      groups: { group: string }[];
    };
    expect(detail.domains.map((d) => d.value).sort()).toEqual([OWN, TYPED[0], SUGGESTED].sort());
    expect(detail.domainGroups.map((g) => g.label)).toEqual(['Main rivals']);
    expect(detail.keywords).toBe(20);
    expect(detail.tags.map((t) => t.tag).sort()).toEqual(['brand', 'generic']);
    expect(detail.groups.map((g) => g.group)).toEqual(['Running']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'setup-09-campaign-page');
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 390, height: 844 });
    await narrow.goto(`${url}/campaigns/${campaignId}`);
    await narrow.getByRole('button', { name: 'Edit group Main rivals' }).waitFor();
    await screenshot(narrow, 'setup-09-campaign-page-390');
    await narrow.goto(`${url}/campaigns/new?campaign=${campaignId}&step=2`);
    await narrow.getByLabel('Keywords', { exact: true }).waitFor();
    await screenshot(narrow, 'setup-03-keywords-390');
    await narrow.close();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete campaign “E2E shoes”?' });
    await confirm.getByRole('button', { name: 'Delete campaign' }).click();
    await page.waitForURL(`${url}/campaigns`);
    const left = (await (await page.request.get(`${url}/api/v1/campaigns`)).json()) as {
      items: { id: number }[];
    };
    expect(left.items.map((c) => c.id)).not.toContain(campaignId);
    await screenshot(page, 'setup-10-deleted');

    // Every change is in the audit log, with who did it.
    await page.goto(`${url}/admin/audit`);
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.waitFor();
    for (const text of [
      'created project "E2E retail"',
      'created campaign "E2E shoes"',
      'deleted campaign "E2E shoes"',
      `stopped tracking ${TYPED[1]}`,
    ]) {
      await log.getByText(text, { exact: false }).first().waitFor();
    }
    expect(await log.getByText(adminEmail).count()).toBeGreaterThan(5);
    await screenshot(page, 'setup-11-audit-log');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads and sends a 100,000-line paste without freezing the page, and scrolls the whole list', async () => {
    const { url, adminEmail, adminPassword } = e2e.server;
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, url, adminEmail, adminPassword);
    const me = (await (await page.request.get(`${url}/api/v1/me`)).json()) as { csrfToken: string };
    const headers = { 'x-csrf-token': me.csrfToken, origin: url };
    const project = (await (
      await page.request.post(`${url}/api/v1/projects`, { headers, data: { name: 'E2E bulk' } })
    ).json()) as { id: number };
    const campaign = (await (
      await page.request.post(`${url}/api/v1/campaigns`, {
        headers,
        data: { projectId: project.id, name: 'E2E 100k', market: 'us-en' },
      })
    ).json()) as { id: number };
    await page.goto(`${url}/campaigns/new?campaign=${campaign.id}&step=2`);
    const box = page.getByLabel('Keywords', { exact: true });
    await box.waitFor();
    // Long tasks (main thread busy > 50 ms) from here on: the page must stay responsive while it reads.
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => w.longTasks.push(e.duration)),
      ).observe({
        type: 'longtask',
      });
    });
    const lines = Array.from({ length: 100_000 }, (_, i) => `bulk keyword ${i}\t${i % 5000}\tt${i % 7}`);
    // As a paste arrives: the whole text in one input event (typing it through fill() would take minutes).
    await box.evaluate((el, text) => {
      const textarea = el as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, text);
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    }, lines.join('\n'));
    await page.getByTestId('paste-preview').getByText('100,000 keywords').waitFor({ timeout: 60_000 });
    const longest = await page.evaluate(() =>
      Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks),
    );
    console.log(`100,000-line paste: longest main-thread task while reading ${longest.toFixed(0)} ms`);
    expect(longest).toBeLessThan(1_000);
    await page.getByRole('button', { name: 'Add 100,000 keywords' }).click();
    await page.getByText('It now holds 100,000.').waitFor({ timeout: 300_000 });
    const table = page.getByRole('table', { name: 'Keywords of E2E 100k' });
    await table.locator('tr[aria-rowindex="2"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'setup-12-bulk-paste');

    // The list is virtualised over the server's pages: its end is reached by scrolling, row by row on demand.
    expect(await table.locator('tbody tr').count()).toBeLessThan(100);
    await table.evaluate((t) => {
      const viewport = t.closest('.mantine-ScrollArea-viewport')!;
      viewport.scrollTop = viewport.scrollHeight;
    });
    await table.locator('tr[aria-rowindex="100001"]').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
