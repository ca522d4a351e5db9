// End-to-end: the real server with a small demo workspace, driven in Debian's Chromium. Signs in as the
// admin, walks every visible section of the sidebar (each must render its heading and no error), checks that
// a user without ROLE_REPORTS sees no reporting section, and signs out.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signIn } from './support/browser';
import { useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

const signInAs = (page: Page, email: string, password: string) =>
  signIn(page, e2e.server.url, email, password);

async function navLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  return (await links.allInnerTexts()).map((t) => t.replace(/\s*new\s*$/i, '').trim());
}

describe('app shell', () => {
  it('signs in, walks every visible section, and signs out', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAs(page, e2e.server.adminEmail, e2e.server.adminPassword);

    const labels = await navLabels(page);
    expect(labels).toEqual(
      expect.arrayContaining(['Dashboard', 'Campaigns', 'Users and roles', 'Report Creation']),
    );
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [i, label] of labels.entries()) {
      await nav.getByRole('link', { name: label }).first().click();
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      await expect.poll(() => page.getByText(/something went wrong|failed to load/i).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `shell-${i}-${label.toLowerCase().replace(/\W+/g, '-')}`);
    }

    // The dashboard shows the demo workspace's real counts.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => page.getByText('gb-en').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const me = await page.request.get(`${e2e.server.url}/api/v1/me`);
    expect(me.status()).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hides reporting from a user without ROLE_REPORTS', async () => {
    const admin = await e2e.browser.newContext();
    const page = await admin.newPage();
    await signInAs(page, e2e.server.adminEmail, e2e.server.adminPassword);
    const me = (await (await page.request.get(`${e2e.server.url}/api/v1/me`)).json()) as {
      csrfToken: string;
    };
    const invite = await page.request.post(`${e2e.server.url}/api/v1/admin/invitations`, {
      headers: { 'X-CSRF-Token': me.csrfToken, Origin: e2e.server.url },
      data: { email: 'analyst@example.com', roles: ['ROLE_CV', 'ROLE_VE'] },
    });
    expect(invite.status()).toBe(201);
    const { inviteUrl } = (await invite.json()) as { inviteUrl: string };
    await admin.close();

    const ctx = await e2e.browser.newContext();
    const guest = await ctx.newPage();
    // Without PUBLIC_URL the server answers the link as a path; the web app completes it (InviteModal).
    expect(inviteUrl).toMatch(/^\/invite\//);
    await guest.goto(`${e2e.server.url}${inviteUrl}`);
    await guest.getByLabel(/^Your name/).fill('Ana Lyst');
    await guest.getByLabel(/^Password/).fill('analyst-password-0001');
    await guest.getByLabel(/^Repeat password/).fill('analyst-password-0001');
    await guest.getByRole('button', { name: /create account|accept|join/i }).click();
    await guest.getByRole('navigation', { name: 'Main' }).waitFor();
    const labels = await navLabels(guest);
    expect(labels).not.toContain('Report Creation');
    expect(labels).not.toContain('Users and roles');
    expect(await guest.getByRole('navigation', { name: 'Main' }).getByText('Reporting').count()).toBe(0);
    const reports = await guest.request.get(`${e2e.server.url}/api/v1/reports`);
    expect(reports.status()).toBe(403);
    await guest.waitForLoadState('networkidle');
    await screenshot(guest, 'shell-analyst-without-reports');
    await ctx.close();
  });
});
