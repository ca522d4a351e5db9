// Scenario `demo`: how long seedDemoWorkspace takes to build the demo workspace at the requested size on the
// embedded stores, by phase. One run (n = 1): a second build at this size costs minutes and the figure is a
// throughput, not a latency. There is no PostgreSQL twin: the generator writes through the RankStore port.
import type { Table } from '../lib/table';
import type { Workspace } from '../lib/workspace';

export function demoTable(ws: Workspace): Table {
  const { summary } = ws;
  const rows = Object.entries(summary.timings).map(([phase, ms]) => [phase, String(ms)]);
  rows.push(['total (seedDemoWorkspace)', ws.seedMs.toFixed(0)]);
  const rate = summary.serpResults / (ws.seedMs / 1000);
  return {
    title: 'demo: demo workspace generation (embedded SQLite + DuckDB)',
    columns: ['phase', 'ms'],
    rows,
    notes: [
      `${summary.markets.length} markets, ${summary.keywords.toLocaleString('en')} keywords, ` +
        `${summary.serpResults.toLocaleString('en')} SERP results, ${summary.projects.length} campaigns ` +
        `(${summary.projects.map((p) => `${p.campaign}: ${p.keywords.toLocaleString('en')} keywords`).join(', ')}).`,
      `${Math.round(rate).toLocaleString('en')} SERP results per second overall; one run (n = 1).`,
      'No PostgreSQL twin: generation writes through the RankStore port only, so there is no plain-PostgreSQL equivalent to time.',
    ],
  };
}
