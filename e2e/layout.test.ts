// End-to-end: the shell follows the page, and every screen fits a laptop and a phone. Signs in (landing on the
// Visibility Explorer, spec §2/§9), opens the US personal-finance campaign by clicks and reads the header's
// project and market; then visits every screen of the navigation model — the sidebar's items and the route
// table's other screens, filled with the demo's values, so a new screen is swept without editing this file —
// at 1280 and 390 px, asserting no sideways scrolling and the header's controls inside the viewport. Saves
// campaign visibility at 1440, 1280 and 390 px under e2e/out/layout/ (printed) for a person to look at.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CampaignSummary } from '@contracts/workspace';
import { visibleNavigation } from '@core/navigation';
import type { Role } from '@core/roles';
import { BUILT_MODULES, REGISTERED_ROUTES } from '@web/app/built-modules';
import { navItemHref } from '@web/app/nav-href';
import { buildPath } from '@web/routes/match-route';
import { signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });
const SHOTS = resolve('e2e/out/layout');

/** The demo's US personal-finance campaign (spec'd in src/core/demo/stories.ts) and what pages need of it. */
interface Demo {
  roles: Role[];
  campaign: CampaignSummary;
  ownHost: string;
  marketName: string;
}

async function demo(page: Page): Promise<Demo> {
  const get = async (path: string) => (await page.request.get(`${e2e.server.url}${path}`)).json();
  const me = await get('/api/v1/me');
  const campaigns = (await get('/api/v1/campaigns')).items as CampaignSummary[];
  const campaign = campaigns.find((c) => c.name === 'US personal finance');
  if (!campaign) throw new Error(`no US personal finance campaign in ${campaigns.map((c) => c.name)}`);
  const detail = await get(`/api/v1/campaigns/${campaign.id}`);
  const markets = (await get('/api/v1/markets')).items as { code: string; name: string }[];
  return {
    roles: me.user.roles,
    campaign,
    ownHost: (detail.domains as { value: string; isOwn: boolean }[]).find((d) => d.isOwn)!.value,
    marketName: markets.find((m) => m.code === campaign.market)!.name,
  };
}

/** Every screen address of the app: the sidebar items the user sees, then the route table's other screens. */
function screens(d: Demo): string[] {
  const ctx = {
    projectId: d.campaign.projectId,
    market: d.campaign.market,
    host: d.ownHost,
    campaignId: String(d.campaign.id),
  };
  const sidebar = visibleNavigation(d.roles, BUILT_MODULES)
    .flatMap((s) => s.items)
    .map((item) => {
      const href = navItemHref(item, ctx, 'en_GB');
      if (href === null) throw new Error(`sidebar item ${item.id} has no address`);
      return href;
    });
  const values = {
    hosts: d.ownHost,
    market: d.campaign.market,
    time: 'year',
    campaignId: d.campaign.id,
    projectId: `ldx-${d.campaign.projectId}`,
    project: d.campaign.projectId,
  };
  const query = `?${new URLSearchParams({ host: d.ownHost, market: d.campaign.market, time: 'year' })}`;
  const routes = REGISTERED_ROUTES.filter(
    (r) => r.kind === 'screen' && r.name !== 'home' && (!r.requires || d.roles.includes(r.requires)),
  ).map((r) => buildPath(r, values) + (r.query ? query : ''));
  return [...new Set([...sidebar, ...routes])];
}

/**
 * What overflows: the document's width, every header control reaching past the viewport's edges, and every
 * card (Mantine Paper or Card, a campaign widget among them) whose content spills out of it sideways — the
 * competitors league's badge over its scores at 1280 px, which the document's width does not show.
 */
async function overflow(
  page: Page,
): Promise<{ viewport: number; document: number; header: string[]; cards: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const header = [...document.querySelectorAll('header :is(input, button, a)')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -0.5 || r.right > viewport + 0.5);
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent ?? el.tagName);
    const cards = [...document.querySelectorAll<HTMLElement>('.mantine-Paper-root, .mantine-Card-root')]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) =>
          `${el.getAttribute('data-widget') ?? el.querySelector('h1, h2, h3, h4')?.textContent ?? 'a card'} (${el.scrollWidth} px in ${el.clientWidth} px)`,
      );
    return { viewport, document: document.documentElement.scrollWidth, header, cards };
  });
}

/**
 * Opens an address and waits for its heading, its data and every campaign widget drawn, after scrolling to
 * the bottom so that what is drawn only near the viewport (the ranking tables) is there too.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
    scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-widget]')].every(
        (w) => w.getAttribute('data-state') !== 'loading',
      ),
    undefined,
    { timeout: 30_000 },
  );
}

async function signedIn(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, e2e.server.adminEmail, e2e.server.adminPassword);
  return { context, page };
}

describe('header and sidebar follow the page', () => {
  it('lands on the Visibility Explorer, and the US campaign shows its own project and market', async () => {
    const { context, page } = await signedIn(e2e.browser, 1440);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const d = await demo(page);
    // Spec §2/§9: sign-in opens Visibility → Visibility Explorer, on the current project's own site.
    await page.waitForURL(/\/competitive-analysis\/ve(\?|$)/u);
    await page.getByRole('heading', { level: 1, name: /^Visibility explorer/u }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Visibility Explorer' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // The header starts on the first project; the US campaign's address (a link, a bookmark) then opens
    // with the campaign's own project and market in the header.
    const header = page.locator('header');
    const project = header.getByLabel('Current project', { exact: true });
    await expect.poll(() => project.inputValue()).not.toBe('');
    expect(await project.inputValue()).not.toBe(d.campaign.projectName);
    await page.goto(`${e2e.server.url}/${d.campaign.id}/competitive-analysis/cv`);
    await page.getByRole('heading', { level: 1, name: /US personal finance/u }).waitFor();
    await expect.poll(() => project.inputValue(), { timeout: 20_000 }).toBe(d.campaign.projectName);
    expect(d.campaign.projectName).toBe('Clearpath Money');
    await expect.poll(() => header.getByLabel('Market', { exact: true }).inputValue()).toBe(d.marketName);

    // The explorer is a click away, on the campaign's own domain in its market.
    const explorer = nav.getByRole('link', { name: 'Visibility Explorer' });
    expect(await explorer.getAttribute('href')).toBe(
      `/${d.ownHost}/${d.campaign.market}/competitive-analysis/ve`,
    );
    await explorer.click();
    await page.getByRole('heading', { level: 1, name: `Visibility explorer: ${d.ownHost}` }).waitFor();
    expect(await header.getByLabel('Market', { exact: true }).inputValue()).toBe(d.marketName);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('layout at 1280 and 390 px', () => {
  it('saves campaign visibility at 1440, 1280, 1024 and 390 px, its header inside the viewport', async () => {
    mkdirSync(SHOTS, { recursive: true });
    console.log(`layout screenshots: ${SHOTS}`);
    // 1024 px (a small laptop, a tablet held sideways) sits between the header's layouts.
    for (const width of [1440, 1280, 1024, 390]) {
      const { context, page } = await signedIn(e2e.browser, width);
      const d = await demo(page);
      await open(page, `/${d.campaign.id}/competitive-analysis/cv`);
      await page.screenshot({ path: `${SHOTS}/cv-${width}.png`, fullPage: true });
      expect((await overflow(page)).header, `header at ${width} px`).toEqual([]);
      if (width === 390) {
        // The phone's header selects live in the navigation drawer: open it and look at them there.
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        for (const label of ['Current project', 'Market']) {
          const select = page.locator('nav').getByLabel(label, { exact: true }).first();
          // The drawer slides in: wait for it to settle before measuring.
          await expect.poll(async () => (await select.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
          const box = (await select.boundingBox())!;
          expect(box.x + box.width, label).toBeLessThanOrEqual(width);
        }
        await page.screenshot({ path: `${SHOTS}/cv-${width}-menu.png` });
        // The open menu covers the header's burger; its own closes it.
        await page.getByRole('button', { name: 'Close navigation' }).click();
        await page.getByRole('button', { name: 'Toggle navigation' }).click({ trial: true });
      }
      await context.close();
    }
  });

  for (const width of [1280, 390]) {
    it(`fits every screen at ${width} px without sideways scrolling`, { timeout: 600_000 }, async () => {
      const { context, page } = await signedIn(e2e.browser, width);
      const d = await demo(page);
      const paths = screens(d);
      const failures: string[] = [];
      for (const path of paths) {
        await open(page, path);
        const o = await overflow(page);
        if (o.document > o.viewport || o.header.length > 0 || o.cards.length > 0) {
          const name = path.replace(/\W+/gu, '-').replace(/^-|-$/gu, '') || 'root';
          await page.screenshot({ path: `${SHOTS}/overflow-${width}-${name}.png`, fullPage: true });
          failures.push(
            `${path}: document ${o.document} px in ${o.viewport} px; header off-screen: [${o.header}]; cards spilling: [${o.cards}]`,
          );
        }
      }
      console.log(`${paths.length} screens swept at ${width} px:\n${paths.join('\n')}`);
      expect(failures).toEqual([]);
      await context.close();
    });
  }
});
