// The commit of a staged ClickHouse import (imports.ts): ONE staged write (atomic.ts) under the write lock.
// Keywords get ids (new ones above the maximum; a volume not given keeps the stored one), names go into the
// dimension tables, staged rows are mapped to ids on the primary shard and copied to the shard that owns
// each market, and the new content of every touched partition is staged: SERP snapshots replaced whole,
// rank-tracker observations merged (only the tracked host's result changes), the rollup, checked-and-empty
// snapshots, Search Console rows by property and the campaign's membership. Publishing swaps them all in;
// before that nothing live has changed, so a failure leaves the store as it was.
import { resultTypeCode } from '@core/result-types';
import type { RankImportCommit, RankImportCounts, StagedKeyword } from '../../rank-store';
import { RankInputError } from '../input';
import { recover, stagedWrite, type StagedWrite } from './atomic';
import { int } from './client';
import { lit } from './escape';
import type { ChContext } from './context';
import { ensureMarkets, ensureNames } from './dims';
import { NO_URL, type ImportTables } from './imports';
import { stageCampaign, stageSearchConsole } from './import-side';
import type { Shard } from './topology';

const ORGANIC = resultTypeCode('organic');
const ROW_COLUMNS = `market_id UInt16, date Date, keyword_id UInt32, position UInt8, result_type UInt8,
  url_id UInt32, host_id UInt32, domain_id UInt32`;
const RANK_COLUMNS = `market_id UInt16, date Date, keyword_id UInt32, host_id UInt32, position UInt8,
  url_id UInt32, domain_id UInt32, ord UInt32`;

export interface KeywordIds {
  id: Int32Array;
  market: Uint16Array;
}

async function count(ctx: ChContext, table: string, where = '1'): Promise<number> {
  return int((await ctx.primary.one(`SELECT count() AS n FROM ${table} WHERE ${where}`)).n);
}

/** Upserts the keyword dictionary per market; returns local id → keyword id and market id. */
async function keywordIds(
  ctx: ChContext,
  write: StagedWrite,
  keywords: readonly StagedKeyword[],
  markets: Map<string, number>,
): Promise<KeywordIds> {
  const out: KeywordIds = { id: new Int32Array(keywords.length), market: new Uint16Array(keywords.length) };
  const byMarket = new Map<number, StagedKeyword[]>();
  for (const k of keywords) {
    const mid = markets.get(k.market)!;
    out.market[k.localId] = mid;
    const list = byMarket.get(mid);
    if (list === undefined) byMarket.set(mid, [k]);
    else list.push(k);
  }
  let next = int((await ctx.entry.one(`SELECT max(id) AS m FROM ${ctx.all('keywords')}`)).m) + 1;
  for (const [mid, list] of [...byMarket].sort((a, b) => a[0] - b[0])) {
    const shard = ctx.shardOf(mid);
    const input = await write.work(shard, `kw_in_${mid}`, 'lid UInt32, text String, sv Nullable(UInt32)');
    await shard.server.insert(
      input,
      list.map((k) => ({ lid: k.localId, text: k.text, sv: k.sv })),
    );
    const existing = await shard.server.rows(
      `SELECT lid, id, sv, s_sv FROM (SELECT id, text, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)}) AS k
       ALL INNER JOIN (SELECT lid, text AS s_text, sv AS s_sv FROM ${input}) AS s ON k.text = s.s_text`,
    );
    const known = new Set<number>();
    let changed = false;
    for (const r of existing) {
      const lid = int(r.lid);
      known.add(lid);
      out.id[lid] = int(r.id);
      if (r.s_sv !== null && (r.sv === null || int(r.sv) !== int(r.s_sv))) changed = true;
    }
    const fresh = list.filter((k) => !known.has(k.localId));
    for (const k of fresh) out.id[k.localId] = next++;
    if (fresh.length === 0 && !changed) continue;
    const stage = await write.stage(shard, 'keywords');
    await shard.server.command(
      `INSERT INTO ${stage}
       SELECT k.market_id, k.id, k.text, if(s.s_hit = 1 AND isNotNull(s.s_sv), s.s_sv, k.sv)
       FROM (SELECT market_id, id, text, sv FROM ${ctx.local('keywords')} WHERE market_id = ${lit(mid)}) AS k
       ANY LEFT JOIN (SELECT text AS s_text, sv AS s_sv, toUInt8(1) AS s_hit FROM ${input}) AS s
         ON k.text = s.s_text`,
    );
    await shard.server.insert(
      stage,
      fresh.map((k) => ({ market_id: mid, id: out.id[k.localId], text: k.text, sv: k.sv })),
    );
    write.replace(shard, 'keywords', lit(mid));
  }
  return out;
}

/** Adds the staged URLs to the dimensions; returns the work table lid → url_id, host_id, domain_id. */
async function urlMap(ctx: ChContext, write: StagedWrite, t: ImportTables): Promise<string> {
  const primary = ctx.topology.primary;
  const names = await write.workAs(
    primary,
    'imp_names',
    `SELECT lid, any(url) AS url, any(host) AS host, any(domain) AS domain, any(path) AS path,
       argMax(title, ord) AS title
     FROM ${t.urls} GROUP BY lid`,
  );
  await ensureNames(ctx, names);
  return write.workAs(
    primary,
    'imp_umap',
    `SELECT n.lid AS lid, u.u_id AS url_id, u.u_host AS host_id, u.u_domain AS domain_id FROM ${names} AS n
     ALL INNER JOIN (SELECT uu.id AS u_id, uu.url AS u_url, uu.host_id AS u_host, hh.h_domain AS u_domain
       FROM (SELECT id, url, host_id FROM ${ctx.table('urls')} WHERE url IN (SELECT url FROM ${names})) AS uu
       ALL INNER JOIN (SELECT id AS h_id, domain_id AS h_domain FROM ${ctx.table('hosts')}) AS hh
         ON uu.host_id = hh.h_id) AS u
     ON n.url = u.u_url`,
  );
}

/** The staged SERP rows with ids, on the primary (a later file's rows win a snapshot both give). */
async function serpRows(
  ctx: ChContext,
  write: StagedWrite,
  t: ImportTables,
  kwmap: string,
  umap: string,
): Promise<{ table: string; rows: number }> {
  const primary = ctx.topology.primary;
  const staged = await count(ctx, t.serp);
  const several = staged > 0 && int((await ctx.primary.one(`SELECT max(part) AS m FROM ${t.serp}`)).m) > 0;
  const source = several
    ? `(SELECT kw, day, position, result_type, url FROM ${t.serp}
        ALL INNER JOIN (SELECT kw, day, max(part) AS keep FROM ${t.serp} GROUP BY kw, day) USING (kw, day)
        WHERE part = keep)`
    : t.serp;
  const kept = several ? int((await ctx.primary.one(`SELECT count() AS n FROM ${source}`)).n) : staged;
  const table = await write.workAs(
    primary,
    'imp_rows',
    `SELECT market_id, CAST(day AS Date) AS date, keyword_id, position, result_type, url_id, host_id, domain_id
     FROM (SELECT lid, day, position, result_type, url, market_id, keyword_id
           FROM (SELECT kw AS lid, day, position, result_type, url FROM ${source})
           ALL INNER JOIN (SELECT lid, market_id, keyword_id FROM ${kwmap}) USING lid)
     ALL INNER JOIN (SELECT lid AS url, url_id, host_id, domain_id FROM ${umap}) USING url`,
  );
  const rows = await count(ctx, table);
  if (rows !== kept)
    throw new RankInputError(`${kept - rows} staged SERP rows name a keyword or URL that was not staged`);
  return { table, rows };
}

/** The staged rank observations with ids, the last per (snapshot, host) and per (snapshot, position). */
async function rankRows(
  ctx: ChContext,
  write: StagedWrite,
  t: ImportTables,
  kwmap: string,
  umap: string,
): Promise<{ table: string; rows: number }> {
  const primary = ctx.topology.primary;
  const staged = await count(ctx, t.rank);
  const raw = await write.workAs(
    primary,
    'imp_rk_raw',
    `SELECT ord, market_id, date, keyword_id, position, url, url_id,
       if(url_id != 0, u_host, h_id) AS host_id, domain_id
     FROM (SELECT ord, market_id, date, keyword_id, position, url, host, url_id, host_id AS u_host, domain_id
           FROM (SELECT ord, market_id, date, keyword_id, position, url, host
                 FROM (SELECT ord, kw AS lid, date, position, url, host FROM ${t.rank})
                 ALL INNER JOIN (SELECT lid, market_id, keyword_id FROM ${kwmap}) USING lid)
           ANY LEFT JOIN (SELECT lid AS url, url_id, host_id, domain_id FROM ${umap}) USING url)
     ANY LEFT JOIN (SELECT host, id AS h_id FROM ${ctx.table('hosts')}) USING host`,
  );
  const joined = await count(ctx, raw);
  const lost = await count(ctx, raw, `url != ${NO_URL} AND url_id = 0`);
  if (joined !== staged || lost > 0)
    throw new RankInputError('staged rank observations name a keyword or URL that was not staged');
  const last = await write.workAs(
    primary,
    'imp_rk_last',
    `SELECT market_id, date, keyword_id, host_id, argMax(position, ord) AS position,
       argMax(url_id, ord) AS url_id, argMax(domain_id, ord) AS domain_id, max(ord) AS last_ord
     FROM ${raw} GROUP BY market_id, date, keyword_id, host_id`,
  );
  const table = await write.workAs(
    primary,
    'imp_rk',
    `SELECT market_id, date, keyword_id, host_id, position, url_id, domain_id, last_ord AS ord FROM ${last}
     WHERE position = 0 OR last_ord IN (SELECT max(last_ord) FROM ${last} WHERE position > 0
                                        GROUP BY market_id, date, keyword_id, position)`,
  );
  return { table, rows: await count(ctx, table) };
}

/** A copy of the rows of the shard's markets in a work table on the shard (the primary's own table there). */
async function onShard(
  ctx: ChContext,
  write: StagedWrite,
  shard: Shard,
  table: string,
  suffix: string,
  columns: string,
  markets: readonly number[],
): Promise<string> {
  if (shard.server === ctx.primary) return table;
  const copy = await write.work(shard, suffix, columns);
  const body = await ctx.primary.tsv(
    `SELECT * FROM ${table} WHERE market_id IN (${markets.map(lit).join(', ')})`,
  );
  await shard.server.insertTsv(copy, body);
  return copy;
}

/** Stages the new content of the shard's touched partitions: results, rollup, empty snapshots. */
async function stageShard(
  ctx: ChContext,
  write: StagedWrite,
  shard: Shard,
  rowsTable: string,
  rkTable: string,
  partitions: Map<number, string[]>,
): Promise<void> {
  const markets = [...partitions.keys()].sort((a, b) => a - b);
  const rows = await onShard(ctx, write, shard, rowsTable, `imp_rows_${shard.num}`, ROW_COLUMNS, markets);
  const rk = await onShard(ctx, write, shard, rkTable, `imp_rk_${shard.num}`, RANK_COLUMNS, markets);
  const stage = await write.stage(shard, 'serp_results');
  const run = (sql: string) => shard.server.command(sql);
  for (const mid of markets) {
    const dates = partitions.get(mid)!;
    for (const date of dates) {
      const where = `market_id = ${lit(mid)} AND date = ${lit(date)}`;
      const notRanked = `(keyword_id, host_id) NOT IN (SELECT keyword_id, host_id FROM ${rk} WHERE ${where} AND host_id != 0)
        AND (keyword_id, position) NOT IN (SELECT keyword_id, position FROM ${rk} WHERE ${where} AND position > 0)`;
      await run(`INSERT INTO ${stage} SELECT * FROM ${ctx.local('serp_results')}
        WHERE ${where} AND keyword_id NOT IN (SELECT keyword_id FROM ${rows} WHERE ${where}) AND ${notRanked}`);
      await run(`INSERT INTO ${stage}
        SELECT market_id, date, keyword_id, position, result_type, url_id, host_id, domain_id FROM ${rows}
        WHERE ${where} AND ${notRanked}`);
      await run(`INSERT INTO ${stage}
        SELECT market_id, date, keyword_id, position, ${ORGANIC}, url_id, host_id, domain_id FROM ${rk}
        WHERE ${where} AND position > 0`);
      write.replace(shard, 'serp_results', `(${lit(mid)}, ${lit(date)})`);
    }
    const snapshots = await write.stage(shard, 'serp_snapshots');
    await run(`INSERT INTO ${snapshots} SELECT * FROM ${ctx.local('serp_snapshots')}
      WHERE market_id = ${lit(mid)} AND date NOT IN (${dates.map(lit).join(', ')})`);
    await run(`INSERT INTO ${snapshots} SELECT market_id, date, uniqExact(keyword_id), count()
      FROM ${stage} WHERE market_id = ${lit(mid)} GROUP BY market_id, date`);
    write.replace(shard, 'serp_snapshots', lit(mid));

    const m = `market_id = ${lit(mid)}`;
    const liveEmpty = int(
      (await shard.server.one(`SELECT count() AS n FROM ${ctx.local('empty_snapshots')} WHERE ${m}`)).n,
    );
    const rankHere = int((await shard.server.one(`SELECT count() AS n FROM ${rk} WHERE ${m}`)).n);
    if (liveEmpty === 0 && rankHere === 0) continue;
    const empty = await write.stage(shard, 'empty_snapshots');
    await run(`INSERT INTO ${empty} SELECT * FROM ${ctx.local('empty_snapshots')} WHERE ${m}
      AND (date, keyword_id) NOT IN (SELECT date, keyword_id FROM ${rows} WHERE ${m})
      AND (date, keyword_id) NOT IN (SELECT date, keyword_id FROM ${rk} WHERE ${m} AND position > 0)`);
    await run(`INSERT INTO ${empty} SELECT DISTINCT market_id, date, keyword_id FROM ${rk} WHERE ${m}
      AND (date, keyword_id) NOT IN (SELECT date, keyword_id FROM ${stage} WHERE ${m})
      AND (date, keyword_id) NOT IN (SELECT date, keyword_id FROM ${ctx.local('empty_snapshots')} WHERE ${m})`);
    write.replace(shard, 'empty_snapshots', lit(mid));
  }
}

export async function commitImport(
  ctx: ChContext,
  t: ImportTables,
  c: RankImportCommit,
): Promise<RankImportCounts> {
  return ctx.exclusive(async () => {
    await recover(ctx);
    const markets = await ensureMarkets(
      ctx,
      c.keywords.map((k) => k.market),
    );
    return stagedWrite(ctx, async (write) => {
      const primary = ctx.topology.primary;
      const ids = await keywordIds(ctx, write, c.keywords, markets);
      const kwmap = await write.work(primary, 'imp_kwmap', 'lid UInt32, market_id UInt16, keyword_id UInt32');
      await ctx.primary.insert(
        kwmap,
        c.keywords.map((k) => ({
          lid: k.localId,
          market_id: ids.market[k.localId],
          keyword_id: ids.id[k.localId],
        })),
      );
      const umap = await urlMap(ctx, write, t);
      const serp = await serpRows(ctx, write, t, kwmap, umap);
      const rank = await rankRows(ctx, write, t, kwmap, umap);
      const touched = await ctx.primary.rows(
        `SELECT DISTINCT market_id, toString(date) AS d FROM
           (SELECT market_id, date FROM ${serp.table} UNION ALL SELECT market_id, date FROM ${rank.table})
         ORDER BY market_id, d`,
      );
      const byShard = new Map<number, { shard: Shard; partitions: Map<number, string[]> }>();
      for (const r of touched) {
        const mid = int(r.market_id);
        const shard = ctx.shardOf(mid);
        const slot = byShard.get(shard.num) ?? { shard, partitions: new Map<number, string[]>() };
        slot.partitions.set(mid, [...(slot.partitions.get(mid) ?? []), String(r.d)]);
        byShard.set(shard.num, slot);
      }
      for (const { shard, partitions } of byShard.values())
        await stageShard(ctx, write, shard, serp.table, rank.table, partitions);

      const gscStaged = await count(ctx, t.gsc);
      if (gscStaged > 0 && c.searchConsole === null)
        throw new RankInputError('Search Console rows were staged but the commit names no property');
      const searchConsoleRows = gscStaged > 0 ? await stageSearchConsole(ctx, write, t, c.searchConsole!) : 0;
      const campaignKeywords = c.campaign === null ? 0 : await stageCampaign(ctx, write, c, ids, markets);
      const snapshots = int(
        (
          await ctx.primary.one(
            `SELECT count() AS n FROM (SELECT DISTINCT market_id, date, keyword_id FROM
               (SELECT market_id, date, keyword_id FROM ${serp.table}
                UNION ALL SELECT market_id, date, keyword_id FROM ${rank.table}))`,
          )
        ).n,
      );
      const ranked = await count(ctx, rank.table, 'position > 0');
      return {
        keywords: c.keywords.length,
        serpResults: serp.rows + ranked,
        snapshots,
        rankObservations: rank.rows,
        searchConsoleRows,
        campaignKeywords,
      };
    });
  });
}
