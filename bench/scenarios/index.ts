// The bench scenarios by name. A scenario either measures the demo workspace (built once per run and shared)
// or sets up what it needs itself; it returns one or more tables for the console and bench/RESULTS.md.
import type { Table } from '../lib/table';
import type { DemoSize, Workspace } from '../lib/workspace';
import { cvScenario } from './cv';
import { demoTable } from './demo';

export interface BenchOptions {
  size: DemoSize;
  runs: number;
  warmups: number;
  /** Plain-PostgreSQL twins run when set (BENCH_POSTGRES_URL). */
  postgresUrl: string | undefined;
  /** Server backends (BENCH_CLICKHOUSE_URL, BENCH_CLICKHOUSE_CLUSTER) measured when set. */
  clickhouseUrl: string | undefined;
  clickhouseCluster: string | undefined;
}

export interface Scenario {
  /** True when the scenario reads the shared demo workspace. */
  needsWorkspace: boolean;
  run: (ws: Workspace | null, opts: BenchOptions) => Promise<Table[]>;
}

function withWorkspace(ws: Workspace | null): Workspace {
  if (ws === null) throw new Error('this scenario needs the demo workspace');
  return ws;
}

export const SCENARIOS: Record<string, Scenario> = {
  demo: { needsWorkspace: true, run: async (ws) => [demoTable(withWorkspace(ws))] },
  cv: { needsWorkspace: true, run: async (ws, o) => [await cvScenario(withWorkspace(ws), o)] },
};
