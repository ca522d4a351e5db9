// The bench scenarios by name. A scenario either measures the demo workspace (built once per run and shared)
// or sets up what it needs itself; it returns one or more tables for the console and bench/RESULTS.md.
import type { Table } from '../lib/table';
import type { DemoSize, Workspace } from '../lib/workspace';
import { clustersScenario } from './clusters';
import { cvScenario } from './cv';
import { demoTable } from './demo';
import { firstStartScenario } from './first-start';
import { gscScenario } from './gsc';
import { importScenario } from './import';
import { leagueScenario } from './league';
import { loadScenario } from './load';
import { marketShareScenario } from './market-share';
import { rankingsScenario } from './rankings';
import { reportScenario } from './report';
import { tagMatrixScenario } from './tag-matrix';
import { import2gbScenario } from './import-2gb';
import { screenScenario } from './screen';
import { uploadScenario } from './upload';
import { veScenario } from './ve';

export interface BenchOptions {
  size: DemoSize;
  runs: number;
  warmups: number;
  /** Plain-PostgreSQL twins run when set (BENCH_POSTGRES_URL). */
  postgresUrl: string | undefined;
  /** Server backends (BENCH_CLICKHOUSE_URL, BENCH_CLICKHOUSE_CLUSTER) measured when set. */
  clickhouseUrl: string | undefined;
  clickhouseCluster: string | undefined;
  /** Folder that keeps the ve scenario's store between runs (--ve-store); a fresh temporary one otherwise. */
  veStore: string | undefined;
  /** Timed runs of each plain-PostgreSQL twin (slower than the endpoints, so fewer). */
  twinRuns: number;
  /** The demo workspace on PostgreSQL + ClickHouse, built on first call; null without both server URLs. */
  serverWorkspace: () => Promise<Workspace | null>;
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
  'first-start': { needsWorkspace: false, run: async (_, o) => [await firstStartScenario(o)] },
  cv: { needsWorkspace: true, run: async (ws, o) => [await cvScenario(withWorkspace(ws), o)] },
  league: { needsWorkspace: true, run: async (ws, o) => [await leagueScenario(withWorkspace(ws), o)] },
  load: { needsWorkspace: true, run: async (ws, o) => [await loadScenario(withWorkspace(ws), o)] },
  screen: { needsWorkspace: true, run: (ws, o) => screenScenario(withWorkspace(ws), o) },
  import: { needsWorkspace: false, run: (_, o) => importScenario(o) },
  'import-2gb': { needsWorkspace: false, run: async () => [await import2gbScenario()] },
  ve: { needsWorkspace: false, run: async (_, o) => [await veScenario(o)] },
  clusters: { needsWorkspace: false, run: async (_, o) => [await clustersScenario(o)] },
  'market-share': { needsWorkspace: false, run: async (_, o) => [await marketShareScenario(o)] },
  rankings: { needsWorkspace: false, run: async (_, o) => [await rankingsScenario(o)] },
  'tag-matrix': { needsWorkspace: false, run: async (_, o) => [await tagMatrixScenario(o)] },
  gsc: { needsWorkspace: false, run: async (_, o) => [await gscScenario(o)] },
  upload: { needsWorkspace: false, run: async () => [await uploadScenario()] },
  report: { needsWorkspace: true, run: (ws, o) => reportScenario(withWorkspace(ws), o) },
};
