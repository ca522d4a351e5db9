// The print page of a generated report (/print/reports/{id}), opened by the server's own Chromium with a
// render token — or by a user from the generated reports list, with their session. `?mode=capture` draws the
// report live from its spec and records every answer its widgets read (the server stores them as the data
// snapshot), then the server hands the stored snapshot back through `window.__sightlineReplay` and the page
// draws itself again from it, without loading again; otherwise it fetches the snapshot and answers every read
// from it, so the page shows exactly the stored data. <body data-report-state> turns ready once every block
// has drawn its data (report-readiness.ts), or failed (with data-report-error) when a widget or the snapshot
// failed. Safe under StrictMode's doubled effects: a discarded effect's answer is ignored and nothing it
// started is left running.
import { useEffect, useState } from 'react';
import { Alert, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { reportSnapshot, reportSpec } from '@contracts/generated-reports';
import type { ReportSnapshot, ReportSpec } from '@contracts/generated-reports';
import { apiRequest, describeError } from '../../../api/client';
import { startCapture, startReplay } from '../../../api/snapshot-transport';
import { theme } from '../../../app/theme';
import { ReportDocument } from '../document/ReportDocument';
import { clearReportState, markReportState, watchReadiness } from './report-readiness';

export const PRINT_PATH = /^\/print\/reports\/(\d+)\/?$/;

/** The server's Chromium calls this with the stored snapshot once it has read the live answers. */
type ReplayHook = (snapshot: unknown) => void;
declare global {
  interface Window {
    __sightlineReplay?: ReplayHook;
  }
}

/** Nothing is read twice or retried: the page is drawn once per set of answers. */
const printClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } },
  });

function ReadinessWatcher() {
  const client = useQueryClient();
  useEffect(() => watchReadiness(() => client.isFetching() > 0), [client]);
  return null;
}

/** What the page draws: a spec and the query client its widgets read through (a new one per drawing). */
interface Drawing {
  spec: ReportSpec;
  client: QueryClient;
  /** Which drawing of the page this is (the replayed one remounts every widget). */
  key: number;
}

function useDrawing(
  generatedId: number,
  capture: boolean,
): { drawing: Drawing | null; error: string | null } {
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const base = `/api/v1/generated-reports/${generatedId}`;
    const replay = (s: ReportSnapshot) => {
      startReplay(s.responses);
      return s.spec;
    };
    const load = capture
      ? apiRequest(`${base}/spec`, { schema: reportSpec })
      : apiRequest(`${base}/snapshot`, { schema: reportSnapshot }).then(replay);
    load.then(
      (spec) => {
        if (!current) return;
        // Capture starts here, in the effect that draws, so a discarded effect records nothing.
        if (capture) startCapture();
        setDrawing({ spec, client: printClient(), key: 0 });
      },
      (e: unknown) => {
        if (!current) return;
        const message = describeError(e);
        setError(message);
        markReportState('failed', message);
      },
    );
    if (capture) {
      window.__sightlineReplay = (snapshot) => {
        const spec = replay(reportSnapshot.parse(snapshot));
        clearReportState();
        setDrawing((d) => ({ spec, client: printClient(), key: (d?.key ?? 0) + 1 }));
      };
    }
    return () => {
      current = false;
      delete window.__sightlineReplay;
    };
  }, [generatedId, capture]);
  return { drawing, error };
}

export function PrintReportApp({ generatedId, capture }: { generatedId: number; capture: boolean }) {
  const { drawing, error } = useDrawing(generatedId, capture);
  let body = null;
  if (error !== null) {
    body = (
      <Alert color="red" title="The report could not be drawn" m="md">
        {error}
      </Alert>
    );
  } else if (drawing !== null) {
    // Chromium writes the page title into the PDF's information dictionary.
    document.title = drawing.spec.title;
    // A new client per drawing: the replayed drawing reads nothing the live one cached.
    body = (
      <QueryClientProvider key={drawing.key} client={drawing.client}>
        <ReportDocument spec={drawing.spec} />
        <ReadinessWatcher />
      </QueryClientProvider>
    );
  }
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <main style={{ maxWidth: 960, margin: '0 auto', padding: 16, background: 'white' }}>{body}</main>
    </MantineProvider>
  );
}
