// The print page of a generated report (/print/reports/{id}), opened by the server's own Chromium with a
// render token — or by a user from the generated reports list, with their session. `?mode=capture` draws the
// report live from its spec and records every answer its widgets read (the server stores them as the data
// snapshot); otherwise it fetches the snapshot and answers every read from it, so the page shows exactly the
// stored data. <body data-report-state> turns ready once no widget is loading and no read is in flight for
// SETTLE_MS, or failed (with data-report-error) when a widget or the snapshot failed.
import { useEffect, useState } from 'react';
import { Alert, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { reportSnapshot, reportSpec } from '@contracts/generated-reports';
import type { ReportSpec } from '@contracts/generated-reports';
import { apiRequest, describeError } from '../../../api/client';
import { startCapture, startReplay } from '../../../api/snapshot-transport';
import { theme } from '../../../app/theme';
import { ReportDocument } from '../document/ReportDocument';

/** Milliseconds with nothing loading before the page counts as drawn (a widget's second read follows its first within a few ms). */
const SETTLE_MS = 600;
const POLL_MS = 100;

export const PRINT_PATH = /^\/print\/reports\/(\d+)\/?$/;

function markState(state: 'ready' | 'failed', error?: string) {
  if (error !== undefined) document.body.dataset.reportError = error;
  document.body.dataset.reportState = state;
}

function SettleWatcher() {
  const client = useQueryClient();
  useEffect(() => {
    let quietSince: number | null = null;
    const timer = setInterval(() => {
      const failed = [...document.querySelectorAll<HTMLElement>('[data-state="error"]')].map(
        (e) => e.dataset.widget ?? 'a widget',
      );
      if (failed.length > 0) {
        clearInterval(timer);
        const reason = document.querySelector('[data-state="error"]')?.textContent?.slice(0, 300) ?? '';
        markState('failed', `${failed.join(', ')} could not be drawn: ${reason}`);
        return;
      }
      const busy =
        document.querySelector('[data-state="loading"], [aria-busy="true"]') !== null ||
        client.isFetching() > 0;
      const now = Date.now();
      if (busy) quietSince = null;
      else if (quietSince === null) quietSince = now;
      else if (now - quietSince >= SETTLE_MS) {
        clearInterval(timer);
        markState('ready');
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [client]);
  return null;
}

function PrintReport({ generatedId, capture }: { generatedId: number; capture: boolean }) {
  const [spec, setSpec] = useState<ReportSpec | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const base = `/api/v1/generated-reports/${generatedId}`;
    const load = capture
      ? apiRequest(`${base}/spec`, { schema: reportSpec }).then((s) => {
          startCapture();
          return s;
        })
      : apiRequest(`${base}/snapshot`, { schema: reportSnapshot }).then((s) => {
          startReplay(s.responses);
          return s.spec;
        });
    load.then(
      (s) => current && setSpec(s),
      (e: unknown) => {
        if (!current) return;
        const message = describeError(e);
        setError(message);
        markState('failed', message);
      },
    );
    return () => {
      current = false;
    };
  }, [generatedId, capture]);
  if (error !== null) {
    return (
      <Alert color="red" title="The report could not be drawn" m="md">
        {error}
      </Alert>
    );
  }
  if (spec === null) return null;
  // Chromium writes the page title into the PDF's information dictionary.
  document.title = spec.title;
  return (
    <>
      <ReportDocument spec={spec} />
      <SettleWatcher />
    </>
  );
}

export function PrintReportApp({ generatedId, capture }: { generatedId: number; capture: boolean }) {
  // Nothing is read twice or retried: the page is drawn once, from one set of answers.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <main style={{ maxWidth: 960, margin: '0 auto', padding: 16, background: 'white' }}>
          <PrintReport generatedId={generatedId} capture={capture} />
        </main>
      </QueryClientProvider>
    </MantineProvider>
  );
}
