// Launches Debian's Chromium through playwright-core with the flags this workplace needs (no sandbox as root,
// no background networking on a closed network) and saves screenshots under e2e/out/.
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
// The same flags as the server's own Chromium that prints generated reports.
import { CHROMIUM_FLAGS } from '@server/services/reports/report-renderer';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync('e2e/out', { recursive: true });
  const path = `e2e/out/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Signs in through the login screen and waits for the app's main navigation. */
export async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * A downloaded CSV's text without its byte-order mark; throws, naming the file, when the mark is missing
 * (a spreadsheet would then misread UTF-8).
 */
export async function downloadedCsv(download: Download): Promise<string> {
  const bytes = readFileSync((await download.path())!);
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf)
    throw new Error(`${download.suggestedFilename()} has no UTF-8 byte-order mark`);
  return bytes.subarray(3).toString('utf8');
}
