// RankStore schema on ClickHouse and its migrations, the same ideas as the DuckDB schema: an integer SERP
// fact table, string dimensions stored once, campaign membership, a per-snapshot rollup.
//
// - Sharded by market (all rows of a market on one shard): keywords, serp_results, serp_snapshots and
//   campaign_keywords exist as `<name>_local` MergeTree tables on every shard plus a Distributed `<name>`
//   table (sharding key market_id) for queries over all markets. Without a cluster there is one plain table.
// - Replicated dimensions: markets, domains, hosts, urls and url_titles are complete on every shard, so the
//   joins of a single-market query run inside the owning shard (no GLOBAL JOIN shipping the url table).
// - Partitions are the unit of atomic replacement (atomic.ts): serp_results by (market, snapshot date),
//   the rollup, keywords and campaign membership by market.
// - Campaign membership is one table with tag and group arrays, so replacing a campaign touches one table.
// - url_titles is versioned (ReplacingMergeTree on v); readers take argMax(title, v).
// DDL runs on every shard directly (no ON CLUSTER: see topology.ts); each shard records its own version.
import { inParallel, int, type ChServer } from './client';
import { ident, lit } from './escape';
import type { ChContext, ShardedTable } from './context';
import { MARKET_ROLL, RANK_COPY } from '../derived-tables';
import { CAMPAIGN_DOMAINS, declaredTable } from './derived-copies';
import { membersSql, rollupInsert } from './derived';
import { marketRollInsert } from './market-share/rollup';

interface Migration {
  version: number;
  /** Statements for one shard; `t` qualifies a table name, `local` names the shard part of a sharded table. */
  statements: (names: SchemaNames) => string[];
  /** Statements run after `statements`, computed from the shard's data (backfills, one per partition). */
  backfill?: (names: SchemaNames, server: ChServer) => Promise<string[]>;
}

interface SchemaNames {
  t: (name: string) => string;
  local: (name: ShardedTable) => string;
  distributed: (name: ShardedTable) => string | null;
}

const SHARDED_COLUMNS: Record<ShardedTable, { columns: string; engine: string }> = {
  keywords: {
    columns: 'market_id UInt16, id UInt32, text String, sv Nullable(UInt32)',
    engine: 'MergeTree PARTITION BY market_id ORDER BY (market_id, id)',
  },
  // position 1–100 and result_type (index into RESULT_TYPES) fit one byte each.
  serp_results: {
    columns: `market_id UInt16, date Date, keyword_id UInt32, position UInt8, result_type UInt8,
      url_id UInt32, host_id UInt32, domain_id UInt32`,
    engine: 'MergeTree PARTITION BY (market_id, date) ORDER BY (market_id, date, keyword_id)',
  },
  // Rollup per snapshot, rewritten with every write of serp_results: summaries never scan results.
  serp_snapshots: {
    columns: 'market_id UInt16, date Date, keywords UInt32, results UInt64',
    engine: 'MergeTree PARTITION BY market_id ORDER BY (market_id, date)',
  },
  campaign_keywords: {
    columns:
      'campaign_id UInt32, market_id UInt16, keyword_id UInt32, tags Array(String), groups Array(String)',
    engine: 'MergeTree PARTITION BY market_id ORDER BY (campaign_id, keyword_id)',
  },
  // Snapshots a rank tracker checked and found empty (imports, issue 3).
  empty_snapshots: {
    columns: 'market_id UInt16, date Date, keyword_id UInt32',
    engine: 'MergeTree PARTITION BY market_id ORDER BY (market_id, date, keyword_id)',
  },
  // The (keyword, date) snapshots with at least one result: what the date rule searches (derived.ts).
  serp_keyword_dates: {
    columns: 'market_id UInt16, date Date, keyword_id UInt32',
    engine: 'MergeTree PARTITION BY (market_id, date) ORDER BY (market_id, date, keyword_id)',
  },
  // Campaign rollup (derived.ts): Σ search volume (monthly searches, known volumes) of the campaign's keywords
  // with a result at (host, result type, position) on the snapshot date.
  cv_roll: {
    columns: `market_id UInt16, campaign_id UInt32, date Date, host_id UInt32, domain_id UInt32,
      result_type UInt8, position UInt8, sv UInt64`,
    engine: 'MergeTree PARTITION BY (market_id, date) ORDER BY (campaign_id, date, domain_id, host_id)',
  },
  // The tracked domains campaigns declare, and the rank-tracking copy generated from its declaration.
  campaign_domains: CAMPAIGN_DOMAINS,
  rt_hits: declaredTable(RANK_COPY),
  // The market rollup of the market-share overview (market-share/rollup.ts).
  ms_roll: declaredTable(MARKET_ROLL),
};

/** The sharded tables of schema version 1 (later ones are created by their own migration). */
const V1_SHARDED: readonly ShardedTable[] = [
  'keywords',
  'serp_results',
  'serp_snapshots',
  'campaign_keywords',
  'empty_snapshots',
];

/** CREATE statements of a sharded table: its shard part, and the Distributed table over a cluster. */
function shardedTable({ t, local, distributed }: SchemaNames, name: ShardedTable): string[] {
  const { columns, engine } = SHARDED_COLUMNS[name];
  const dist = distributed(name);
  return [
    `CREATE TABLE IF NOT EXISTS ${local(name)} (${columns}) ENGINE = ${engine}`,
    ...(dist === null ? [] : [`CREATE TABLE IF NOT EXISTS ${t(name)} AS ${local(name)} ENGINE = ${dist}`]),
  ];
}

/** Every (market, snapshot date) stored on a shard, in order. */
async function snapshotPartitions(
  local: SchemaNames['local'],
  server: ChServer,
): Promise<{ mid: number; date: string }[]> {
  const rows = await server.rows(
    `SELECT DISTINCT market_id, toString(date) AS d FROM ${local('serp_snapshots')} ORDER BY market_id, d`,
  );
  return rows.map((r) => ({ mid: int(r.market_id), date: String(r.d) }));
}

/**
 * The derived rows of every (market, date) stored on a shard, as derived.ts builds them: one statement per
 * snapshot date, so each stays within the client's statement timeout.
 */
async function derivedBackfill({ local }: SchemaNames, server: ChServer): Promise<string[]> {
  return (await snapshotPartitions(local, server)).flatMap((p) => {
    const where = `market_id = ${lit(p.mid)} AND date = ${lit(p.date)}`;
    return [
      `INSERT INTO ${local('serp_keyword_dates')}
        SELECT DISTINCT market_id, date, keyword_id FROM ${local('serp_results')} WHERE ${where}`,
      rollupInsert(
        local('cv_roll'),
        p.mid,
        local('serp_results'),
        p.date,
        membersSql(p.mid, local('campaign_keywords'), local('keywords')),
      ),
    ];
  });
}

/**
 * Search Console rows (imports, issue 3): not sharded (they belong to a property, not a market); kept on the
 * primary shard, partitioned by property so an import replaces a property's rows atomically. `k` hashes the
 * row's key (source, dimensions and dimension values, with NULL marked) for replacing rows by key.
 */
export const GSC_COLUMNS = `property String, search_type String, period String, source String,
  dimensions String, k UInt64, date Nullable(Date), query Nullable(String), page Nullable(String),
  country Nullable(String), device Nullable(String), search_appearance Nullable(String), clicks UInt64,
  impressions UInt64, ctr Float64, position Float64`;

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    statements: (names) => {
      const { t } = names;
      return [
        `CREATE TABLE IF NOT EXISTS ${t('markets')} (id UInt16, code String) ENGINE = MergeTree ORDER BY id`,
        `CREATE TABLE IF NOT EXISTS ${t('domains')} (id UInt32, domain String) ENGINE = MergeTree ORDER BY id`,
        `CREATE TABLE IF NOT EXISTS ${t('hosts')} (id UInt32, host String, domain_id UInt32)
        ENGINE = MergeTree ORDER BY id`,
        `CREATE TABLE IF NOT EXISTS ${t('urls')} (id UInt32, url String, host_id UInt32, path String)
        ENGINE = MergeTree ORDER BY id`,
        `CREATE TABLE IF NOT EXISTS ${t('url_titles')} (url_id UInt32, title String, v UInt64)
        ENGINE = ReplacingMergeTree(v) ORDER BY url_id`,
        ...V1_SHARDED.flatMap((name) => shardedTable(names, name)),
        // The write journal of atomic.ts (used on the primary shard).
        `CREATE TABLE IF NOT EXISTS ${t('write_journal')} (write_id UInt64, step UInt32, shard UInt32,
        target String, stage String, partition String) ENGINE = MergeTree ORDER BY (write_id, step)`,
        `CREATE TABLE IF NOT EXISTS ${t('write_done')} (write_id UInt64) ENGINE = MergeTree ORDER BY write_id`,
      ];
    },
  },
  {
    // Imports (issue 3): checked-and-empty snapshots (sharded like the results) and Search Console rows.
    version: 2,
    statements: ({ t, local, distributed }) => {
      const { columns, engine } = SHARDED_COLUMNS.empty_snapshots;
      const dist = distributed('empty_snapshots');
      return [
        `CREATE TABLE IF NOT EXISTS ${local('empty_snapshots')} (${columns}) ENGINE = ${engine}`,
        ...(dist === null
          ? []
          : [
              `CREATE TABLE IF NOT EXISTS ${t('empty_snapshots')} AS ${local('empty_snapshots')} ENGINE = ${dist}`,
            ]),
        `CREATE TABLE IF NOT EXISTS ${t('gsc_rows')} (${GSC_COLUMNS})
          ENGINE = MergeTree PARTITION BY property ORDER BY (property, k)`,
      ];
    },
  },
  {
    // Derived tables kept by every write (derived.ts), built here for the data already stored; emptied
    // first so that a migration cut short and run again builds them once.
    version: 3,
    statements: (names) => [
      ...shardedTable(names, 'serp_keyword_dates'),
      ...shardedTable(names, 'cv_roll'),
      `TRUNCATE TABLE ${names.local('serp_keyword_dates')}`,
      `TRUNCATE TABLE ${names.local('cv_roll')}`,
    ],
    backfill: derivedBackfill,
  },
  {
    // The tracked domains campaigns declare and the rank-tracking copy (derived-copies.ts). Empty at first:
    // a campaign is copied when its set-up declares its domains again; until then the raw read answers.
    version: 4,
    statements: (names) => [...shardedTable(names, 'campaign_domains'), ...shardedTable(names, 'rt_hits')],
  },
  {
    // The market rollup (market-share/rollup.ts), built for the data already stored: one statement per
    // (market, snapshot date), emptied first so that a migration cut short and run again builds it once.
    version: 5,
    statements: (names) => [...shardedTable(names, 'ms_roll'), `TRUNCATE TABLE ${names.local('ms_roll')}`],
    backfill: async ({ local }, server) =>
      (await snapshotPartitions(local, server)).map(({ mid, date }) =>
        marketRollInsert(local('ms_roll'), mid, date, {
          results: local('serp_results'),
          keywords: local('keywords'),
        }),
      ),
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

function names(ctx: ChContext): SchemaNames {
  const cluster = ctx.topology.cluster;
  return {
    t: (name) => ctx.table(name),
    local: (name) => ctx.local(name),
    distributed: (name) =>
      cluster === null
        ? null
        : `Distributed(${ident(cluster)}, ${ident(ctx.database)}, ${ident(`${name}_local`)}, market_id)`,
  };
}

async function migrateServer(ctx: ChContext, server: ChServer): Promise<void> {
  await server.command(`CREATE DATABASE IF NOT EXISTS ${ident(ctx.database)}`);
  await server.command(
    `CREATE TABLE IF NOT EXISTS ${ctx.table('schema_version')} (version UInt32, applied_at DateTime)
     ENGINE = MergeTree ORDER BY version`,
  );
  const current = int((await server.one(`SELECT max(version) AS v FROM ${ctx.table('schema_version')}`)).v);
  // Statements are idempotent (IF NOT EXISTS): a migration cut short is simply run again.
  for (const m of MIGRATIONS.filter((x) => x.version > current)) {
    for (const sql of m.statements(names(ctx))) await server.command(sql);
    for (const sql of (await m.backfill?.(names(ctx), server)) ?? []) await server.command(sql);
    await server.command(`INSERT INTO ${ctx.table('schema_version')} VALUES (${lit(m.version)}, now())`);
  }
}

/** Brings every shard to the current schema version (shards in parallel). */
export async function migrateSchema(ctx: ChContext): Promise<void> {
  const servers = new Set([ctx.entry, ...ctx.topology.shards.map((s) => s.server)]);
  await inParallel([...servers].map((s) => migrateServer(ctx, s)));
}

/** Drops the workspace database on every shard. */
export async function dropDatabase(ctx: ChContext): Promise<void> {
  const servers = new Set([ctx.entry, ...ctx.topology.shards.map((s) => s.server)]);
  await inParallel([...servers].map((s) => s.command(`DROP DATABASE IF EXISTS ${ident(ctx.database)}`)));
}
