// Scenario `import` (issue 3): a generic SERP CSV of 5,000,000 rows (import-data.ts: 5,000 keywords × 100
// positions × 10 weekly dates, ~515,000 distinct URLs, ~480 MiB) written to a temp folder, then imported
// through the same ImportService the `sightline import` CLI runs (parse + normalise + stage + one commit)
// into fresh embedded stores. In the same run, for scale: DuckDB's own `read_csv` of the same file into an
// equivalent typed table, and PostgreSQL `COPY … FROM STDIN` of the file into an equivalent table
// (BENCH_POSTGRES_URL; skipped with the reason printed when unset). One run of each (n = 1): each moves
// half a gigabyte, and the figure is a throughput.
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DuckDBInstance } from '@duckdb/node-api';
import { closeStores, openStores } from '@server/app';
import { loadConfig } from '@server/config';
import { ImportService } from '@server/services/import-service';
import { openPath } from '@ingest/formats/index';
import { loadAverage } from '../lib/machine';
import type { Table } from '../lib/table';
import { backendEnv } from '../lib/workspace';
import type { BenchOptions } from './index';
import { serpCsvRows, writeBenchSerpCsv } from './import-data';
import type { SerpCsvShape } from './import-data';

const SHAPE: SerpCsvShape = { keywords: 5000, dates: 10 };
const DAY_MS = 86_400_000;

/** Columns of the equivalent tables: the file's eight columns with their natural types. */
const COLUMNS: [name: string, duckdb: string, postgres: string][] = [
  ['date', 'DATE', 'date'],
  ['market', 'VARCHAR', 'text'],
  ['keyword', 'VARCHAR', 'text'],
  ['position', 'UTINYINT', 'smallint'],
  ['url', 'VARCHAR', 'text'],
  ['result_type', 'VARCHAR', 'text'],
  ['search_volume', 'INTEGER', 'integer'],
  ['title', 'VARCHAR', 'text'],
];

export interface ImportRun {
  seconds: number;
  /** Seconds from the first byte to the start of the commit, and of the commit. */
  readingSeconds: number;
  commitSeconds: number;
  /** CPU seconds (user + system, every thread of the process: DuckDB's too) of the import. */
  cpuSeconds: number;
  rowsRead: number;
  rowsWritten: number;
  rejected: number;
}

/** Yesterday (UTC) as YYYY-MM-DD: the generated file's last date, so nothing in it is in the future. */
export function yesterday(): string {
  return new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
}

/** Imports `file` into fresh stores configured by `env` as the CLI does; throws unless the import succeeded. */
export async function importAsCli(file: string, env: Record<string, string>): Promise<ImportRun> {
  const stores = await openStores(loadConfig(env));
  try {
    const service = new ImportService(stores.meta, stores.rank, () => new Date());
    const sources = [await openPath(file)];
    let commitAt = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const job = await service.run(
      {
        organisationId: null,
        userId: null,
        files: [file],
        bytesTotal: statSync(file).size,
        open: () => Promise.resolve(sources),
        dryRun: false,
      },
      (p) => {
        if (p.phase === 'writing' && commitAt === 0) commitAt = performance.now();
      },
    );
    const ended = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    if (job.status !== 'succeeded') throw new Error(`the import failed: ${job.error ?? job.status}`);
    return {
      seconds: (ended - started) / 1000,
      readingSeconds: ((commitAt || ended) - started) / 1000,
      commitSeconds: commitAt === 0 ? 0 : (ended - commitAt) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rowsRead: job.rowsRead,
      rowsWritten: job.rowsWritten,
      rejected: job.rowsRejected,
    };
  } finally {
    await closeStores(stores);
  }
}

/** DuckDB `read_csv` of the file into a typed table of a fresh database file; returns [seconds, rows]. */
async function duckdbReadCsv(file: string, dir: string): Promise<[number, number]> {
  const instance = await DuckDBInstance.create(join(dir, 'read-csv.duckdb'));
  const conn = await instance.connect();
  try {
    const columns = COLUMNS.map(([n, t]) => `'${n}': '${t}'`).join(', ');
    await conn.run(`CREATE TABLE serp_csv (${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})`);
    const started = performance.now();
    await conn.run(
      `INSERT INTO serp_csv SELECT * FROM read_csv('${file.replaceAll("'", "''")}', header = true, columns = {${columns}})`,
    );
    const seconds = (performance.now() - started) / 1000;
    const reader = await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM serp_csv');
    return [seconds, Number(reader.getRows()[0]![0])];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/**
 * `COPY … FROM STDIN (FORMAT csv, HEADER)` fed from the file, as a pg submittable (the protocol messages
 * pg-copy-streams would send, without the extra dependency).
 */
class CopyFromFile {
  rowCount = 0;
  callback?: (error: Error | null) => void;
  private failed: Error | null = null;

  constructor(
    readonly text: string,
    private readonly file: string,
  ) {}

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    void this.send(connection);
  }

  handleCommandComplete(msg: { text: string }): void {
    this.rowCount = Number(msg.text.split(' ').pop());
  }

  handleError(error: Error): void {
    this.failed = error;
  }

  handleReadyForQuery(): void {
    this.callback?.(this.failed);
  }

  private async send(connection: CopyConnection): Promise<void> {
    try {
      for await (const chunk of createReadStream(this.file, { highWaterMark: 1 << 20 })) {
        connection.sendCopyFromChunk(chunk as Buffer);
        if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
      }
      connection.endCopyFrom();
    } catch (error) {
      connection.sendCopyFail(error instanceof Error ? error.message : String(error));
    }
  }
}

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableNeedDrain: boolean };
}

/** PostgreSQL COPY of the file into a fresh equivalent table; returns [seconds, rows]. */
async function postgresCopy(url: string, file: string): Promise<[number, number]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS sightline_bench_serp_csv');
    await client.query(
      `CREATE TABLE sightline_bench_serp_csv (${COLUMNS.map(([n, , t]) => `${n} ${t}`).join(', ')})`,
    );
    const copy = new CopyFromFile('COPY sightline_bench_serp_csv FROM STDIN (FORMAT csv, HEADER true)', file);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      copy.callback = (error) => (error ? reject(error) : resolve());
      void client.query(copy as unknown as pg.QueryConfig);
    });
    return [(performance.now() - started) / 1000, copy.rowCount];
  } finally {
    await client.query('DROP TABLE IF EXISTS sightline_bench_serp_csv').catch(() => undefined);
    await client.end();
  }
}

const rate = (rows: number, s: number) => Math.round(rows / s).toLocaleString('en');

/**
 * The same file imported into fresh PostgreSQL + ClickHouse databases (the streaming path: the fast path is
 * the embedded store's), when both server URLs are set; its table rows and a note.
 */
async function importOnServer(
  opts: BenchOptions,
  file: string,
  dir: string,
  rows: number,
): Promise<{ rows: string[][]; note: string } | null> {
  if (!opts.postgresUrl || !opts.clickhouseUrl) return null;
  console.log('Importing into PostgreSQL + ClickHouse…');
  const server = {
    postgresUrl: opts.postgresUrl,
    clickhouseUrl: opts.clickhouseUrl,
    clickhouseCluster: opts.clickhouseCluster,
  };
  const database = `sightline_bench_${randomBytes(4).toString('hex')}`;
  const backend = await backendEnv(join(dir, 'server'), server, database);
  try {
    const loadBefore = loadAverage();
    const run = await importAsCli(file, backend.env);
    if (run.rowsWritten !== rows) throw new Error(`expected ${rows} rows written, got ${run.rowsWritten}`);
    return {
      rows: [
        [`sightline import on ${backend.label}`, run.seconds.toFixed(2), rate(run.rowsRead, run.seconds), ''],
        ['  of which reading and staging', run.readingSeconds.toFixed(2), '', ''],
        ['  of which the commit', run.commitSeconds.toFixed(2), '', ''],
      ],
      note: `${backend.label}: the same file through the same service into fresh databases, ${run.rowsWritten.toLocaleString('en')} rows written; load average before: ${loadBefore}, after: ${loadAverage()}.`,
    };
  } finally {
    await backend.drop();
  }
}

export async function importScenario(opts: BenchOptions): Promise<Table[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-import-'));
  try {
    const file = join(dir, 'serp-5m.csv');
    const rows = serpCsvRows(SHAPE);
    console.log(`Writing ${rows.toLocaleString('en')} rows to ${file}…`);
    const bytes = await writeBenchSerpCsv(file, SHAPE, yesterday());
    console.log('Importing through the pipeline (as `sightline import`)…');
    const loadBefore = loadAverage();
    const embedded = await backendEnv(join(dir, 'embedded'), null, '');
    const ours = await importAsCli(file, embedded.env);
    if (ours.rowsWritten !== rows) throw new Error(`expected ${rows} rows written, got ${ours.rowsWritten}`);
    const server = await importOnServer(opts, file, dir, rows);
    console.log('DuckDB read_csv…');
    const [duckSeconds, duckRows] = await duckdbReadCsv(file, dir);
    let pgFigure: [number, number] | null = null;
    if (opts.postgresUrl) {
      console.log('PostgreSQL COPY…');
      pgFigure = await postgresCopy(opts.postgresUrl, file);
    }
    const ourRate = ours.rowsRead / ours.seconds;
    const ratio = (seconds: number, n: number) => `${(ourRate / (n / seconds)).toFixed(2)}×`;
    const table: Table = {
      title: `import: generic SERP CSV, ${rows.toLocaleString('en')} rows (${(bytes / 1048576).toFixed(0)} MiB), end to end`,
      columns: ['what', 's', 'rows/s', 'ours ÷ it'],
      rows: [
        [
          'sightline import (parse + normalise + stage + commit), embedded',
          ours.seconds.toFixed(2),
          rate(ours.rowsRead, ours.seconds),
          '1.00×',
        ],
        ['  of which reading and staging', ours.readingSeconds.toFixed(2), '', ''],
        ['  of which the commit', ours.commitSeconds.toFixed(2), '', ''],
        [
          '  CPU time of the process (user + system)',
          ours.cpuSeconds.toFixed(2),
          rate(ours.rowsRead, ours.cpuSeconds),
          '',
        ],
        [
          'DuckDB read_csv into a typed table',
          duckSeconds.toFixed(2),
          rate(duckRows, duckSeconds),
          ratio(duckSeconds, duckRows),
        ],
        ...(server === null ? [] : server.rows),
        pgFigure === null
          ? ['PostgreSQL COPY FROM STDIN', 'skipped', '', '']
          : [
              'PostgreSQL COPY FROM STDIN',
              pgFigure[0].toFixed(2),
              rate(pgFigure[1], pgFigure[0]),
              ratio(...pgFigure),
            ],
      ],
      notes: [
        `${ours.rowsRead.toLocaleString('en')} rows read, ${ours.rowsWritten.toLocaleString('en')} written, ${ours.rejected} rejected; ` +
          'one run of each (n = 1) on the same file in the same process.',
        'Ours normalises every row (keyword text, URL → host → registrable domain, market, date and position checks), ' +
          'gives keywords and URLs ids and keeps the derived tables (by domain, keyword dates, snapshot and explorer rollups) in step; ' +
          'read_csv and COPY only type the eight columns.',
        'A file on disk takes the fast path (src/ingest/pipeline/fast-csv.ts): DuckDB read_csv reads the cells as ' +
          'text, each distinct cell text is checked once by the importer (plain URLs split in SQL by its patterns, ' +
          'their hosts looked up once each), and the rows are checked and staged in SQL.',
        `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}.`,
        server === null
          ? 'Server backends skipped: BENCH_POSTGRES_URL and BENCH_CLICKHOUSE_URL are not both set.'
          : server.note,
        pgFigure === null
          ? 'PostgreSQL COPY skipped: BENCH_POSTGRES_URL is not set.'
          : 'PostgreSQL: a plain logged table without indexes, fed the file over the COPY protocol.',
        'Timed on a shared machine: other work running at the same time slows every figure; the CPU time of ' +
          'the import (rows per CPU second) is the figure the load changes least.',
      ],
    };
    return [table];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
