// Drives the system Chromium (playwright-core, /usr/bin/chromium) over the web app's print page of a
// generated report, authorised by a render token: in capture mode the page draws every widget live and hands
// back the answer of each read by address (the data snapshot); in render mode it draws the same widgets from
// a stored snapshot, reading nothing, and Chromium prints it to an A4 PDF. The page marks
// `data-report-state` on <body> as ready or failed (with the reason) once every read has settled.
import { chromium, type Browser, type Page } from 'playwright-core';

/** The flags the workplace's Chromium needs: no sandbox as root, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROMIUM_PATH = process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium';
/** Milliseconds a print page may take to settle before the run fails (a large report reads for seconds). */
export const PAGE_TIMEOUT_MS = 120_000;

export interface RenderTarget {
  /** The server's own origin, e.g. http://127.0.0.1:8080. */
  origin: string;
  generatedId: number;
  token: string;
}

export class ReportRenderer {
  private browser: Browser | null = null;

  private async page(target: RenderTarget): Promise<Page> {
    this.browser ??= await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
      headless: true,
    });
    const context = await this.browser.newContext({
      // A4 at 96 dpi less the print margins: the widgets lay out as they will print.
      viewport: { width: 1000, height: 1400 },
      extraHTTPHeaders: { Authorization: `Bearer ${target.token}` },
    });
    return context.newPage();
  }

  private async open(target: RenderTarget, mode: 'capture' | 'render'): Promise<Page> {
    const page = await this.page(target);
    await page.goto(`${target.origin}/print/reports/${target.generatedId}?mode=${mode}`, {
      timeout: PAGE_TIMEOUT_MS,
    });
    await page.waitForFunction(
      () => ['ready', 'failed'].includes(document.body.dataset.reportState ?? ''),
      undefined,
      { timeout: PAGE_TIMEOUT_MS, polling: 100 },
    );
    const state = await page.evaluate(() => [
      document.body.dataset.reportState,
      document.body.dataset.reportError,
    ]);
    if (state[0] === 'failed') throw new Error(`the print page failed: ${state[1] ?? 'no reason given'}`);
    return page;
  }

  /** Every answer the widgets read, by address (canonicalised by the caller). */
  async capture(target: RenderTarget): Promise<Record<string, unknown>> {
    const page = await this.open(target, 'capture');
    try {
      return await page.evaluate(
        () => (window as unknown as { __sightlineCapture: Record<string, unknown> }).__sightlineCapture,
      );
    } finally {
      await page.context().close();
    }
  }

  /** The PDF of the page drawn from the stored snapshot. */
  async pdf(target: RenderTarget): Promise<Uint8Array> {
    const page = await this.open(target, 'render');
    try {
      await page.emulateMedia({ media: 'print' });
      return await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '12mm', bottom: '14mm', left: '10mm', right: '10mm' },
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate:
          '<div style="font-size:8px;width:100%;text-align:center;color:#868e96"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      });
    } finally {
      await page.context().close();
    }
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    await b?.close();
  }
}
