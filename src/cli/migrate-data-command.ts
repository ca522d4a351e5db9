// `sightline migrate-data --to server`: moves the workspace in the embedded stores (DATA_DIR's SQLite and
// DuckDB files) to PostgreSQL (DATABASE_URL) and ClickHouse (CLICKHOUSE_URL, CLICKHOUSE_CLUSTER,
// CLICKHOUSE_DATABASE), with a progress bar, then prints every table's row counts and checksums on both
// sides. Exits 0 only when every table matches; 1 when refused or when anything differs.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closeStores, DUCKDB_FILE, openStores, SQLITE_FILE } from '@server/app';
import type { Config } from '@server/config';
import { loadConfig } from '@server/config';
import type { Stores } from '@server/context';
import {
  migrateData,
  TargetNotEmptyError,
  UnsupportedTableError,
  type Holding,
  type MigrateDataReport,
} from '@server/services/migrate-data/migrate-data';
import type { TableSide } from '@server/services/migrate-data/compare';
import { progressBar } from './progress';

export const MIGRATE_DATA_HELP = `  migrate-data --to server
            Move the workspace in the embedded stores (DATA_DIR) to PostgreSQL (DATABASE_URL) and
            ClickHouse (CLICKHOUSE_URL, CLICKHOUSE_CLUSTER, CLICKHOUSE_DATABASE); prints row counts and
            checksums of every table on both sides. Stop the server first.
            --replace           overwrite a target that holds data (also resumes an interrupted run)
            --data-dir DIR      where the embedded stores live (default ./data or DATA_DIR)`;

export interface MigrateDataArgs {
  to: string | undefined;
  replace: boolean;
  dataDir: string | undefined;
}

const n = (x: number) => x.toLocaleString('en-GB');

/** A URL without its password, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString().replace(/\/$/u, '');
  } catch {
    return url;
  }
}

function describeTarget(config: Config): string {
  const cluster = config.clickhouseCluster === null ? 'one server' : `cluster ${config.clickhouseCluster}`;
  return (
    `PostgreSQL ${shown(config.databaseUrl!)} and ClickHouse ${shown(config.clickhouseUrl!)} ` +
    `(${cluster}, database ${config.clickhouseDatabase})`
  );
}

function side(s: TableSide | null): [string, string] {
  return s === null ? ['—', 'no such table'] : [n(s.rows), s.checksum];
}

function reportTable(report: MigrateDataReport): string {
  const header = ['store', 'table', 'source rows', 'target rows', 'source checksum', 'target checksum', ''];
  const rows = report.tables.map((t) => {
    const [sr, sc] = side(t.source);
    const [tr, tc] = side(t.target);
    return [t.store, t.table, sr, tr, sc, tc, t.equal ? 'ok' : 'DIFFERS'];
  });
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j]!.length)));
  const right = new Set([2, 3]);
  const line = (cells: string[]) =>
    cells
      .map((cell, j) => (right.has(j) ? cell.padStart(widths[j]!) : cell.padEnd(widths[j]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function summary(report: MigrateDataReport, seconds: number): string {
  const copied = report.metaRowsCopied + report.rankRowsCopied;
  const rate = seconds > 0 ? Math.round(copied / seconds) : copied;
  const t = report.timings;
  const steps = `checks ${(t.check / 1000).toFixed(1)} s, MetaStore ${(t.meta / 1000).toFixed(1)} s, RankStore ${(t.rank / 1000).toFixed(1)} s, verification ${(t.verify / 1000).toFixed(1)} s`;
  const kept =
    report.segments.alreadyMatching > 0 || !report.metaCopied
      ? ` (${report.metaCopied ? '' : 'MetaStore already matched; '}${n(report.segments.alreadyMatching)} RankStore segments already matched and were kept)`
      : '';
  return `${n(copied)} rows copied in ${seconds.toFixed(1)} s (${n(rate)} rows/s; ${steps})${kept}.`;
}

/** `MetaStore: 67 rows in 8 tables; RankStore: 645,033 rows in 8 tables` */
function held(holdings: readonly Holding[]): string {
  return (['MetaStore', 'RankStore'] as const)
    .map((store) => holdings.filter((h) => h.store === store))
    .filter((list) => list.length > 0)
    .map((list) => {
      const rows = list.reduce((sum, h) => sum + h.rows, 0);
      return `${list[0]!.store}: ${n(rows)} rows in ${list.length} table${list.length === 1 ? '' : 's'}`;
    })
    .join('; ');
}

async function openSource(config: Config): Promise<Stores> {
  try {
    return await openStores({ ...config, databaseUrl: null, clickhouseUrl: null });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not open the embedded stores in ${config.dataDir} (stop the Sightline server first if it is running): ${why}`,
      { cause: error },
    );
  }
}

export async function runMigrateData(args: MigrateDataArgs): Promise<number> {
  if (args.to !== 'server') {
    console.error(
      'Say where to: `sightline migrate-data --to server` moves the embedded stores to PostgreSQL and ClickHouse.',
    );
    return 2;
  }
  const base = loadConfig();
  const config = args.dataDir ? { ...base, dataDir: resolve(args.dataDir) } : base;
  const missing = [
    ...(config.databaseUrl ? [] : ['DATABASE_URL']),
    ...(config.clickhouseUrl ? [] : ['CLICKHOUSE_URL']),
  ];
  if (missing.length > 0) {
    console.error(
      `Set ${missing.join(' and ')} to the server stores to move to (CLICKHOUSE_CLUSTER and CLICKHOUSE_DATABASE ` +
        'are optional; see README "Moving to PostgreSQL and ClickHouse").',
    );
    return 2;
  }
  const files = [SQLITE_FILE, DUCKDB_FILE].map((f) => join(config.dataDir, f));
  const absent = files.filter((f) => !existsSync(f));
  if (absent.length > 0) {
    console.error(
      `No embedded workspace to move: ${absent.join(' and ')} not found (set DATA_DIR or --data-dir).`,
    );
    return 1;
  }

  const source = await openSource(config);
  let target: Stores | null = null;
  try {
    target = await openStores(config);
    console.log(`Moving the workspace in ${config.dataDir} to ${describeTarget(config)}.`);
    const bar = progressBar();
    const started = performance.now();
    let report: MigrateDataReport;
    try {
      report = await migrateData(source, target, {
        replace: args.replace,
        onProgress: (p) => bar.update(p.phase, p.done, p.total),
      });
    } catch (error) {
      bar.finish('Stopped.');
      if (error instanceof TargetNotEmptyError) {
        console.error(
          `Refused: the target already holds data (${held(error.holdings)}). ` +
            'Nothing was changed. Run again with --replace to overwrite it; tables that already match the ' +
            'source are kept, so --replace also resumes an interrupted migration.',
        );
        return 1;
      }
      if (error instanceof UnsupportedTableError) {
        console.error(`Refused: ${error.message}. Nothing was changed.`);
        return 1;
      }
      throw error;
    }
    const seconds = (performance.now() - started) / 1000;
    bar.finish(summary(report, seconds));
    console.log(reportTable(report));
    if (!report.ok) {
      const segments = report.differingSegments.slice(0, 10).join(', ');
      console.error(
        `The copy differs from the source${segments ? ` (segments ${segments})` : ''}. Run again with --replace ` +
          'to copy what differs.',
      );
      return 1;
    }
    console.log(
      'Every table matches. Set DATABASE_URL and CLICKHOUSE_URL when starting Sightline to use the server stores.',
    );
    return 0;
  } finally {
    await closeStores(source);
    if (target !== null) await closeStores(target);
  }
}

/** Parses the command's own options (after `migrate-data`) and runs it. */
export async function runMigrateDataCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: {
      to: { type: 'string' },
      replace: { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
  });
  return runMigrateData({ to: values.to, replace: values.replace === true, dataDir: values['data-dir'] });
}
