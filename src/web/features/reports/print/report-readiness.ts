// When a report's print page counts as drawn, for the server's Chromium to read or print it: every widget
// block has drawn its data — no widget loading (data-state="loading", aria-busy) and every chart drawn
// (EChart marks data-chart-state="pending" until ECharts has drawn it) — and no read is in flight, for a few
// checks in a row (a widget's second read starts in an effect right after its first answer is drawn). A widget
// in error, or one whose scope could not be read (an alert in its block), fails the page with the reason.
// The state is <body data-report-state="ready|failed">.
import { replayMisses } from '../../../api/snapshot-transport';

/** Milliseconds between checks. */
const CHECK_MS = 16;
/** Checks in a row with everything drawn before the page counts as ready (about 50 ms). */
const SETTLED_CHECKS = 3;
const BUSY = '[data-state="loading"], [aria-busy="true"], [data-chart-state="pending"]';

export function markReportState(state: 'ready' | 'failed', error?: string): void {
  if (error !== undefined) document.body.dataset.reportError = error;
  document.body.dataset.reportState = state;
}

/** Before the page draws again (from the snapshot), it is neither ready nor failed. */
export function clearReportState(): void {
  delete document.body.dataset.reportState;
  delete document.body.dataset.reportError;
}

/** The widgets in error (their own, or their scope's: the campaign could not be read) and why, or null. */
function failure(): string | null {
  const missing = replayMisses();
  if (missing.length > 0) return `the report's data snapshot has no answer for ${missing.join(', ')}`;
  const failed = [
    ...document.querySelectorAll<HTMLElement>('[data-state="error"], [data-report-block] [role="alert"]'),
  ];
  if (failed.length === 0) return null;
  const names = failed.map(
    (e) =>
      e.dataset.widget ?? e.closest<HTMLElement>('[data-report-widget]')?.dataset.reportWidget ?? 'a widget',
  );
  return `${[...new Set(names)].join(', ')} could not be drawn: ${failed[0]!.textContent?.slice(0, 300) ?? ''}`;
}

/** Whether every widget block of the document has drawn its data. */
function blocksDrawn(): boolean {
  const document_ = document.querySelector('[data-report-document]');
  if (document_ === null) return false;
  const blocks = document_.querySelectorAll('[data-report-block="widget"]');
  return [...blocks].every((b) => b.childElementCount > 0 && b.querySelector(BUSY) === null);
}

/** Watches the page until it is ready or failed and marks it; the returned function stops watching. */
export function watchReadiness(fetching: () => boolean): () => void {
  let settled = 0;
  const timer = setInterval(() => {
    const failed = failure();
    if (failed !== null) {
      clearInterval(timer);
      markReportState('failed', failed);
      return;
    }
    settled = blocksDrawn() && !fetching() ? settled + 1 : 0;
    if (settled >= SETTLED_CHECKS) {
      clearInterval(timer);
      markReportState('ready');
    }
  }, CHECK_MS);
  return () => clearInterval(timer);
}
