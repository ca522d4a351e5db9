// `sightline migrate-data`: a demo workspace (500 keywords × 4 weeks per market, plus hostile strings in
// every kind of value) in embedded stores is moved to PostgreSQL + a two-shard ClickHouse cluster (fresh
// databases with random names, dropped afterwards) through the CLI; counts and checksums must match per
// table and the ports must read back the same values (Search Console rows and empty snapshots included).
// Refusal of a non-empty target, and --replace resuming an interrupted copy and overwriting what differs,
// run through the service. An embedded-to-embedded move (with the refusal of rows a target cannot store)
// runs everywhere; the server cases are skipped, saying why, without SIGHTLINE_TEST_POSTGRES_URL and
// SIGHTLINE_TEST_CLICKHOUSE_URL.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { closeStores, DUCKDB_FILE, openStores } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import {
  migrateData,
  TargetNotEmptyError,
  UnsupportedTableError,
} from '@server/services/migrate-data/migrate-data';
import type { RankStore } from '@storage/rank-store';
import {
  expectSameChecksums,
  expectSameReads,
  failingAfter,
  GSC,
  GSC_TARGET,
  NOW,
  seed,
} from './migrate-data.fixtures';
import { CLICKHOUSE_CLUSTER, CLICKHOUSE_URL, freshDatabases } from './storage/clickhouse-env';

const PG_URL = process.env.SIGHTLINE_TEST_POSTGRES_URL ?? '';
const root = mkdtempSync(join(tmpdir(), 'sightline-migrate-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
/** The seeded embedded workspace every case moves (closed between cases: DuckDB allows one process). */
let sourceDir = '';
beforeAll(async () => {
  sourceDir = await seededDir('source');
}, 120_000);

/** Rows of each campaign's rank-tracking copy in an embedded workspace, read from its closed DuckDB file. */
async function copiedRows(dir: string): Promise<[number, number][]> {
  const instance = await DuckDBInstance.create(join(dir, DUCKDB_FILE));
  try {
    const conn = await instance.connect();
    const rows = (
      await conn.runAndReadAll('SELECT campaign_id, count(*) AS n FROM rt_hits GROUP BY 1 ORDER BY 1')
    ).getRowObjectsJS();
    conn.closeSync();
    return rows.map((r) => [Number(r.campaign_id), Number(r.n)]);
  } finally {
    instance.closeSync();
  }
}

function embedded(dir: string): Config {
  return loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }, root);
}

async function seededDir(name: string): Promise<string> {
  const dir = join(root, name);
  const stores = await openStores(embedded(dir));
  try {
    await seed(stores);
  } finally {
    await closeStores(stores);
  }
  return dir;
}

describe('migrate-data between embedded workspaces', () => {
  it('copies every table (Search Console rows and empty snapshots too), refuses a full target, replaces', async () => {
    const from = await openStores(embedded(sourceDir));
    const to = await openStores(embedded(join(root, 'embedded-target')));
    try {
      const source = await from.rank.checksums();
      for (const t of ['gsc_rows', 'empty_snapshots', 'campaign_domains', 'serp_results'] as const) {
        expect(source.segments.some((s) => s.table === t)).toBe(true);
      }
      const report = await migrateData(from, to, { replace: false, batchRows: 7_000 });
      expect(report.ok).toBe(true);
      expect(report.differingSegments).toEqual([]);
      await expectSameChecksums(from, to);
      await expectSameReads(from, to);
      await expect(migrateData(from, to, { replace: false })).rejects.toThrow(TargetNotEmptyError);
      const again = await migrateData(from, to, { replace: true });
      expect(again).toMatchObject({ ok: true, metaCopied: false, rankRowsCopied: 0 });
      expect(again.segments.alreadyMatching).toBe(source.segments.length);

      // A target that cannot store a table the source holds rows of is refused before any write.
      const narrow: RankStore = {
        ...to.rank,
        checksums: async () => {
          const c = await to.rank.checksums();
          return { ...c, tables: c.tables.filter((t) => t !== 'gsc_rows') };
        },
      };
      const before = await to.meta.checksums();
      await expect(migrateData(from, { meta: to.meta, rank: narrow }, { replace: true })).rejects.toThrow(
        UnsupportedTableError,
      );
      expect(await to.meta.checksums()).toEqual(before);
    } finally {
      await closeStores(from);
      await closeStores(to);
    }
    // The declared domains came along, so the target rebuilt each campaign's rank-tracking copy.
    const copies = await copiedRows(sourceDir);
    expect(copies.length).toBeGreaterThan(0);
    expect(await copiedRows(join(root, 'embedded-target'))).toEqual(copies);
  }, 120_000);
});

const servers = PG_URL !== '' && CLICKHOUSE_URL !== '';
if (!servers) {
  console.warn(
    'migrate-data to PostgreSQL + ClickHouse skipped: set SIGHTLINE_TEST_POSTGRES_URL and SIGHTLINE_TEST_CLICKHOUSE_URL (bash .ci/start-postgres.sh, bash .ci/start-clickhouse.sh)',
  );
}

describe.skipIf(!servers)('migrate-data to PostgreSQL + ClickHouse', () => {
  const chDatabases = freshDatabases();
  const pgDatabases: string[] = [];

  async function pgAdmin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** Environment of a fresh, empty pair of server stores (and the embedded source). */
  async function serverEnv(dataDir: string): Promise<NodeJS.ProcessEnv> {
    const database = `sightline_migrate_${randomBytes(5).toString('hex')}`;
    await pgAdmin(`CREATE DATABASE ${database}`);
    pgDatabases.push(database);
    const u = new URL(PG_URL);
    u.pathname = `/${database}`;
    const ch = chDatabases.next();
    return {
      DATA_DIR: dataDir,
      DATABASE_URL: u.toString(),
      CLICKHOUSE_URL: ch.url,
      ...(CLICKHOUSE_CLUSTER === null ? {} : { CLICKHOUSE_CLUSTER }),
      CLICKHOUSE_DATABASE: ch.database!,
      LOG_LEVEL: 'silent',
    };
  }

  const cli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    promisify(execFile)(
      join(process.cwd(), 'node_modules/.bin/tsx'),
      ['src/cli/main.ts', 'migrate-data', ...args],
      {
        env: { ...process.env, ...env },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        out: e.stdout,
        err: e.stderr,
      }),
    );

  afterAll(async () => {
    for (const database of pgDatabases) await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('moves the workspace with the CLI: equal counts, checksums and reads; a second run is refused', async () => {
    const env = await serverEnv(sourceDir);
    const run = await cli(env, '--to', 'server');
    expect(run.err).not.toContain('Refused');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Every table matches.');
    expect(run.out).toMatch(
      /RankStore\s+serp_results\s+400,\d{3}\s+400,\d{3}\s+[0-9a-f]{16}\s+[0-9a-f]{16}\s+ok/u,
    );
    const to = await openStores(loadConfig(env, root));
    try {
      const from = await openStores(embedded(sourceDir));
      try {
        await expectSameChecksums(from, to);
        await expectSameReads(from, to);
      } finally {
        // The CLI below opens the DuckDB file, which one process at a time may hold.
        await closeStores(from);
      }
      // The migrated Search Console rows keep their import key: re-importing one replaces it.
      const imp = await to.rank.beginImport();
      await imp.addSearchConsoleRows([{ ...GSC[0]!, clicks: 99 }]);
      await imp.commit({ keywords: [], campaign: null, searchConsole: GSC_TARGET });
      const gsc = await to.rank.readSearchConsoleRows(GSC_TARGET.property);
      expect(gsc.map((r) => r.clicks).sort()).toEqual([0, 99]);
      const before = await to.rank.checksums();
      const refused = await cli(env, '--to', 'server');
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/Refused: the target already holds data .*--replace/su);
      expect(await to.rank.checksums()).toEqual(before);
    } finally {
      await closeStores(to);
    }
  }, 180_000);

  it('--replace resumes an interrupted copy, then overwrites what differs and removes what the source lacks', async () => {
    const env = await serverEnv(sourceDir);
    const from = await openStores(embedded(sourceDir));
    const to = await openStores(loadConfig(env, root));
    try {
      const broken = { meta: from.meta, rank: failingAfter(from.rank, 3) };
      await expect(migrateData(broken, to, { replace: false })).rejects.toThrow('source disk unplugged');
      await expect(migrateData(from, to, { replace: false })).rejects.toThrow(TargetNotEmptyError);
      const resumed = await migrateData(from, to, { replace: true });
      expect(resumed.ok).toBe(true);
      expect(resumed.metaCopied).toBe(false);
      // Every whole table (they come first) and three serp_results segments were already there.
      const segments = (await from.rank.checksums()).segments;
      const whole = segments.filter((x) => x.table !== 'serp_results').length;
      expect(resumed.segments.alreadyMatching).toBe(whole + 3);
      expect(resumed.segments.copied).toBe(segments.length - whole - 3);

      const org = (await to.meta.listOrganisations())[0]!;
      await to.meta.createProject(org.id, 'only in the target', NOW);
      const [id] = (await to.rank.upsertKeywords('gb-en', [{ text: 'only in the target', sv: 5 }])).values();
      await to.rank.insertSerpResults([
        {
          market: 'gb-en',
          keywordId: id!,
          date: '2024-01-01',
          position: 1,
          resultType: 'organic',
          url: 'https://x.example/',
        },
      ]);
      const replaced = await migrateData(from, to, { replace: true });
      expect(replaced.ok).toBe(true);
      expect(replaced.metaCopied).toBe(true);
      expect(replaced.segments.removed).toBe(1);
      await expectSameChecksums(from, to);
      await expectSameReads(from, to);
    } finally {
      await closeStores(from);
      await closeStores(to);
    }
  }, 180_000);
});
