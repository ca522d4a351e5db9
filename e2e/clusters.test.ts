// End-to-end: the content-cluster screens in Chromium against the real server and its demo workspace. The
// admin (who holds ROLE_MS_ALL) follows the visibility explorer's link to "Optimise existing content": the
// first request of a fresh server starts the market's clustering job, so the screen gets a 202 and shows the
// progress bar, then the table. For a host with clusters (found through the API, now cached) the table's first
// rows equal the API's, a cluster's keywords open from the keyboard, and the CSV has a BOM, the header and one
// line per cluster keyword. Then the same for "New content suggestions".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

interface ClusterPage {
  status: string;
  total: number;
  items: { hub: string; searchVolume: number; keywords: unknown[] }[];
}

/** The API's answer once the job is done (polling through its 202s). */
async function clusters(page: Page, kind: string, query: string): Promise<ClusterPage> {
  for (;;) {
    const res = await page.request.get(`${e2e.server.url}/api/marketshare/${kind}/cluster/data?${query}`);
    const body = (await res.json()) as ClusterPage;
    if (res.status() === 200) return body;
    expect(res.status()).toBe(202);
    await page.waitForTimeout(250);
  }
}

/** Every cluster of the list (all pages), for the CSV line count. */
async function allClusters(page: Page, kind: string, query: string): Promise<ClusterPage['items']> {
  const out: ClusterPage['items'] = [];
  for (let p = 1; ; p++) {
    const body = await clusters(page, kind, `${query}&limit=500&page=${p}`);
    out.push(...body.items);
    if (out.length >= body.total) return out;
  }
}

async function checkCsv(page: Page, kind: string, query: string): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export clusters (CSV)' }).click(),
  ]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .subarray(3)
    .toString('utf8')
    .split(/\r\n/)
    .filter((l) => l !== '');
  expect(lines[0]).toMatch(/^Cluster,Keyword,Search volume,/);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${kind}-content-clusters-`));
  const members = (await allClusters(page, kind, query)).reduce((n, c) => n + c.keywords.length, 0);
  expect(lines.length - 1).toBe(members);
}

/** The hubs of the table's first rows, read from their expand buttons. */
async function tableHubs(page: Page, table: string, n: number): Promise<string[]> {
  const buttons = page.getByRole('table', { name: table, exact: true }).getByRole('button');
  const labels = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.slice(0, n).map((l) => l.replace(/^Show the keywords of /, ''));
}

describe('content clusters in Chromium', () => {
  it('opens both screens, waits through the progress bar, matches the API and downloads the CSVs', async () => {
    const context = await e2e.browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1400, height: 1000 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const statuses: number[] = [];
    page.on('response', (r: Response) => {
      if (r.url().includes('/api/marketshare/existing/cluster/data')) statuses.push(r.status());
    });
    await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
    const market = (
      (await (await page.request.get(`${e2e.server.url}/api/v1/markets`)).json()).items as {
        code: string;
      }[]
    )[0]!.code;
    const candidates = (
      (await (
        await page.request.get(
          `${e2e.server.url}/api/v3/public/visibility-explorer/autocomplete?market=${market}&q=.co&limit=20`,
        )
      ).json()) as { items: { value: string; kind: string }[] }
    ).items
      .filter((s) => s.kind === 'domain')
      .map((s) => s.value);
    expect(candidates.length).toBeGreaterThan(0);

    // The explorer's link opens the screen; the fresh server has no clusters yet: 202 and the progress bar.
    await page.goto(`${e2e.server.url}/${candidates[0]}/${market}/competitive-analysis/ve`);
    await page.getByRole('link', { name: 'Optimise existing content' }).click();
    await page.waitForURL(`**/marketshare/existing/cluster?host=${candidates[0]}&market=${market}&time=year`);
    await page.getByRole('heading', { name: `Optimise existing content: ${candidates[0]}` }).waitFor();
    await page
      .getByRole('table', { name: 'Clusters to optimise' })
      .or(page.getByText('No clusters for this host'))
      .waitFor({ timeout: 60_000 });
    expect(statuses[0]).toBe(202);
    expect(statuses[statuses.length - 1]).toBe(200);

    // A host with clusters in both lists (the clusters are cached now, so each answer is immediate).
    let host: string | null = null;
    for (const c of candidates) {
      const q = `market=${market}&host=${c}`;
      if ((await clusters(page, 'existing', q)).total > 0 && (await clusters(page, 'new', q)).total > 0) {
        host = c;
        break;
      }
    }
    expect(host).not.toBeNull();
    const query = `market=${market}&host=${host}&time=year`;

    // Through the form: the host typed in, the table drawn, its first rows those of the API.
    const box = page.getByRole('combobox', { name: 'Domain, host or host with a path' });
    await box.fill(host!);
    await box.press('Escape');
    await page.getByRole('button', { name: 'Show clusters' }).click();
    await page.getByRole('heading', { name: `Optimise existing content: ${host}` }).waitFor();
    const existing = await clusters(page, 'existing', query);
    const first = existing.items.slice(0, 3).map((c) => c.hub);
    await expect.poll(() => tableHubs(page, 'Clusters to optimise', 3), { timeout: 20_000 }).toEqual(first);
    const hub = page.getByRole('button', { name: `Show the keywords of ${first[0]}` });
    await hub.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: `Keywords of ${first[0]}` }).waitFor();
    await screenshot(page, 'clusters-existing');
    await checkCsv(page, 'existing', query);

    await page.getByRole('link', { name: 'New content suggestions' }).click();
    await page.getByRole('heading', { name: `New content suggestions: ${host}` }).waitFor();
    const fresh = await clusters(page, 'new', query);
    const firstNew = fresh.items.slice(0, 3).map((c) => c.hub);
    await expect
      .poll(() => tableHubs(page, 'Clusters to write for', 3), { timeout: 20_000 })
      .toEqual(firstNew);
    await screenshot(page, 'clusters-new');
    await checkCsv(page, 'new', query);
    expect(errors).toEqual([]);
    await context.close();
  });
});
