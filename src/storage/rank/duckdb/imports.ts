// Staged imports on DuckDB (RankImport): while a file is parsed its rows go into temporary tables of this
// connection (`imp<n>_*`, invisible to readers and gone if the process dies), as integer columns appended
// in 2,048-row data chunks; commit() then merges everything in ONE transaction (import-commit.ts), so an
// import is wholly visible or not at all. Dates are staged as day numbers and URLs and keywords as the
// importer's local ids, so the staging tables stay small and the per-row cost stays a few typed-array writes.
// While an import is open DuckDB runs with a lower memory limit (and one thread while rows are appended), so
// big files spill to disk instead of growing the process. A generic SERP CSV on disk may instead be staged
// whole by stageSerpCsv (import-csv.ts: read_csv on every thread), before the same commit.
import {
  BOOLEAN,
  DuckDBDataChunk,
  INTEGER,
  VARCHAR,
  USMALLINT,
  UTINYINT,
  type DuckDBType,
  type DuckDBVector,
} from '@duckdb/node-api';
import type { RankImport, StagedUrl } from '../../rank-store';
import { checkedImport } from '../import-input';
import type { SerpCsvFile, SerpCsvRules } from '../serp-csv-stage';
import type { DuckDb, Session } from './db';
import { commitImport } from './import-commit';
import { stageSerpCsv } from './import-csv';

/**
 * DuckDB's memory limit while an import commits (bytes): the commit's sorts beyond it spill to the
 * database's temp folder. The id index of the new URLs stays in memory until the commit ends (a 2 GB file
 * has a million URLs), so the limit leaves the sorts room beside them; the importer's own dictionaries are
 * freed before the commit starts (run-import.ts), which keeps the whole process under 1 GB (`npm run bench
 * -- import-2gb`). Only ever lowers the limit; the limit and thread count in force before are put back when
 * the import commits or aborts.
 */
export const IMPORT_MEMORY_LIMIT = 384 * 1024 * 1024;
/**
 * The lower limit while rows are staged, on one worker thread: staging only appends, and the parser's
 * dictionaries are live.
 */
export const STAGING_MEMORY_LIMIT = 128 * 1024 * 1024;
/**
 * The limit while a whole CSV file is staged by read_csv (import-csv.ts): its text cells, dictionaries and
 * joins spill to the temp folder beyond it (a 2 GB file's cells are several GB), which keeps the process
 * under 1 GB with read_csv's own buffers on top (`npm run bench -- import-2gb`).
 */
export const CSV_STAGING_MEMORY_LIMIT = 256 * 1024 * 1024;
const UNITS: Record<string, number> = { bytes: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 };

/** Bytes of a DuckDB memory setting as it prints it (`18.7 GiB`); Infinity when not in that form. */
function settingBytes(value: string): number {
  const m = /^([\d.]+)\s*(bytes|KiB|MiB|GiB|TiB)$/u.exec(value.trim());
  return m ? Number(m[1]) * UNITS[m[2]!]! : Infinity;
}

/** The import's settings: what puts the previous ones back (null: nothing changed), and the thread count. */
interface Narrowed {
  restore: ((s: Session) => Promise<void>) | null;
  threads: number;
}

/** Applies the import's limits; returns what puts the previous settings back. */
async function narrowForImport(s: Session): Promise<Narrowed> {
  const row = await s.one(`SELECT current_setting('memory_limit') AS m, current_setting('threads') AS t`);
  const memory = String(row.m);
  const threads = Number(row.t);
  if (settingBytes(memory) <= IMPORT_MEMORY_LIMIT) return { restore: null, threads };
  await s.run(`SET memory_limit = '${STAGING_MEMORY_LIMIT / 1024 / 1024}MiB'`);
  await s.run('SET threads = 1');
  const restore = async (x: Session) => {
    await x.run(`SET threads = ${threads}`);
    // DuckDB prints the limit rounded (`18.8 GiB`): RESET restores its default exactly; a limit the store
    // was opened with is set back from the printed value.
    await x.run('RESET memory_limit');
    const now = String((await x.one(`SELECT current_setting('memory_limit') AS m`)).m);
    if (now !== memory) await x.run(`SET memory_limit = '${memory}'`);
  };
  return { restore, threads };
}

/** Rows per data chunk: DuckDB's vector size. */
const CHUNK_ROWS = 2048;
const SERP_TYPES: DuckDBType[] = [INTEGER, INTEGER, UTINYINT, UTINYINT, INTEGER, USMALLINT];
/** Columns of the staged URL table (createStage). */
const URL_TYPES: DuckDBType[] = [INTEGER, INTEGER, BOOLEAN, VARCHAR, INTEGER, VARCHAR, VARCHAR];
let sequence = 0;

/** Names of one import's temporary tables: staged input, then the commit's work tables. */
export interface StageNames {
  urls: string;
  hosts: string;
  hostMap: string;
  serp: string;
  rank: string;
  gsc: string;
  keywords: string;
  labels: string;
  keywordMap: string;
  urlDict: string;
  urlMap: string;
  keys: string;
  rankRows: string;
  gscRows: string;
  ranges: string;
}

function stageNames(n: number): StageNames {
  const name = (suffix: string) => `imp${n}_${suffix}`;
  return {
    urls: name('urls'),
    hosts: name('hosts'),
    hostMap: name('hmap'),
    serp: name('serp'),
    rank: name('rank'),
    gsc: name('gsc'),
    keywords: name('kw'),
    labels: name('labels'),
    keywordMap: name('kwmap'),
    urlDict: name('udict'),
    urlMap: name('umap'),
    keys: name('keys'),
    rankRows: name('rk'),
    gscRows: name('g'),
    ranges: name('ranges'),
  };
}

type NumberColumn = Int32Array | Uint8Array | Uint16Array;

/**
 * Writes `values[from, from + n)` into a fresh chunk's vector. The integer vectors of @duckdb/node-api keep
 * their items in a typed array of the column's own type, which flush() copies to DuckDB: filling it with one
 * `set` is about 30 times cheaper than a checked setItem per value (the staged values are in range by
 * construction: checkStagedSerpRows). Any other vector shape takes setItem.
 */
function setColumn(vector: DuckDBVector, values: NumberColumn, from: number, n: number): void {
  const items = (vector as unknown as { items?: unknown }).items;
  if (items instanceof values.constructor && (items as NumberColumn).length >= n) {
    (items as NumberColumn).set(values.subarray(from, from + n));
  } else {
    const v = vector as DuckDBVector<number>;
    for (let i = 0; i < n; i++) v.setItem(i, values[from + i]!);
  }
  vector.flush();
}

async function createStage(s: Session, t: StageNames): Promise<void> {
  // first: the row is the first given for its lid (later rows of a lid only bring a newer title). A URL's
  // host and domain are staged once per host (hlid: the host's number in this import), not once per URL.
  await s.run(`CREATE TEMP TABLE ${t.urls} (ord INTEGER, lid INTEGER, first BOOLEAN, url VARCHAR, hlid INTEGER,
    path VARCHAR, title VARCHAR)`);
  await s.run(`CREATE TEMP TABLE ${t.hosts} (hlid INTEGER, host VARCHAR, domain VARCHAR)`);
  // day: days since 1970-01-01; part: the import's file number (later files win a shared snapshot).
  await s.run(`CREATE TEMP TABLE ${t.serp} (kw INTEGER, day INTEGER, position UTINYINT,
    result_type UTINYINT, url INTEGER, part USMALLINT)`);
  await s.run(`CREATE TEMP TABLE ${t.rank} (ord INTEGER, kw INTEGER, date VARCHAR, position UTINYINT,
    url INTEGER, host VARCHAR)`);
  await s.run(`CREATE TEMP TABLE ${t.gsc} (ord INTEGER, source VARCHAR, dimensions VARCHAR, date VARCHAR,
    query VARCHAR, page VARCHAR, country VARCHAR, device VARCHAR, search_appearance VARCHAR,
    clicks BIGINT, impressions BIGINT, ctr DOUBLE, position DOUBLE)`);
}

async function dropStage(s: Session, t: StageNames): Promise<void> {
  for (const name of Object.values(t)) await s.run(`DROP TABLE IF EXISTS ${name}`);
}

export async function beginImport(db: DuckDb): Promise<RankImport> {
  const n = ++sequence;
  const t = stageNames(n);
  const { restore, threads } = await db.exclusive(async (s) => {
    const before = await narrowForImport(s);
    await createStage(s, t);
    return before;
  });
  let ord = 0;
  let seen = new Uint8Array(65_536);
  const hostIds = new Map<string, number>();

  return checkedImport({
    async addUrls(urls) {
      const newHosts: StagedUrl[] = [];
      const hlid = (u: StagedUrl) => {
        let id = hostIds.get(u.host);
        if (id === undefined) {
          id = hostIds.size;
          hostIds.set(u.host, id);
          newHosts.push(u);
        }
        return id;
      };
      const n = urls.length;
      const ords = new Int32Array(n);
      const lids = new Int32Array(n);
      const hlids = new Int32Array(n);
      const firsts = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const u = urls[i]!;
        if (u.localId >= seen.length) {
          const wider = new Uint8Array(Math.max(u.localId + 1, seen.length * 2));
          wider.set(seen);
          seen = wider;
        }
        ords[i] = ord++;
        lids[i] = u.localId;
        firsts[i] = seen[u.localId] === 0 ? 1 : 0;
        seen[u.localId] = 1;
        hlids[i] = hlid(u);
      }
      await db.exclusive(async (s) => {
        // Whole data chunks: integer columns are copied in one go, each string is one call (a row-wise
        // appender makes eight calls a URL).
        await s.append(t.urls, (a) => {
          for (let from = 0; from < n; from += CHUNK_ROWS) {
            const size = Math.min(CHUNK_ROWS, n - from);
            const chunk = DuckDBDataChunk.create(URL_TYPES, size);
            chunk.rowCount = size;
            setColumn(chunk.getColumnVector(0), ords, from, size);
            setColumn(chunk.getColumnVector(1), lids, from, size);
            const first = chunk.getColumnVector(2) as DuckDBVector<boolean>;
            const url = chunk.getColumnVector(3) as DuckDBVector<string | null>;
            const path = chunk.getColumnVector(5) as DuckDBVector<string | null>;
            const title = chunk.getColumnVector(6) as DuckDBVector<string | null>;
            for (let i = 0; i < size; i++) {
              const u = urls[from + i]!;
              first.setItem(i, firsts[from + i] === 1);
              url.setItem(i, u.url);
              path.setItem(i, u.path);
              title.setItem(i, u.title);
            }
            first.flush();
            url.flush();
            path.flush();
            title.flush();
            setColumn(chunk.getColumnVector(4), hlids, from, size);
            a.appendDataChunk(chunk);
          }
        });
        if (newHosts.length === 0) return;
        await s.append(t.hosts, (a) => {
          for (const u of newHosts) {
            a.appendInteger(hostIds.get(u.host)!);
            a.appendVarchar(u.host);
            a.appendVarchar(u.domain);
            a.endRow();
          }
        });
      });
    },

    async addSerpRows(rows) {
      await db.exclusive((s) =>
        s.append(t.serp, (a) => {
          const chunk = DuckDBDataChunk.create(SERP_TYPES);
          for (let from = 0; from < rows.count; from += CHUNK_ROWS) {
            const size = Math.min(CHUNK_ROWS, rows.count - from);
            chunk.rowCount = size;
            setColumn(chunk.getColumnVector(0), rows.keyword, from, size);
            setColumn(chunk.getColumnVector(1), rows.day, from, size);
            setColumn(chunk.getColumnVector(2), rows.position, from, size);
            setColumn(chunk.getColumnVector(3), rows.resultType, from, size);
            setColumn(chunk.getColumnVector(4), rows.url, from, size);
            setColumn(chunk.getColumnVector(5), rows.part, from, size);
            a.appendDataChunk(chunk);
          }
        }),
      );
    },

    async addRankRows(rows) {
      await db.exclusive((s) =>
        s.append(t.rank, (a) => {
          for (const r of rows) {
            a.appendInteger(ord++);
            a.appendInteger(r.keyword);
            a.appendVarchar(r.date);
            if (r.position === null) a.appendNull();
            else a.appendUTinyInt(r.position);
            if (r.url === null) a.appendNull();
            else a.appendInteger(r.url);
            if (r.host === null) a.appendNull();
            else a.appendVarchar(r.host);
            a.endRow();
          }
        }),
      );
    },

    async addSearchConsoleRows(rows) {
      const text = (a: { appendNull(): void; appendVarchar(v: string): void }, v: string | null) => {
        if (v === null) a.appendNull();
        else a.appendVarchar(v);
      };
      await db.exclusive((s) =>
        s.append(t.gsc, (a) => {
          for (const r of rows) {
            a.appendInteger(ord++);
            a.appendVarchar(r.source);
            a.appendVarchar(r.dimensions);
            text(a, r.date);
            text(a, r.query);
            text(a, r.page);
            text(a, r.country);
            text(a, r.device);
            text(a, r.searchAppearance);
            a.appendBigInt(BigInt(r.clicks));
            a.appendBigInt(BigInt(r.impressions));
            a.appendDouble(r.ctr);
            a.appendDouble(r.position);
            a.endRow();
          }
        }),
      );
    },

    async stageSerpCsv<C extends string>(file: SerpCsvFile, rules: SerpCsvRules<C>, cap: number) {
      if (ord > 0 || hostIds.size > 0) throw new Error('a SERP CSV is staged only on a fresh import');
      ord = 1;
      return db.exclusive(async (s) => {
        // read_csv and the joins run on every thread, and spill beyond their limit.
        if (restore !== null) {
          await s.run(`SET memory_limit = '${CSV_STAGING_MEMORY_LIMIT / 1024 / 1024}MiB'`);
          await s.run(`SET threads = ${threads}`);
        }
        try {
          return await stageSerpCsv(s, t, file, rules, cap);
        } finally {
          if (restore !== null) {
            await s.run('SET threads = 1');
            await s.run(`SET memory_limit = '${STAGING_MEMORY_LIMIT / 1024 / 1024}MiB'`);
          }
        }
      });
    },

    async commit(c) {
      if (restore !== null) {
        // The commit's joins and sorts run on every thread, within the limit (spilling beyond it).
        await db.exclusive(async (s) => {
          await s.run(`SET memory_limit = '${IMPORT_MEMORY_LIMIT / 1024 / 1024}MiB'`);
          await s.run(`SET threads = ${threads}`);
        });
      }
      return db.transaction((s) => commitImport(s, t, c));
    },

    end: () =>
      db.exclusive(async (s) => {
        await dropStage(s, t);
        await restore?.(s);
      }),
  });
}
