// Drives the system Chromium (playwright-core, /usr/bin/chromium) over the web app's print page of a
// generated report, authorised by a render token. One Chromium process serves every generation: launched on
// first use, relaunched if it died, closed with the server; each report gets its own browser context. A
// report's page is loaded once: in capture mode it draws every widget live and hands back the answer of each
// read by address (the data snapshot); the caller stores it and hands it back, and the page draws itself
// again from it, reading nothing, before Chromium prints it to an A4 PDF (a re-render opens the page in render
// mode, which draws from the stored snapshot at once). The page marks `data-report-state` on <body> as ready
// or failed (with the reason) once every block has drawn its data. The PDF's creation and modification dates
// are the period's last day, so the same snapshot always prints the same bytes.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
/** Milliseconds a print page may take to draw before the run fails (a large report reads for seconds). */
export const PAGE_TIMEOUT_MS = 120_000;

export interface RenderTarget {
  /** The server's own origin, e.g. http://127.0.0.1:8080. */
  origin: string;
  generatedId: number;
  token: string;
}

const PDF_OPTIONS = {
  format: 'A4',
  printBackground: true,
  margin: { top: '12mm', bottom: '14mm', left: '10mm', right: '10mm' },
  displayHeaderFooter: true,
  headerTemplate: '<span></span>',
  footerTemplate:
    '<div style="font-size:8px;width:100%;text-align:center;color:#868e96"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
} as const;

/**
 * Chromium dates a PDF when it prints it (`/CreationDate (D:20261128161249+00'00')`, and `/ModDate`): both
 * become `day` (YYYY-MM-DD) at midnight UTC. The stamp has the same length, so the file's offsets hold.
 */
export function stampPdfDates(pdf: Uint8Array, day: string): Uint8Array {
  const stamp = `D:${day.replaceAll('-', '')}000000+00'00'`;
  const text = Buffer.from(pdf).toString('latin1');
  const stamped = text.replace(
    /\/(CreationDate|ModDate) \(D:\d{14}[+-]\d{2}'\d{2}'\)/g,
    (_, key: string) => `/${key} (${stamp})`,
  );
  return new Uint8Array(Buffer.from(stamped, 'latin1'));
}

/** One report's page in its own browser context. */
export class RenderSession {
  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  /** Waits until the page has drawn (or failed, which throws with the page's reason). */
  private async drawn(): Promise<void> {
    await this.page.waitForFunction(
      () => ['ready', 'failed'].includes(document.body.dataset.reportState ?? ''),
      undefined,
      { timeout: PAGE_TIMEOUT_MS, polling: 'raf' },
    );
    const state = await this.page.evaluate(() => [
      document.body.dataset.reportState,
      document.body.dataset.reportError,
    ]);
    if (state[0] === 'failed') throw new Error(`the print page failed: ${state[1] ?? 'no reason given'}`);
  }

  async open(target: RenderTarget, mode: 'capture' | 'render'): Promise<void> {
    await this.page.goto(`${target.origin}/print/reports/${target.generatedId}?mode=${mode}`, {
      timeout: PAGE_TIMEOUT_MS,
    });
    await this.drawn();
  }

  /** Every answer the widgets read, by address (canonicalised by the caller). */
  capture(): Promise<Record<string, unknown>> {
    return this.page.evaluate(
      () => (window as unknown as { __sightlineCapture: Record<string, unknown> }).__sightlineCapture,
    );
  }

  /** Draws the page again from the stored snapshot (parsed from its canonical JSON), as render mode does. */
  async replay(snapshot: unknown): Promise<void> {
    await this.page.evaluate((s) => {
      const hook = (window as unknown as { __sightlineReplay?: (s: unknown) => void }).__sightlineReplay;
      if (hook === undefined) throw new Error('the print page cannot draw from a snapshot');
      hook(s);
    }, snapshot);
    await this.drawn();
  }

  /** The PDF of the page as drawn, dated `day`. */
  async pdf(day: string): Promise<Uint8Array> {
    await this.page.emulateMedia({ media: 'print' });
    return stampPdfDates(await this.page.pdf(PDF_OPTIONS), day);
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

/** The server's one Chromium. */
export class ReportRenderer {
  private browser: Promise<Browser> | null = null;
  private closed = false;

  private launch(): Promise<Browser> {
    if (this.closed) throw new Error('the server is stopping, so Chromium cannot open the report');
    if (this.browser === null) {
      const launching = chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_FLAGS,
        headless: true,
      });
      this.browser = launching;
      // A browser that crashed or failed to start is launched again at the next report.
      const forget = () => {
        if (this.browser === launching) this.browser = null;
      };
      launching.then((b) => b.on('disconnected', forget), forget);
    }
    return this.browser;
  }

  /** A new context and page for one report, on the running Chromium (started if it is not). */
  async session(target: RenderTarget): Promise<RenderSession> {
    const context = await (
      await this.launch()
    ).newContext({
      // A4 at 96 dpi less the print margins: the widgets lay out as they will print.
      viewport: { width: 1000, height: 1400 },
      extraHTTPHeaders: { Authorization: `Bearer ${target.token}` },
    });
    try {
      return new RenderSession(context, await context.newPage());
    } catch (err) {
      await context.close();
      throw err;
    }
  }

  /** Closes Chromium (server shutdown); no report starts after. */
  async close(): Promise<void> {
    this.closed = true;
    const b = this.browser;
    this.browser = null;
    await (await b?.catch(() => null))?.close();
  }
}
