// Staged imports on DuckDB (RankImport): while a file is parsed its rows go into temporary tables of this
// connection (`imp<n>_*`, invisible to readers and gone if the process dies), as integer columns appended
// in 2,048-row data chunks; commit() then merges everything in ONE transaction (import-commit.ts), so an
// import is wholly visible or not at all. Dates are staged as day numbers and URLs and keywords as the
// importer's local ids, so the staging tables stay small and the per-row cost stays a few typed-array writes.
import {
  DuckDBDataChunk,
  INTEGER,
  USMALLINT,
  UTINYINT,
  type DuckDBType,
  type DuckDBVector,
} from '@duckdb/node-api';
import type {
  RankImport,
  RankImportCommit,
  RankImportCounts,
  SearchConsoleRowInput,
  StagedRankRow,
  StagedSerpRows,
  StagedUrl,
} from '../../rank-store';
import {
  checkCommit,
  checkSearchConsoleRows,
  checkStagedRankRows,
  checkStagedSerpRows,
  checkStagedUrls,
} from '../import-input';
import type { DuckDb, Session } from './db';
import { commitImport } from './import-commit';

/** Rows per data chunk: DuckDB's vector size. */
const CHUNK_ROWS = 2048;
const SERP_TYPES: DuckDBType[] = [INTEGER, INTEGER, UTINYINT, UTINYINT, INTEGER, USMALLINT];
let sequence = 0;

/** Names of one import's temporary tables: staged input, then the commit's work tables. */
export interface StageNames {
  urls: string;
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
}

function stageNames(n: number): StageNames {
  const name = (suffix: string) => `imp${n}_${suffix}`;
  return {
    urls: name('urls'),
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
  };
}

function setColumn(vector: DuckDBVector, values: ArrayLike<number>, from: number, n: number): void {
  const v = vector as DuckDBVector<number>;
  for (let i = 0; i < n; i++) v.setItem(i, values[from + i]!);
  v.flush();
}

async function createStage(s: Session, t: StageNames): Promise<void> {
  await s.run(`CREATE TEMP TABLE ${t.urls} (ord INTEGER, lid INTEGER, url VARCHAR, host VARCHAR,
    domain VARCHAR, path VARCHAR, title VARCHAR)`);
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
  await db.exclusive((s) => createStage(s, t));
  let ord = 0;
  let open = true;
  const live = () => {
    if (!open) throw new Error('this import is already committed or aborted');
  };

  return {
    async addUrls(urls: readonly StagedUrl[]) {
      live();
      checkStagedUrls(urls);
      await db.exclusive((s) =>
        s.append(t.urls, (a) => {
          for (const u of urls) {
            a.appendInteger(ord++);
            a.appendInteger(u.localId);
            a.appendVarchar(u.url);
            a.appendVarchar(u.host);
            a.appendVarchar(u.domain);
            a.appendVarchar(u.path);
            if (u.title === null) a.appendNull();
            else a.appendVarchar(u.title);
            a.endRow();
          }
        }),
      );
    },

    async addSerpRows(rows: StagedSerpRows) {
      live();
      checkStagedSerpRows(rows);
      if (rows.count === 0) return;
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

    async addRankRows(rows: readonly StagedRankRow[]) {
      live();
      checkStagedRankRows(rows);
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

    async addSearchConsoleRows(rows: readonly SearchConsoleRowInput[]) {
      live();
      checkSearchConsoleRows(rows);
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

    async commit(c: RankImportCommit): Promise<RankImportCounts> {
      live();
      checkCommit(c);
      open = false;
      try {
        return await db.transaction((s) => commitImport(s, t, c));
      } finally {
        await db.exclusive((s) => dropStage(s, t));
      }
    },

    async abort() {
      if (!open) return;
      open = false;
      await db.exclusive((s) => dropStage(s, t));
    },
  };
}
