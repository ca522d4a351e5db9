// The web app's entry (index.html loads only this module): sends the early requests of the address, and on a
// campaign-visibility address the widgets' first reads as soon as the filter options and widgets config
// answer, then evaluates the app (main.tsx). The app comes second because evaluating its bundle holds the
// main thread for ≈350 ms on a 2-core machine: answers arriving meanwhile would wait unread, and the reads
// that depend on them would leave only afterwards. The app waits at most FIRST_READS_WAIT_MS for them.
import { startEarlyRequests } from './early-requests';

/** Milliseconds the app's evaluation waits for the first reads to leave before starting anyway. */
const FIRST_READS_WAIT_MS = 400;

const { campaign } = startEarlyRequests(window.location.pathname);
const firstReads =
  campaign === null
    ? Promise.resolve()
    : Promise.race([
        import('../features/campaign-visibility/first-reads').then((m) => m.sendFirstReadsEarly(campaign)),
        new Promise<void>((resolve) => setTimeout(resolve, FIRST_READS_WAIT_MS)),
      ]);
void firstReads.catch(() => undefined).then(() => import('../main'));
