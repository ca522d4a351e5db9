// The web app, evaluated by the entry (app/early-boot.ts) once the early requests are out: the screen's code
// download first (it acts on import, before the rest of the bundle is evaluated), global styles, then the app
// into #root — or, on /print/reports/{id}, a generated report's print page, and on /shared/dashboard/{token}
// a dashboard share link's page.
import './app/screen-boot';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { SHARED_DASHBOARD_PATH, SharedDashboardApp } from './features/dashboard/SharedDashboardApp';
import { PRINT_PATH, PrintReportApp } from './features/reports/print/PrintReportApp';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A generated report's print page stands alone: no shell, no session gate (the server's Chromium reads it
// with a render token).
const print = PRINT_PATH.exec(window.location.pathname);
// So does a dashboard share link's page, opened without an account.
const shared = SHARED_DASHBOARD_PATH.exec(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    {print ? (
      <PrintReportApp
        generatedId={Number(print[1])}
        capture={new URLSearchParams(window.location.search).get('mode') === 'capture'}
      />
    ) : shared ? (
      <SharedDashboardApp token={shared[1]!} />
    ) : (
      <App />
    )}
  </StrictMode>,
);
