// The machine a benchmark ran on, as RESULTS.md states it: CPU model and count, memory, OS, Node, the
// versions of the engines measured (DuckDB embedded in this process, the PostgreSQL and ClickHouse servers
// when reachable), and the load average when the run started, which says whether other work shared the CPUs.
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  duckdb: string;
  postgres: string;
  clickhouse: string;
  /** 1-minute load average when the run started (runnable processes, averaged). */
  loadAverage: number;
}

async function duckdbVersion(): Promise<string> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll('SELECT version() AS v');
    return String(reader.getRowObjects()[0]!.v);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function postgresVersion(url: string | undefined): Promise<string> {
  if (!url) return 'not measured (BENCH_POSTGRES_URL is not set)';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const r = await client.query<{ server_version: string }>('SHOW server_version');
    return r.rows[0]!.server_version;
  } catch (error) {
    return `unreachable at BENCH_POSTGRES_URL (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function clickhouseVersion(url: string | undefined): Promise<string> {
  if (!url) return 'not measured (BENCH_CLICKHOUSE_URL is not set)';
  try {
    const res = await fetch(`${url.replace(/\/$/u, '')}/?query=${encodeURIComponent('SELECT version()')}`);
    if (!res.ok) return `unreachable at BENCH_CLICKHOUSE_URL (HTTP ${res.status})`;
    return (await res.text()).trim();
  } catch (error) {
    return `unreachable at BENCH_CLICKHOUSE_URL (${(error as Error).message})`;
  }
}

/** Above this 1-minute load average per core at the start, RESULTS.md says the machine was busy. */
const BUSY_LOAD_PER_CORE = 0.25;

export async function describeMachine(
  postgresUrl: string | undefined,
  clickhouseUrl?: string,
): Promise<Machine> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    duckdb: await duckdbVersion(),
    postgres: await postgresVersion(postgresUrl),
    clickhouse: await clickhouseVersion(clickhouseUrl),
    loadAverage: os.loadavg()[0]!,
  };
}

export function machineMarkdown(m: Machine, when: string): string {
  return [
    `Last run: ${when}`,
    '',
    `- CPU: ${m.cpu} × ${m.cores}`,
    `- Memory: ${m.memoryGiB} GiB`,
    `- OS: ${m.os}`,
    `- Node: ${m.node}`,
    `- DuckDB: ${m.duckdb}`,
    `- PostgreSQL: ${m.postgres}`,
    `- ClickHouse: ${m.clickhouse}`,
    `- Load average (1 min) when the run started: ${m.loadAverage.toFixed(2)} on ${m.cores} cores` +
      (m.loadAverage > BUSY_LOAD_PER_CORE * m.cores
        ? ' — a busy machine: other work shared the CPUs during the run, so figures are slower and noisier ' +
          'than on an idle one.'
        : ''),
  ].join('\n');
}

/** The load average over 1, 5 and 15 minutes, as /proc/loadavg prints it, for the notes beside a figure. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}
