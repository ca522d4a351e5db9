// The web app, evaluated by the entry (app/early-boot.ts) once the early requests are out: the screen's code
// download first (it acts on import, before the rest of the bundle is evaluated), global styles, then the app
// into #root.
import './app/screen-boot';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
