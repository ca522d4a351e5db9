// Staged imports on ClickHouse (RankImport). While a file is parsed, its rows go into Memory tables on the
// primary shard (`import_w<id>_*`: invisible to readers, lost with the server or dropped by the next import
// of this process if it died); SERP rows travel as TabSeparated integer columns. commit() then publishes
// everything in ONE staged write (atomic.ts, import-commit.ts): readers see the import whole or not at all.
// Import tables are not named `stage_…`, because recovery before other writes drops those.
import { Readable } from 'node:stream';
import type { RankImport } from '../../rank-store';
import { checkedImport } from '../import-input';
import { lit } from './escape';
import type { ChContext } from './context';
import { commitImport } from './import-commit';

export const IMPORT_PREFIX = 'import_w';
/** The staged url id of a rank observation without a URL. */
export const NO_URL = 4_294_967_295;

/** Import tables of this process that are still in use (a leftover of a dead process is not among them). */
const active = new Set<string>();

export interface ImportTables {
  prefix: string;
  urls: string;
  serp: string;
  rank: string;
  gsc: string;
  /** A further work table of this import (quoted). */
  work(suffix: string): string;
}

async function dropLeftovers(ctx: ChContext): Promise<void> {
  const rows = await ctx.primary.rows(
    `SELECT name FROM system.tables WHERE database = ${lit(ctx.database)} AND startsWith(name, ${lit(IMPORT_PREFIX)})`,
  );
  for (const r of rows) {
    const name = String(r.name);
    if (![...active].some((p) => name.startsWith(p)))
      await ctx.primary.command(`DROP TABLE IF EXISTS ${ctx.table(name)}`);
  }
}

export async function dropImportTables(ctx: ChContext, prefix: string): Promise<void> {
  const rows = await ctx.primary.rows(
    `SELECT name FROM system.tables WHERE database = ${lit(ctx.database)} AND startsWith(name, ${lit(prefix)})`,
  );
  for (const r of rows) await ctx.primary.command(`DROP TABLE IF EXISTS ${ctx.table(String(r.name))}`);
}

export async function beginImport(ctx: ChContext): Promise<RankImport> {
  await dropLeftovers(ctx);
  const prefix = `${IMPORT_PREFIX}${ctx.nextWriteId()}_`;
  active.add(prefix);
  const t: ImportTables = {
    prefix,
    urls: ctx.table(`${prefix}urls`),
    serp: ctx.table(`${prefix}serp`),
    rank: ctx.table(`${prefix}rank`),
    gsc: ctx.table(`${prefix}gsc`),
    work: (suffix) => ctx.table(`${prefix}${suffix}`),
  };
  const p = ctx.primary;
  await p.command(`CREATE TABLE ${t.urls} (ord UInt32, lid UInt32, url String, host String, domain String,
    path String, title Nullable(String)) ENGINE = Memory`);
  // day: days since 1970-01-01; part: the import's file number (later files win a shared snapshot).
  await p.command(`CREATE TABLE ${t.serp} (kw UInt32, day UInt16, position UInt8, result_type UInt8,
    url UInt32, part UInt16) ENGINE = Memory`);
  // Old servers join on no Nullable key: "none" is position 0, url NO_URL and host ''.
  await p.command(`CREATE TABLE ${t.rank} (ord UInt32, kw UInt32, date Date, position UInt8, url UInt32,
    host String) ENGINE = Memory`);
  await p.command(`CREATE TABLE ${t.gsc} (ord UInt32, source String, dimensions String, date Nullable(Date),
    query Nullable(String), page Nullable(String), country Nullable(String), device Nullable(String),
    search_appearance Nullable(String), clicks UInt64, impressions UInt64, ctr Float64, position Float64)
    ENGINE = Memory`);
  let ord = 0;
  return checkedImport({
    async addUrls(urls) {
      await p.insert(
        t.urls,
        urls.map((u) => ({
          ord: ord++,
          lid: u.localId,
          url: u.url,
          host: u.host,
          domain: u.domain,
          path: u.path,
          title: u.title,
        })),
      );
    },

    async addSerpRows(rows) {
      const lines: string[] = [];
      for (let i = 0; i < rows.count; i++) {
        lines.push(
          `${rows.keyword[i]}\t${rows.day[i]}\t${rows.position[i]}\t${rows.resultType[i]}\t${rows.url[i]}\t${rows.part[i]}\n`,
        );
      }
      await p.insertTsv(t.serp, Readable.from([lines.join('')]));
    },

    async addRankRows(rows) {
      await p.insert(
        t.rank,
        rows.map((r) => ({
          ord: ord++,
          kw: r.keyword,
          date: r.date,
          position: r.position ?? 0,
          url: r.url ?? NO_URL,
          host: r.host ?? '',
        })),
      );
    },

    async addSearchConsoleRows(rows) {
      await p.insert(
        t.gsc,
        rows.map((r) => ({
          ord: ord++,
          source: r.source,
          dimensions: r.dimensions,
          date: r.date,
          query: r.query,
          page: r.page,
          country: r.country,
          device: r.device,
          search_appearance: r.searchAppearance,
          clicks: r.clicks,
          impressions: r.impressions,
          ctr: r.ctr,
          position: r.position,
        })),
      );
    },

    commit: (c) => commitImport(ctx, t, c),

    async end() {
      try {
        await dropImportTables(ctx, prefix);
      } finally {
        active.delete(prefix);
      }
    },
  });
}
