// Child process of scenario `screen`: launches Chromium and draws each campaign's screen against the app the
// scenario serves (`base`), with the analyst's session cookie: per campaign the warm-ups, then `runs` draws
// in a context that already loaded the app interleaved with as many in a fresh context. Prints one JSON
// line (DriverOutput) on stdout; progress goes to stderr. A process of its own so that Playwright's client
// (its protocol traffic, the scripts it injects into every page) does not run on the server's event loop,
// where it stalled request handling by up to ~140 ms per page load.
// Usage: tsx screen-driver.ts '<DriverInput JSON>'
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { drawOnce, signedInContext, type Draw } from './screen-draw';

export interface DriverInput {
  base: string;
  cookie: string;
  campaigns: { id: number; label: string }[];
  warmups: number;
  runs: number;
}

export interface DriverOutput {
  chromium: string;
  results: { id: number; warm: Draw[]; cold: Draw[] }[];
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '') as DriverInput;
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const warmContext = await signedInContext(browser, input.base, input.cookie);
    const out: DriverOutput = { chromium: browser.version(), results: [] };
    for (const c of input.campaigns) {
      const url = `${input.base}/${c.id}/competitive-analysis/cv`;
      const result = { id: c.id, warm: [] as Draw[], cold: [] as Draw[] };
      for (let i = 0; i < input.warmups; i += 1) await drawOnce(warmContext, url, `${c.label} warm-up`);
      for (let i = 0; i < input.runs; i += 1) {
        result.warm.push(await drawOnce(warmContext, url, `${c.label} run ${i + 1}`));
        const coldContext = await signedInContext(browser, input.base, input.cookie);
        try {
          result.cold.push(await drawOnce(coldContext, url, `${c.label} cold run ${i + 1}`));
        } finally {
          await coldContext.close();
        }
      }
      out.results.push(result);
    }
    await warmContext.close();
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await browser?.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
