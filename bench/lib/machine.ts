// The machine a benchmark ran on, as RESULTS.md states it: CPU model and count, memory, OS, Node, and the
// versions of the engines measured (DuckDB embedded in this process, the PostgreSQL server when reachable).
import { DuckDBInstance } from '@duckdb/node-api';
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

export async function describeMachine(postgresUrl: string | undefined): Promise<Machine> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    duckdb: await duckdbVersion(),
    postgres: await postgresVersion(postgresUrl),
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
  ].join('\n');
}
