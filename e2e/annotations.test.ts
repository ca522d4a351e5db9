// End-to-end: annotations in Chromium against the real server and its demo workspace. A signed-in analyst
// adds an annotation in a demo campaign's Annotations panel on one of its point dates, then sees it as a
// labelled line on the campaign-visibility screen's "Visibility over time" chart.
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { signedInPage, useServerAndBrowser } from './support/harness';

const e2e = useServerAndBrowser({ demoKeywords: 1500 });

describe('annotations in Chromium', () => {
  it('adds an annotation on the campaign page and shows it on the visibility chart', async () => {
    const { context, page, errors } = await signedInPage(e2e, { viewport: { width: 1400, height: 1000 } });

    const campaigns = (await (await page.request.get(`${e2e.server.url}/api/v1/campaigns`)).json()) as {
      items: { id: number }[];
    };
    const id = campaigns.items[0]!.id;
    // The chart's point dates: the screen's own request for the domains' series.
    let domainsUrl: string | null = null;
    page.on('request', (req) => {
      if (/\/api\/v3\/campaign-visibility\/\d+\/domains/u.test(req.url())) domainsUrl = req.url();
    });
    await page.goto(`${e2e.server.url}/${id}/competitive-analysis/cv`);
    const widget = page.locator('[data-widget="visibility"]');
    await expect.poll(() => widget.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    const { dates } = (await (await page.request.get(domainsUrl!)).json()) as { dates: string[] };
    expect(dates.length).toBeGreaterThan(2);
    const day = dates[Math.floor(dates.length / 2)]!;

    await page.goto(`${e2e.server.url}/campaigns/${id}`);
    const form = page.getByRole('form', { name: 'Add an annotation' });
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Title').fill('E2E site migration');
    await form.getByLabel('Note').fill('Moved to HTTPS');
    await form.getByRole('button', { name: 'Add annotation' }).click();
    await page.getByRole('table', { name: 'Annotations' }).getByText('E2E site migration').waitFor();

    await page.goto(`${e2e.server.url}/${id}/competitive-analysis/cv`);
    await expect.poll(() => widget.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await expect
      .poll(() => widget.locator('svg text', { hasText: 'E2E site migration' }).count(), { timeout: 20_000 })
      .toBe(1);
    await widget.scrollIntoViewIfNeeded();
    await screenshot(page, 'annotations-cv-chart');
    expect(errors).toEqual([]);
    await context.close();
  });
});
