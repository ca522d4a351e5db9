// Steps and readings the Search Console and CTR-model end-to-end files share: connecting a service account
// and linking a property on the administration page, the figures a screen shows and the API requests it made
// (asked again outside the browser, with the page's session), and a campaign's CTR model.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The number a formatted figure shows (`12,345` → 12345, `3.4 %` → 3.4). */
export const figure = (text: string) => Number(text.replace(/[^\d.-]/gu, ''));

/** The last address the page asked matching `pattern`. */
export function lastRequest(page: Page, pattern: RegExp): { url: string | null } {
  const seen: { url: string | null } = { url: null };
  page.on('request', (req) => {
    if (pattern.test(req.url())) seen.url = req.url();
  });
  return seen;
}

/** The API's answer (200 expected) to the absolute `url`, asked again with the page's session. */
export async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Cell texts of a table's first body row. */
export async function firstRow(page: Page, table: string): Promise<string[]> {
  const row = page.getByRole('table', { name: table }).locator('tbody tr').first();
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

/** Sets a campaign's CTR model through the API with the page's session; the answer's status. */
export async function patchCtrModel(
  page: Page,
  server: string,
  id: number,
  ctrModel: string,
): Promise<number> {
  const me = await getJson<{ csrfToken: string }>(page, `${server}/api/v1/me`);
  const res = await page.request.patch(`${server}/api/v1/campaigns/${id}`, {
    headers: { 'x-csrf-token': me.csrfToken, origin: server },
    data: { ctrModel },
  });
  return res.status();
}

/** The id of the (last listed) campaign whose own tracked domains include `site`; 0 when none does. */
export async function campaignOwning(page: Page, server: string, site: string): Promise<number> {
  const campaigns = await getJson<{ items: { id: number }[] }>(page, `${server}/api/v1/campaigns`);
  let id = 0;
  for (const c of campaigns.items) {
    const d = await getJson<{ domains: { value: string; isOwn: boolean }[] }>(
      page,
      `${server}/api/v1/campaigns/${c.id}`,
    );
    if (d.domains.some((x) => x.isOwn && x.value.endsWith(site))) id = c.id;
  }
  return id;
}

/** Opens Administration → Users: its Search Console section. */
export async function searchConsoleSection(page: Page, server: string): Promise<Locator> {
  await page.goto(`${server}/admin/users`);
  const section = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Search Console' }) })
    .last();
  await section.getByRole('heading', { name: 'Search Console' }).waitFor();
  return section;
}

/**
 * Connects a service account by its JSON key in the section, links `property` of it and starts the backfill;
 * the table of linked properties, once it lists `property`.
 */
export async function connectAndLink(
  page: Page,
  section: Locator,
  key: string,
  email: string,
  property: string,
): Promise<Locator> {
  await section.getByText('Service-account key').click();
  await section.getByLabel('Service-account JSON key').fill(key);
  await section.getByRole('button', { name: 'Connect service account' }).click();
  const connections = section.getByRole('table', { name: 'Search Console connections' });
  await connections.getByText(email).waitFor();
  await expect.poll(() => connections.getByText('Ready').count()).toBe(1);
  await section.getByLabel('Connection', { exact: true }).click();
  await page.getByRole('option', { name: email }).click();
  await section.getByLabel('Property', { exact: true }).click();
  await page.getByRole('option', { name: property }).click();
  await section.getByRole('button', { name: 'Link and fetch 16 months' }).click();
  const links = section.getByRole('table', { name: 'Linked Search Console properties' });
  await links.getByText(property).waitFor();
  return links;
}

/** The server environment that sends its Google requests to the stand-in at `url`. */
export function standInEnv(url: string): Record<string, string> {
  return {
    GOOGLE_OAUTH_AUTH_URL: `${url}/auth`,
    GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
    SEARCH_CONSOLE_API_URL: url,
  };
}
