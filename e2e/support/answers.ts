// What several end-to-end files read the screens' answers with: the last API answer a page received, a
// direct GET as the signed-in page, and the numbers formatted as the en-GB screens print them.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

/** A number as the screens print it in en-GB, with at most `digits` decimals. */
export const en = (v: number, digits = 1) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits }).format(v);

/** A percentage (0–100) as the screens print it, with one decimal. */
export const pct = (v: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(v / 100);

/** The last 200 answer of an API path the page received, with the address it asked. */
export function record<T>(page: Page, path: RegExp): { last: { url: URL; body: T } | null } {
  const seen: { last: { url: URL; body: T } | null } = { last: null };
  page.on('response', (res) => {
    if (!path.test(res.url()) || res.status() !== 200) return;
    void res
      .json()
      .then((body: T) => {
        seen.last = { url: new URL(res.url()), body };
      })
      .catch(() => undefined);
  });
  return seen;
}

/** GET `path` on `origin` as the page's signed-in user; fails the test unless the answer is 200. */
export async function apiGet<T>(page: Page, origin: string, path: string): Promise<T> {
  const res = await page.request.get(`${origin}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}
