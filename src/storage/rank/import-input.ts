// Checks of a staged import's inputs (RankImport), shared by every adapter: what the importer hands over is
// already validated by the parsers, but the port does not trust its caller — a bad value refuses the batch
// with a RankInputError before anything is staged. checkedImport puts the checks and the import's
// open/closed state in front of each adapter's stage.
import { normaliseKeyword } from '@core/keyword';
import { MAX_POSITION } from '@core/ctr';
import { RESULT_TYPES } from '@core/result-types';
import type {
  RankImport,
  RankImportCommit,
  RankImportCounts,
  SearchConsoleRowInput,
  StagedKeyword,
  StagedRankRow,
  StagedSerpRows,
  StagedUrl,
} from '../rank-store';
import { checkDate, checkMarket, RankInputError } from './input';

const MAX_TEXT = 2000; // characters, as input.ts
const MAX_INT32 = 2_147_483_647;

function localId(v: number, what: string, row: number): void {
  if (!Number.isSafeInteger(v) || v < 0 || v > MAX_INT32)
    throw new RankInputError(`${what} must be a local id ≥ 0, got ${v}`, row);
}

function text(v: unknown, what: string, row: number, allowEmpty = false): string {
  if (typeof v !== 'string' || (!allowEmpty && v === '') || v.length > MAX_TEXT)
    throw new RankInputError(`${what} must be a string of 1–${MAX_TEXT} characters`, row);
  return v;
}

export function checkStagedUrls(urls: readonly StagedUrl[]): void {
  urls.forEach((u, i) => {
    localId(u.localId, 'url id', i);
    text(u.url, 'url', i);
    text(u.host, 'host', i);
    text(u.domain, 'domain', i);
    if (typeof u.path !== 'string' || !u.path.startsWith('/'))
      throw new RankInputError('path must start with /', i);
    if (u.title !== null) text(u.title, 'title', i, true);
  });
}

export function checkStagedSerpRows(r: StagedSerpRows): void {
  const n = r.count;
  if (!Number.isSafeInteger(n) || n < 0) throw new RankInputError(`row count ${n} is not a count`);
  for (const [name, col] of Object.entries({
    keyword: r.keyword,
    day: r.day,
    position: r.position,
    resultType: r.resultType,
    url: r.url,
    part: r.part,
  })) {
    if (col.length < n) throw new RankInputError(`column ${name} holds fewer than ${n} rows`);
  }
  for (let i = 0; i < n; i++) {
    const p = r.position[i]!;
    if (p < 1 || p > MAX_POSITION)
      throw new RankInputError(`position must be an integer 1–${MAX_POSITION}, got ${p}`, i);
    if (r.resultType[i]! >= RESULT_TYPES.length)
      throw new RankInputError(`unknown result type code ${r.resultType[i]}`, i);
    if (r.keyword[i]! < 0 || r.url[i]! < 0) throw new RankInputError('negative local id', i);
  }
}

export function checkStagedRankRows(rows: readonly StagedRankRow[]): void {
  rows.forEach((r, i) => {
    localId(r.keyword, 'keyword id', i);
    checkDate(String(r.date), i);
    if (r.position !== null) {
      if (!Number.isInteger(r.position) || r.position < 1 || r.position > MAX_POSITION)
        throw new RankInputError(`position must be null or 1–${MAX_POSITION}, got ${r.position}`, i);
      if (r.url === null) throw new RankInputError('a ranked observation needs its URL', i);
    }
    if (r.url !== null) localId(r.url, 'url id', i);
    if (r.host !== null) text(r.host, 'host', i);
  });
}

export function checkSearchConsoleRows(rows: readonly SearchConsoleRowInput[]): void {
  rows.forEach((r, i) => {
    if (r.source !== 'export' && r.source !== 'api')
      throw new RankInputError(`unknown source ${r.source}`, i);
    text(r.dimensions, 'dimensions', i);
    if (r.date !== null) checkDate(r.date, i);
    for (const v of [r.query, r.page, r.country, r.device, r.searchAppearance])
      if (v !== null) text(v, 'dimension value', i, true);
    for (const v of [r.clicks, r.impressions])
      if (!Number.isSafeInteger(v) || v < 0) throw new RankInputError('clicks and impressions are counts', i);
    if (!(r.ctr >= 0 && r.ctr <= 1)) throw new RankInputError(`ctr must be 0–1, got ${r.ctr}`, i);
    if (!(r.position >= 0) || !Number.isFinite(r.position))
      throw new RankInputError(`average position must be ≥ 0, got ${r.position}`, i);
  });
}

/** Checks the commit's keyword dictionary (dense local ids 0…n−1, valid markets and normalised texts). */
export function checkCommit(c: RankImportCommit): void {
  c.keywords.forEach((k: StagedKeyword, i) => {
    if (k.localId !== i) throw new RankInputError(`keyword local ids must be 0…n−1 in order`, i);
    checkMarket(String(k.market));
    const t = text(k.text, 'keyword text', i);
    if (normaliseKeyword(t) !== t) throw new RankInputError('keyword text is not normalised', i);
    if (k.sv !== null && (!Number.isSafeInteger(k.sv) || k.sv < 0 || k.sv > MAX_INT32))
      throw new RankInputError(`search volume must be null or a non-negative integer, got ${k.sv}`, i);
    for (const l of [...k.tags, ...k.groups]) text(l, 'tag or group', i);
  });
  if (c.campaign !== null) {
    localId(c.campaign.id, 'campaign id', 0);
    checkMarket(c.campaign.market);
  }
  if (c.searchConsole !== null) {
    text(c.searchConsole.property, 'Search Console property', 0);
    text(c.searchConsole.searchType, 'Search Console search type', 0);
    text(c.searchConsole.period, 'Search Console period', 0, true);
  }
}

/** What an adapter stages and commits, each batch already checked; `end` drops the staging, once. */
export type ImportStage = Omit<RankImport, 'commit' | 'abort'> & {
  commit(c: RankImportCommit): Promise<RankImportCounts>;
  end(): Promise<void>;
};

/**
 * The port's RankImport over an adapter's stage: every batch is checked before the stage sees it (an empty
 * SERP batch is skipped), no call passes once the import is committed or aborted, and the stage is ended
 * after its commit (whatever the commit did) or on the first abort.
 */
export function checkedImport(stage: ImportStage): RankImport {
  let open = true;
  const live = () => {
    if (!open) throw new Error('this import is already committed or aborted');
  };
  const serpCsv = stage.stageSerpCsv?.bind(stage);
  return {
    async addUrls(urls) {
      live();
      checkStagedUrls(urls);
      await stage.addUrls(urls);
    },
    async addSerpRows(rows) {
      live();
      checkStagedSerpRows(rows);
      if (rows.count > 0) await stage.addSerpRows(rows);
    },
    async addRankRows(rows) {
      live();
      checkStagedRankRows(rows);
      await stage.addRankRows(rows);
    },
    async addSearchConsoleRows(rows) {
      live();
      checkSearchConsoleRows(rows);
      await stage.addSearchConsoleRows(rows);
    },
    ...(serpCsv && {
      stageSerpCsv(file, rules, cap) {
        live();
        return serpCsv(file, rules, cap);
      },
    }),
    async commit(c) {
      live();
      checkCommit(c);
      open = false;
      try {
        return await stage.commit(c);
      } finally {
        await stage.end();
      }
    },
    async abort() {
      if (!open) return;
      open = false;
      await stage.end();
    },
  };
}
