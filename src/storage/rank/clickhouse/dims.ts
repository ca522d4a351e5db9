// Dimension tables (markets, domains, hosts, urls, url_titles): written on the primary shard, then copied
// to every other shard, so each shard joins its results with local names.
//
// Ids are issued on the primary as max(id) + 1 … under the write lock (context.ts). Rows are never updated
// or deleted, and each shard's copy is brought up to date with the rows whose key is above its own
// maximum, streamed from the primary in key order: a copy cut short still holds a prefix of the primary's
// rows, and the next write's top-up completes it before any fact row can refer to the missing ids.
import { inParallel, int, type ChServer } from './client';
import { lit } from './escape';
import { DIMENSION_TABLES, type ChContext, type DimensionTable } from './context';

/** Column whose maximum tells how far a shard's copy goes (ids, or the title version). */
const COPY_KEY: Record<DimensionTable, string> = {
  markets: 'id',
  domains: 'id',
  hosts: 'id',
  urls: 'id',
  url_titles: 'v',
};

async function maxKey(ctx: ChContext, server: ChServer, table: DimensionTable): Promise<number> {
  return int((await server.one(`SELECT max(${COPY_KEY[table]}) AS m FROM ${ctx.table(table)}`)).m);
}

/** Brings every shard's copy of the dimension tables up to the primary's. */
export async function replicateDimensions(
  ctx: ChContext,
  tables: readonly DimensionTable[] = DIMENSION_TABLES,
): Promise<void> {
  const others = ctx.topology.shards.filter((s) => s.server !== ctx.primary);
  if (others.length === 0) return;
  for (const table of tables) {
    const top = await maxKey(ctx, ctx.primary, table);
    await inParallel(
      others.map(async (shard) => {
        const have = await maxKey(ctx, shard.server, table);
        if (have > top) throw new Error(`${table} on shard ${shard.num} is ahead of the primary shard`);
        if (have === top) return;
        const rows = await ctx.primary.tsv(
          `SELECT * FROM ${ctx.table(table)} WHERE ${COPY_KEY[table]} > ${lit(have)} ORDER BY ${COPY_KEY[table]}`,
        );
        await shard.server.insertTsv(ctx.table(table), rows);
      }),
    );
  }
}

/** Id of a market code, or null when no data for it was ever stored. */
export async function marketId(ctx: ChContext, code: string): Promise<number | null> {
  const cached = ctx.marketIds.get(code);
  if (cached !== undefined) return cached;
  const rows = await ctx.primary.rows(`SELECT id FROM ${ctx.table('markets')} WHERE code = ${lit(code)}`);
  if (rows.length === 0) return null;
  const id = int(rows[0]!.id);
  ctx.marketIds.set(code, id);
  return id;
}

/** Ids of market codes, adding the missing ones (in code order, like the DuckDB adapter). Under the lock. */
export async function ensureMarkets(ctx: ChContext, codes: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let added = false;
  for (const code of [...new Set(codes)].sort()) {
    let id = await marketId(ctx, code);
    if (id === null) {
      id = int((await ctx.primary.one(`SELECT max(id) + 1 AS next_id FROM ${ctx.table('markets')}`)).next_id);
      if (id > 65_535) throw new RangeError('too many markets (market ids are 16-bit)');
      await ctx.primary.insert(ctx.table('markets'), [{ id, code }]);
      ctx.marketIds.set(code, id);
      added = true;
    }
    out.set(code, id);
  }
  if (added) await replicateDimensions(ctx, ['markets']);
  return out;
}

/** Adds the domains and hosts named in columns `host` and `domain` of a work table on the primary. */
export async function ensureHostNames(ctx: ChContext, names: string): Promise<void> {
  const t = (name: DimensionTable) => ctx.table(name);
  const next = async (table: DimensionTable) => (await maxKey(ctx, ctx.primary, table)) + 1;
  await ctx.primary.command(`INSERT INTO ${t('domains')}
    SELECT ${lit(await next('domains'))} + rowNumberInAllBlocks(), domain
    FROM (SELECT DISTINCT domain FROM ${names} WHERE domain NOT IN (SELECT domain FROM ${t('domains')}) ORDER BY domain)`);
  await ctx.primary.command(`INSERT INTO ${t('hosts')}
    SELECT ${lit(await next('hosts'))} + rowNumberInAllBlocks(), n_host, n_domain_id
    FROM (SELECT x.host AS n_host, d.d_id AS n_domain_id
      FROM (SELECT DISTINCT host, domain FROM ${names} WHERE host NOT IN (SELECT host FROM ${t('hosts')})) AS x
      ALL INNER JOIN (SELECT id AS d_id, domain AS d_domain FROM ${t('domains')}) AS d ON x.domain = d.d_domain
      ORDER BY n_host)`);
}

/**
 * Adds the domains, hosts and urls named in a work table on the primary (columns url, host, domain, path,
 * title Nullable) and records changed titles, then copies the new rows to every shard.
 */
export async function ensureNames(ctx: ChContext, names: string): Promise<void> {
  const t = (name: DimensionTable) => ctx.table(name);
  const next = async (table: DimensionTable) => (await maxKey(ctx, ctx.primary, table)) + 1;
  await ensureHostNames(ctx, names);
  await ctx.primary.command(`INSERT INTO ${t('urls')}
    SELECT ${lit(await next('urls'))} + rowNumberInAllBlocks(), n_url, n_host_id, n_path
    FROM (SELECT x.url AS n_url, h.h_id AS n_host_id, x.path AS n_path
      FROM (SELECT url, host, path FROM ${names} WHERE url NOT IN (SELECT url FROM ${t('urls')})) AS x
      ALL INNER JOIN (SELECT id AS h_id, host AS h_host FROM ${t('hosts')}) AS h ON x.host = h.h_host
      ORDER BY n_url)`);
  // A title replaces the stored one only when given and different (versions increase per row).
  await ctx.primary.command(`INSERT INTO ${t('url_titles')}
    SELECT n_url_id, n_title, ${lit(await next('url_titles'))} + rowNumberInAllBlocks()
    FROM (SELECT u.u_id AS n_url_id, x.x_title AS n_title
      FROM (SELECT url, assumeNotNull(title) AS x_title FROM ${names} WHERE title IS NOT NULL) AS x
      ALL INNER JOIN (SELECT id AS u_id, url AS u_url FROM ${t('urls')} WHERE url IN (SELECT url FROM ${names})) AS u
        ON x.url = u.u_url
      WHERE (n_url_id, n_title) NOT IN (SELECT url_id, argMax(title, v) FROM ${t('url_titles')} GROUP BY url_id)
      ORDER BY n_url_id)`);
  await replicateDimensions(ctx, ['domains', 'hosts', 'urls', 'url_titles']);
}
